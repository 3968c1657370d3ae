"""Haystack integration: a converter component that turns files into dan chunks.

Needs ``haystack-ai`` (the ``haystack`` extra)::

    from haystack import Pipeline
    from dan.integrations.haystack import DanConverter

    pipe = Pipeline()
    pipe.add_component("convert", DanConverter(max_tokens=512))
    docs = pipe.run({"convert": {"sources": ["contract.docx"]}})["convert"]["documents"]

One Haystack ``Document`` per chunk: ``content`` is the chunk (its citation header first),
``meta`` dan's flat record (plus ``source``, and the ``meta`` passed to ``run``), ``id``
``"{ssDocId}:{ssSeq}"``. Search results are expanded with ven through
:func:`dan.integrations.context.expand_hits` (``(doc.content, doc.meta)`` pairs).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dan.converter import convert
from dan.errors import IntegrationError, MissingDependencyError
from dan.install import install_hint
from dan.integrations.sources import source_paths

try:
    from haystack import Document, component
except ImportError as _exc:  # pragma: no cover - exercised only without haystack-ai
    raise MissingDependencyError(
        f"dan.integrations.haystack needs haystack-ai: {install_hint('haystack')} "
        "(or pip install haystack-ai)"
    ) from _exc

__all__ = ["DanConverter"]


@component
class DanConverter:
    """A Haystack component: ``run(sources, meta=None)`` → ``{"documents": [...]}``, one
    ``Document`` per dan chunk. ``sources`` are paths (a directory stands for every file
    with a supported extension under it, a glob pattern for its matches); ``meta`` is a
    dict added to every document, or a list with one dict per source. ``convert_kwargs`` are
    :func:`dan.convert` options (``max_tokens``, ``user_meta``, ``join_sections``...)."""

    def __init__(self, *, source_key: str | None = "source", **convert_kwargs: Any) -> None:
        self.source_key = source_key
        self.convert_kwargs = dict(convert_kwargs)

    @component.output_types(documents=list[Document])  # type: ignore[untyped-decorator, unused-ignore]
    def run(
        self,
        sources: list[str | Path],
        meta: dict[str, Any] | list[dict[str, Any]] | None = None,
    ) -> dict[str, list[Document]]:
        if isinstance(meta, list) and len(meta) != len(sources):
            raise IntegrationError(
                f"meta is a list of {len(meta)} dicts for {len(sources)} sources: "
                "give one per source"
            )
        out: list[Document] = []
        for k, source in enumerate(sources):
            extra = meta[k] if isinstance(meta, list) else (meta or {})
            for path in source_paths(source, "DanConverter"):
                res = convert(path, **self.convert_kwargs)
                base = {**extra, **({self.source_key: path} if self.source_key else {})}
                for text, record in res:
                    out.append(
                        Document(
                            id=f"{res.doc_id}:{record['ssSeq']}",
                            content=text,
                            meta={**base, **record},
                        )
                    )
        return {"documents": out}
