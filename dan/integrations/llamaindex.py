"""LlamaIndex integration: dan chunks as ``TextNode``\\ s, and search results expanded with ven.

Needs ``llama-index-core`` (the ``llamaindex`` extra)::

    from dan.integrations.llamaindex import DanReader, expand_nodes

    nodes = DanReader(max_tokens=512).load_data(["contract.docx", "prices.html"])
    index = VectorStoreIndex(nodes)                  # node ids are "{ssDocId}:{ssSeq}"
    hits = index.as_retriever(similarity_top_k=4).retrieve("late payment fee")
    context = expand_nodes(hits, {res.doc_id: res for res in results}, budget=1500)

* :class:`DanReader`: a ``BaseReader`` converting files with dan; one ``TextNode`` per
  chunk, dan's record as metadata (plus ``source``), id ``"{ssDocId}:{ssSeq}"``, linked to
  its document and its neighbours.
* :class:`DanNodeParser`: a ``NodeParser`` for documents already loaded as text.
* :func:`expand_nodes`: retrieved nodes → the expanded context, as ``TextNode``\\ s.

LlamaIndex puts every metadata key in front of the text it embeds and sends to the model
unless told otherwise: a 168-token dan chunk became 428 tokens. dan's chunk already starts
with its citation header, so every node excludes all its metadata keys from both
(``excluded_embed_metadata_keys`` / ``excluded_llm_metadata_keys``): the text LlamaIndex
embeds and sends is the chunk, within ``max_tokens``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from dan.converter import DanResult, convert, convert_string
from dan.errors import MissingDependencyError
from dan.install import install_hint
from dan.integrations.context import DocumentSource, expand_hits
from dan.integrations.sources import source_paths
from ven.schema import DOC_ID, SEQ

try:
    from llama_index.core.node_parser import NodeParser
    from llama_index.core.readers.base import BaseReader
    from llama_index.core.schema import (
        BaseNode,
        NodeRelationship,
        NodeWithScore,
        RelatedNodeInfo,
        TextNode,
    )
except ImportError as _exc:  # pragma: no cover - exercised only without llama-index-core
    raise MissingDependencyError(
        f"dan.integrations.llamaindex needs llama-index-core: {install_hint('llamaindex')} "
        "(or pip install llama-index-core)"
    ) from _exc

__all__ = ["DanNodeParser", "DanReader", "expand_nodes", "nodes_of"]


def _node_id(doc_id: str, seq: int) -> str:
    return f"{doc_id}:{seq}"


def nodes_of(res: DanResult, extra: Mapping[str, Any] | None = None) -> list[TextNode]:
    """One ``TextNode`` per chunk of ``res``: text = the chunk, metadata = its record (plus
    ``extra``), id ``"{ssDocId}:{ssSeq}"``, every metadata key excluded from the embedded and
    the LLM text, and the document and previous/next chunk relationships set."""
    nodes: list[TextNode] = []
    n = len(res)
    for text, record in res:
        meta = {**(extra or {}), **record}
        seq = int(record[SEQ])
        rel: dict[NodeRelationship, RelatedNodeInfo] = {
            NodeRelationship.SOURCE: RelatedNodeInfo(node_id=res.doc_id)
        }
        if seq > 0:
            rel[NodeRelationship.PREVIOUS] = RelatedNodeInfo(node_id=_node_id(res.doc_id, seq - 1))
        if seq + 1 < n:
            rel[NodeRelationship.NEXT] = RelatedNodeInfo(node_id=_node_id(res.doc_id, seq + 1))
        keys = list(meta)
        nodes.append(
            TextNode(
                id_=_node_id(res.doc_id, seq),
                text=text,
                metadata=meta,
                excluded_embed_metadata_keys=keys,
                excluded_llm_metadata_keys=keys,
                relationships=rel,
            )
        )
    return nodes


class DanReader(BaseReader):  # type: ignore[misc]
    """Read files with dan into ``TextNode``\\ s (see :func:`nodes_of`).

    ``load_data(sources)`` takes one path or several; a directory stands for every file
    with a supported extension under it, a glob pattern for its matches, as ``dan convert``
    reads its FILE arguments. ``convert_kwargs`` are :func:`dan.convert` options.
    ``source_key`` (default ``"source"``, ``None`` for none) adds the path to each record.
    """

    def __init__(self, *, source_key: str | None = "source", **convert_kwargs: Any) -> None:
        super().__init__()
        self._source_key = source_key
        self._convert_kwargs = dict(convert_kwargs)

    def lazy_load_data(  # type: ignore[override, unused-ignore]
        self, sources: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], **_: Any
    ) -> Iterable[TextNode]:
        for path in source_paths(sources, "DanReader", in_memory="DanNodeParser"):
            res = convert(path, **self._convert_kwargs)
            extra = {self._source_key: path} if self._source_key else None
            yield from nodes_of(res, extra)

    def load_data(  # type: ignore[override, unused-ignore]
        self, sources: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], **kwargs: Any
    ) -> list[TextNode]:
        return list(self.lazy_load_data(sources, **kwargs))


class DanNodeParser(NodeParser):  # type: ignore[misc]
    """Turn LlamaIndex documents already loaded as text (HTML, Markdown, RTF, plain text)
    into dan's ``TextNode``\\ s: each document is converted with
    :func:`dan.convert_string` (``doc_type``: ``None`` detects HTML and RTF; pass
    ``"markdown"`` for Markdown), its metadata kept under dan's record."""

    doc_type: str | None = None
    max_tokens: int = 512

    def _parse_nodes(
        self, nodes: Sequence[BaseNode], show_progress: bool = False, **kwargs: Any
    ) -> list[BaseNode]:
        out: list[BaseNode] = []
        for node in nodes:
            text = node.get_content()
            title = str(node.metadata.get("title", "")) or None
            res = convert_string(text, self.doc_type, max_tokens=self.max_tokens, doc_title=title)
            out.extend(nodes_of(res, dict(node.metadata)))
        return out


def expand_nodes(
    results: Sequence[NodeWithScore | BaseNode],
    documents: Mapping[str, DocumentSource],
    *,
    budget: int | None = None,
    max_tokens: int | None = None,
) -> list[TextNode]:
    """The expanded context of retrieved nodes, best first in, as ``TextNode``\\ s: each
    document's chunks (hits and what ven adds: the rest of a table, a revision or comment
    run, what the hits refer to) in document order, documents in the order of their best
    hit, then nodes not from dan as retrieved. ``documents`` maps ``ssDocId`` to a
    ``DanResult`` or another :data:`~dan.integrations.context.DocumentSource`; ``budget``
    and ``max_tokens`` are :func:`~dan.integrations.context.expand_hits`'s. Each node's
    metadata has ``"ven_role"``: ``"anchor"``, ``"added"`` or ``"passthrough"``."""
    hits = []
    for item in results:
        node = item.node if isinstance(item, NodeWithScore) else item
        hits.append((node.get_content(), dict(node.metadata)))
    context = expand_hits(hits, documents, budget=budget, max_tokens=max_tokens)
    out: list[TextNode] = []
    for chunk in context.chunks:
        meta = {**chunk.metadata, "ven_role": chunk.role}
        keys = list(meta)
        doc_id, seq = meta.get(DOC_ID), meta.get(SEQ)
        ident = (
            {"id_": _node_id(str(doc_id), int(seq))}
            if doc_id is not None and seq is not None
            else {}
        )
        out.append(
            TextNode(
                text=chunk.text,
                metadata=meta,
                excluded_embed_metadata_keys=keys,
                excluded_llm_metadata_keys=keys,
                **ident,
            )
        )
    return out
