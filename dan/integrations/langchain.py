"""LangChain integration: load documents as dan chunks, and expand search results with ven.

Needs ``langchain-core`` only (no ``langchain-community``)::

    from dan.integrations.langchain import DanLoader, expand_search_results
    from langchain_core.vectorstores import InMemoryVectorStore

    docs = list(DanLoader(["contract.docx", "prices.html"], max_tokens=512).lazy_load())
    store = InMemoryVectorStore(embeddings)
    store.add_documents(docs)                       # ids are "{ssDocId}:{ssSeq}"
    hits = store.similarity_search("late payment fee", k=4)
    context = expand_search_results(hits, store=store, budget=1500)

* :class:`DanLoader`: a ``BaseLoader`` converting files with dan; one ``Document`` per
  chunk, dan's record as metadata (plus ``source``), id ``"{ssDocId}:{ssSeq}"``.
* :class:`DanTransformer`: a ``BaseDocumentTransformer`` for documents already loaded as
  text (HTML, Markdown, RTF, plain text): each becomes dan chunks.
* :func:`expand_search_results`: search results → expanded context (``Document``\\ s in
  document order, ``metadata["ven_role"]`` = ``"anchor"`` or ``"added"``).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal

from dan.batch import ConversionFailure, convert_one, iter_convert
from dan.converter import CALLER_REPORTS_WARNINGS, convert_string
from dan.errors import DanError, IntegrationError, MissingDependencyError
from dan.integrations.context import DocumentChunks, DocumentSource, expand_hits
from dan.integrations.sources import source_paths
from ven import Expansion
from ven.routing import doc_id_key
from ven.schema import COUNT, DOC_ID, SEQ, as_lists

try:
    from langchain_core.document_loaders import BaseLoader
    from langchain_core.documents import BaseDocumentTransformer, Document
except ImportError as _exc:  # pragma: no cover - exercised only without langchain-core
    raise MissingDependencyError(
        "dan.integrations.langchain needs langchain-core: pip install langchain-core"
    ) from _exc

__all__ = [
    "DanLoader",
    "DanTransformer",
    "aexpand_search_results",
    "chunk_id",
    "expand_search_results",
    "store_fetcher",
]

log = logging.getLogger("dan")

OnError = Literal["raise", "skip"]


def chunk_id(doc_id: str, seq: int) -> str:
    """The ``Document.id`` dan's integrations give a chunk: ``"{ssDocId}:{ssSeq}"``.

    Unique across a collection (a document id never contains ``:``), so a vector store can
    fetch any chunk of a document by id (:func:`store_fetcher`).
    """
    return f"{doc_id}:{seq}"


def _document(
    text: str, record: Mapping[str, Any], extra: Mapping[str, Any] | None = None
) -> Document:
    metadata = {**(extra or {}), **record}
    return Document(
        page_content=text, metadata=metadata, id=chunk_id(str(record[DOC_ID]), int(record[SEQ]))
    )


def _reporting_warnings(outcomes: Iterator[Any]) -> Iterator[Any]:
    """``outcomes``, each produced with the converter's own warning log off: the loader logs
    every warning itself, once, with the file's path (the flag is set only while this
    process converts, never across a ``yield``)."""
    while True:
        token = CALLER_REPORTS_WARNINGS.set(True)
        try:
            outcome = next(outcomes, _END)
        finally:
            CALLER_REPORTS_WARNINGS.reset(token)
        if outcome is _END:
            return
        yield outcome


_END = object()


class DanLoader(BaseLoader):
    """Load files with dan: one ``Document`` per chunk, with dan's record as its metadata.

    ``sources`` is one path or an iterable of paths; a directory stands for every file
    with a supported extension under it, a glob pattern for its matches (sorted).
    ``convert_kwargs`` are :func:`dan.convert` options (``max_tokens``, ``user_meta``,
    ``names``, ...); ``doc_id`` and ``doc_title`` are accepted for a single file only.
    ``workers > 1`` converts in a process pool (:func:`dan.convert_many`; the ``names``
    hook must then pickle). ``on_error="raise"`` (default) raises the first file's error
    when its turn comes; ``"skip"`` logs a warning on the ``dan`` logger and goes on.
    ``source_key`` (default ``"source"``, ``None`` for none) adds the path to each record,
    unless the record already has that key. ``list_fields=True`` writes the list-valued
    fields (``ssComAuthors``, ``ssRevAuthors``, ``ssTables``, the phrase fields...) as lists
    of strings, for stores that filter on arrays (:func:`ven.schema.as_lists`);
    :func:`expand_search_results` reads such metadata as well.
    """

    def __init__(
        self,
        sources: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
        *,
        workers: int = 1,
        on_error: OnError = "raise",
        source_key: str | None = "source",
        list_fields: bool = False,
        **convert_kwargs: Any,
    ) -> None:
        if not isinstance(list_fields, bool):
            raise IntegrationError(f"list_fields must be True or False, got {list_fields!r}")
        self.list_fields = list_fields
        if on_error not in ("raise", "skip"):
            raise IntegrationError(f"on_error must be 'raise' or 'skip', got {on_error!r}")
        self.paths = source_paths(sources, "DanLoader", in_memory="DanTransformer")
        self.workers = workers
        self.on_error: OnError = on_error
        self.source_key = source_key
        self.convert_kwargs = dict(convert_kwargs)
        if ("doc_id" in convert_kwargs or "doc_title" in convert_kwargs) and len(self.paths) != 1:
            raise IntegrationError(
                f"doc_id and doc_title name one document, but {len(self.paths)} paths were given: "
                "load them one by one, or leave them out"
            )

    def _outcomes(self) -> Iterator[Any]:
        kwargs = self.convert_kwargs
        if "doc_id" in kwargs or "doc_title" in kwargs:
            yield convert_one(0, self.paths[0], kwargs)
            return
        yield from iter_convert(self.paths, workers=self.workers, **kwargs)

    def lazy_load(self) -> Iterator[Document]:
        """Yield the chunks of each file in turn (files in the given order, chunks in ssSeq order).

        Each warning of a file's result (``DanResult.warnings``) is logged once on the ``dan``
        logger, with the file's path; the chunks' metadata is dan's record, nothing added.
        """
        for path, outcome in zip(self.paths, _reporting_warnings(self._outcomes()), strict=True):
            if isinstance(outcome, ConversionFailure):
                if self.on_error == "raise":
                    raise outcome.error
                log.warning("DanLoader skipped %s: %s", outcome.source, outcome.message)
                continue
            for warning in outcome.warnings:
                log.warning(
                    "DanLoader: %s: %s [%s]", os.fspath(path), warning.message, warning.code
                )
            extra = {self.source_key: os.fspath(path)} if self.source_key else None
            for text, record in outcome:
                yield _document(text, as_lists(record) if self.list_fields else record, extra)

    async def alazy_load(self) -> AsyncIterator[Document]:
        """:meth:`lazy_load` for asyncio: each step (a file's conversion, then its chunks)
        runs in a worker thread, so the event loop goes on while dan converts."""
        chunks = self.lazy_load()
        while True:
            doc = await asyncio.to_thread(next, chunks, _END)
            if doc is _END:
                return
            yield doc  # type: ignore[misc]


class DanTransformer(BaseDocumentTransformer):
    """Turn documents already loaded as text (HTML, Markdown, RTF, plain text) into dan chunks.

    Each input ``Document`` is converted with :func:`dan.convert_string`; each chunk
    becomes a ``Document`` whose metadata is the input's metadata (when
    ``keep_metadata``) overlaid with dan's record (the record wins a clash). ``doc_type``
    names the format (``None`` detects HTML and RTF; Markdown is never guessed, so pass
    ``"markdown"``). ``title_key`` / ``id_key`` name input metadata keys used as the
    document title / id (ids are otherwise derived from the content). A document dan
    cannot convert raises its :class:`dan.DanError` with a note naming it.
    """

    def __init__(
        self,
        *,
        doc_type: str | None = None,
        title_key: str | None = "title",
        id_key: str | None = None,
        keep_metadata: bool = True,
        **convert_kwargs: Any,
    ) -> None:
        bad = sorted({"doc_id", "doc_title"} & set(convert_kwargs))
        if bad:
            raise IntegrationError(
                f"{', '.join(bad)}: use title_key / id_key to take them from each document"
            )
        self.doc_type = doc_type
        self.title_key = title_key
        self.id_key = id_key
        self.keep_metadata = keep_metadata
        self.convert_kwargs = dict(convert_kwargs)

    def _meta_str(self, doc: Document, key: str | None) -> str | None:
        if key is None:
            return None
        value = doc.metadata.get(key)
        return value if isinstance(value, str) and value else None

    def transform_documents(
        self, documents: Sequence[Document], **kwargs: Any
    ) -> Sequence[Document]:
        """Convert every document; the chunks of each, in order, one after the other."""
        out: list[Document] = []
        for i, doc in enumerate(documents):
            try:
                res = convert_string(
                    doc.page_content,
                    self.doc_type,
                    doc_id=self._meta_str(doc, self.id_key),
                    doc_title=self._meta_str(doc, self.title_key),
                    **{**self.convert_kwargs, **kwargs},
                )
            except DanError as exc:
                exc.add_note(
                    f"while converting document {i} (metadata {dict(doc.metadata)!r:.200})"
                )
                raise
            extra = doc.metadata if self.keep_metadata else None
            out.extend(_document(text, record, extra) for text, record in res)
        return out


def store_fetcher(
    store: Any,
) -> Callable[[str, Sequence[int]], list[tuple[str, Mapping[str, Any]]]]:
    """A ``fetch(doc_id, seqs)`` reading chunks from a LangChain vector store by id.

    Works with any store implementing ``get_by_ids`` (``InMemoryVectorStore``, Chroma,
    ...) holding documents with :func:`chunk_id` ids, as :class:`DanLoader` and
    :class:`DanTransformer` create them.
    """
    get_by_ids = getattr(store, "get_by_ids", None)
    if get_by_ids is None:
        raise IntegrationError(
            f"{type(store).__name__} has no get_by_ids: pass fetch= or the documents' DanResults"
        )

    def fetch(doc_id: str, seqs: Sequence[int]) -> list[tuple[str, Mapping[str, Any]]]:
        ids = [chunk_id(doc_id, s) for s in seqs]
        found = {d.id: d for d in get_by_ids(ids)}
        missing = [i for i in ids if i not in found]
        if missing:
            raise IntegrationError(
                f"the store has no chunk with id {missing[0]!r} ({len(missing)} missing): "
                "were the chunks "
                "added with DanLoader/DanTransformer ids?"
            )
        return [(found[i].page_content, found[i].metadata) for i in ids]

    return fetch


def _hit_pairs(
    results: Sequence[Document | tuple[Document, float]],
) -> list[tuple[str, Mapping[str, Any]]]:
    pairs: list[tuple[str, Mapping[str, Any]]] = []
    for i, item in enumerate(results):
        doc = item[0] if isinstance(item, tuple) else item
        if not isinstance(doc, Document):
            raise IntegrationError(
                f"result {i} is {type(doc).__name__}: expected a Document or (Document, score)"
            )
        pairs.append((doc.page_content, doc.metadata))
    return pairs


async def aexpand_search_results(
    results: Sequence[Document | tuple[Document, float]],
    documents: Mapping[str, DocumentSource] | None = None,
    **options: Any,
) -> list[Document]:
    """:func:`expand_search_results` for asyncio: the expansion (and the fetching of the
    chunks it adds) runs in a worker thread, so the event loop goes on meanwhile."""
    return await asyncio.to_thread(expand_search_results, results, documents, **options)


def expand_search_results(
    results: Sequence[Document | tuple[Document, float]],
    documents: Mapping[str, DocumentSource] | None = None,
    *,
    store: Any = None,
    budget: int | None = None,
    expand: Callable[[Expansion], object] | None = None,
    max_tokens: int | None = None,
) -> list[Document]:
    """The expanded context of LangChain search results, as ``Document``\\ s.

    ``results`` are what a vector search returned, best first (``Document`` or
    ``(Document, score)``). Results carrying ``ssDocId``/``ssSeq`` are grouped by
    document and expanded with ven; the others are kept as retrieved, at the end.
    Documents come in the order of their best hit, each one's chunks in document order;
    every expanded chunk's metadata has ``"ven_role"``: ``"anchor"`` or ``"added"``.

    Where each document's chunks come from:

    * ``documents``: ``ssDocId`` → a ``DanResult``, a ``(texts, records)`` pair, a
      :class:`~dan.integrations.context.DocumentChunks` (keep these between queries) or a
      ``ven.Ven`` (then ``store`` supplies the texts of the chunks ven adds);
    * ``store`` alone (a vector store with ``get_by_ids`` holding the chunks under
      :func:`chunk_id` ids): each hit document's records and texts are read from the
      store on every call. Simple, and fine for small documents; keep ``DocumentChunks``
      or ``Ven`` objects for large ones.

    ``budget`` caps the enrichment tokens per document of the default expansion
    (``add_related_chunks(references=True)``); ``expand(exp)`` replaces it. Completions
    (whole tables, runs of revisions and comments) ignore ``budget``; ``max_tokens`` is a
    hard cap on all the returned dan chunks together, hits included, that nothing passes (see
    :func:`~dan.integrations.context.expand_hits`). Raises
    :class:`~dan.integrations.IntegrationError` (a ``dan.DanError``) for a document it
    cannot find or read.
    """
    hits = _hit_pairs(results)
    fetch = store_fetcher(store) if store is not None else None
    if documents is None:
        if fetch is None:
            raise IntegrationError(
                "pass documents= (ssDocId -> DanResult / (texts, records) / Ven) or store="
            )
        documents = _documents_from_store(hits, fetch)
    context = expand_hits(
        hits, documents, budget=budget, expand=expand, fetch=fetch, max_tokens=max_tokens
    )
    return [
        Document(page_content=c.text, metadata=dict(c.metadata), id=_id_of(c.metadata))
        for c in context.chunks
    ]


def _id_of(metadata: Mapping[str, Any]) -> str | None:
    doc_id, seq = metadata.get(DOC_ID), metadata.get(SEQ)
    if isinstance(doc_id, str) and isinstance(seq, (int, float)) and not isinstance(seq, bool):
        return chunk_id(doc_id, int(seq))
    return None


def _documents_from_store(
    hits: Sequence[tuple[str, Mapping[str, Any]]],
    fetch: Callable[[str, Sequence[int]], list[tuple[str, Mapping[str, Any]]]],
) -> dict[str, DocumentChunks]:
    """Every chunk of each document the hits name, read from the store (``ssCount`` says how
    many)."""
    docs: dict[str, DocumentChunks] = {}
    for _, meta in hits:
        doc_id, count = meta.get(DOC_ID), meta.get(COUNT)
        if not isinstance(doc_id, str) or doc_id_key(doc_id) in docs:
            continue
        if isinstance(count, bool) or not isinstance(count, (int, float)):
            raise IntegrationError(
                f"a hit of document {doc_id!r} has no {COUNT}: is it dan's record?"
            )
        pairs = fetch(doc_id, range(int(count)))
        docs[doc_id_key(doc_id)] = DocumentChunks.create(
            [t for t, _ in pairs], [m for _, m in pairs]
        )
    return docs
