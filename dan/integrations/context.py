"""Expand vector-search hits into context with ven, independent of any framework.

The steps around ven for hits from any vector store: group the hits by ``ssDocId`` with
:func:`ven.collection.group_hits` (hits without ``ssDocId``/``ssSeq`` did not come from dan
and pass through unchanged), expand each document's hit seqs with its :class:`ven.Ven`,
and return the expanded chunks in document order, documents in the order of their best hit.

A document is described by any of:

* a :class:`dan.DanResult` (its chunks and records),
* a ``(texts, records)`` pair (``texts[i]`` is the text of ``records[i]``),
* a :class:`DocumentChunks` (the same, with its ``Ven`` built once: keep it between queries),
* a :class:`ven.Ven`, with a ``fetch(doc_id, seqs)`` callable that returns the
  ``(text, metadata)`` of those chunks (from your store).

:mod:`dan.integrations.langchain` wraps this for LangChain ``Document`` objects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeAlias

from attrs import field, frozen

from dan.errors import IntegrationError
from ven import Expansion, Skipped, Ven, VenError
from ven.collection import group_hits
from ven.records import as_int
from ven.schema import from_lists
from ven.routing import doc_id_key
from ven.schema import DOC_ID, SEQ

__all__ = [
    "Chunk",
    "DocumentChunks",
    "DocumentSource",
    "ExpandedContext",
    "ExpandedDocument",
    "Fetch",
    "ROLE_KEY",
    "expand_hits",
    "hit_key",
]

#: Metadata key the expanded chunks carry: ``"anchor"`` (a search hit) or ``"added"``.
ROLE_KEY = "ven_role"

#: ``fetch(doc_id, seqs)`` → the ``(text, metadata)`` of those chunks, in that order.
Fetch: TypeAlias = Callable[[str, Sequence[int]], Sequence[tuple[str, Mapping[str, Any]]]]


@frozen(slots=True)
class Chunk:
    """One chunk of context: its text, its metadata (dan's record) and why it is there."""

    text: str
    metadata: Mapping[str, Any] = field(repr=False)
    #: ``"anchor"`` (the search returned it), ``"added"`` (ven added it) or ``"passthrough"``
    #: (a hit that did not come from dan).
    role: str


@frozen(slots=True)
class DocumentChunks:
    """A document's chunk texts and records with its :class:`ven.Ven`, built once.

    Build it when the document is stored (``DocumentChunks.of(res)``) and reuse it for
    every query: constructing a ``Ven`` reads every record.
    """

    texts: tuple[str, ...]
    records: tuple[Mapping[str, Any], ...] = field(repr=False)
    ven: Ven = field(repr=False)

    @classmethod
    def create(cls, texts: Sequence[str], records: Sequence[Mapping[str, Any]]) -> DocumentChunks:
        """From parallel sequences (``texts[i]`` belongs to ``records[i]``, any order);
        records kept with list-valued fields (:func:`ven.schema.as_lists`) are read too."""
        if isinstance(texts, str) or len(texts) != len(records):
            raise IntegrationError(
                "texts and records must be parallel sequences; "
                f"got {len(texts)} texts and {len(records)} records"
            )
        records = [from_lists(r) for r in records]  # fresh dicts, lists joined back
        try:
            ven = Ven(records)
        except VenError as exc:
            raise IntegrationError(f"the records are not one complete dan document: {exc}") from exc
        order = sorted(range(len(records)), key=lambda i: int(records[i][SEQ]))
        return cls(tuple(texts[i] for i in order), tuple(records[i] for i in order), ven)

    @classmethod
    def of(cls, source: Any) -> DocumentChunks:
        """From a ``DanResult``, a ``(texts, records)`` pair or a ``DocumentChunks``."""
        if isinstance(source, DocumentChunks):
            return source
        chunks, records = getattr(source, "chunks", None), getattr(source, "records", None)
        if chunks is not None and records is not None:
            return cls.create(chunks, records)
        if isinstance(source, tuple) and len(source) == 2:
            return cls.create(source[0], source[1])
        raise IntegrationError(
            f"cannot use a {type(source).__name__} as a document: "
            "pass a DanResult, a (texts, records) "
            "pair, a DocumentChunks, or a ven.Ven together with fetch="
        )


#: What :func:`expand_hits` accepts for one document.
DocumentSource: TypeAlias = (
    "DocumentChunks | Ven | tuple[Sequence[str], Sequence[Mapping[str, Any]]] | Any"
)


@frozen(slots=True)
class ExpandedDocument:
    """The expanded context of one document."""

    doc_id: str
    title: str
    #: The seqs the search returned for this document, best hit first.
    hits: tuple[int, ...]
    #: The expanded set (hits and added chunks), document order.
    seqs: tuple[int, ...]
    #: One :class:`Chunk` per seq of :attr:`seqs`.
    chunks: tuple[Chunk, ...] = field(repr=False)
    #: Tokens of the expanded set (``ssTokens``; hits included).
    tokens: int
    #: Tokens ven added beyond the hits.
    enrichment_tokens: int
    #: Units (tables, runs, pages, chunks) the ``max_tokens`` cap kept out.
    skipped: tuple[Skipped, ...] = ()


@frozen(slots=True)
class ExpandedContext:
    """Everything :func:`expand_hits` returns: documents in the order of their best hit,
    then the hits that did not come from dan, as retrieved."""

    documents: tuple[ExpandedDocument, ...]
    passthrough: tuple[Chunk, ...]
    #: Documents whose hits alone did not fit what ``max_tokens`` had left (ids, in order).
    skipped_documents: tuple[str, ...] = ()

    @property
    def chunks(self) -> tuple[Chunk, ...]:
        """Every chunk: each document's in document order, then the passthrough hits."""
        return tuple(c for d in self.documents for c in d.chunks) + self.passthrough

    @property
    def tokens(self) -> int:
        """Tokens of the expanded documents (``ssTokens``; passthrough hits are not counted)."""
        return sum(d.tokens for d in self.documents)

    @property
    def text(self) -> str:
        """The chunk texts joined by a blank line, ready for a prompt."""
        return "\n\n".join(c.text for c in self.chunks)


def hit_key(metadata: Mapping[str, Any]) -> tuple[str, int] | None:
    """``(ssDocId, ssSeq)`` of a hit's metadata, or None when the hit did not come from dan."""
    doc_id, seq = metadata.get(DOC_ID), as_int(metadata.get(SEQ))
    if not isinstance(doc_id, str) or not doc_id or seq is None:
        return None
    return doc_id, seq


def _lookup(documents: Mapping[str, Any]) -> dict[str, tuple[str, Any]]:
    table: dict[str, tuple[str, Any]] = {}
    for key, value in documents.items():
        if not isinstance(key, str):
            raise IntegrationError(f"documents must be keyed by ssDocId (str), got key {key!r}")
        table[doc_id_key(key)] = (key, value)
    return table


def _default_expand(budget: int | None) -> Callable[[Expansion], object]:
    def expand(exp: Expansion) -> object:
        return exp.add_related_chunks(budget=budget, references=True)

    return expand


def _texts_for(
    doc_id: str,
    source: Any,
    seqs: Sequence[int],
    hits: Mapping[int, tuple[str, Mapping[str, Any]]],
    fetch: Fetch | None,
) -> list[tuple[str, Mapping[str, Any]]]:
    if isinstance(source, DocumentChunks):
        return [(source.texts[s], source.records[s]) for s in seqs]
    need = [s for s in seqs if s not in hits]
    fetched: dict[int, tuple[str, Mapping[str, Any]]] = {}
    if need:
        if fetch is None:
            raise IntegrationError(
                f"document {doc_id} is given as a ven.Ven, which holds no chunk text: "
                "pass fetch= (or a "
                "vector store), or give the document as a DanResult or (texts, records)"
            )
        got = list(fetch(doc_id, need))
        if len(got) != len(need):
            raise IntegrationError(
                f"fetch returned {len(got)} chunks for {len(need)} seqs of document {doc_id}"
            )
        fetched = dict(zip(need, got, strict=True))
    return [hits[s] if s in hits else fetched[s] for s in seqs]


def expand_hits(
    hits: Sequence[tuple[str, Mapping[str, Any]]],
    documents: Mapping[str, DocumentSource],
    *,
    budget: int | None = None,
    expand: Callable[[Expansion], object] | None = None,
    fetch: Fetch | None = None,
    max_tokens: int | None = None,
) -> ExpandedContext:
    """Expand search hits ``(text, metadata)`` (best first) into context, document by document.

    ``documents`` maps ``ssDocId`` (matched case-insensitively) to the document (see the
    module docstring). ``expand(exp)`` runs the expansion of each document; by default
    ``exp.add_related_chunks(budget=budget, references=True)`` (complete tables, revisions
    and comments, then what the hits refer to and what refers to them: the usual
    choice), ``budget`` being the enrichment-token cap per
    document. Raises :class:`~dan.integrations.IntegrationError` when a hit names a
    document missing from ``documents``, a seq outside it, or when both ``budget`` and
    ``expand`` are given (put the budget inside your ``expand``).

    ``max_tokens`` is a hard cap on the tokens of all the documents together, hits
    included: documents are expanded in the order of their best hit, each under what is
    left of it (``Ven.begin_expansion(max_tokens=...)``: a unit that would pass it is
    skipped whole, see :attr:`ExpandedDocument.skipped`), and a document whose hits alone
    do not fit what is left is left out (:attr:`ExpandedContext.skipped_documents`).
    """
    if max_tokens is not None and (
        isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens < 1
    ):
        raise IntegrationError(f"max_tokens must be None or an int >= 1, got {max_tokens!r}")
    left = max_tokens
    skipped_docs: list[str] = []
    if expand is not None and budget is not None:
        raise IntegrationError("give either budget (for the default expansion) or expand, not both")
    run = expand if expand is not None else _default_expand(budget)
    table = _lookup(documents)
    keyed: list[tuple[str, int]] = []
    first: dict[tuple[str, int], tuple[str, Mapping[str, Any]]] = {}
    passthrough: list[Chunk] = []
    for text, metadata in hits:
        key = hit_key(metadata)
        if key is None:
            passthrough.append(Chunk(text, metadata, "passthrough"))
            continue
        doc_key = doc_id_key(key[0])
        if doc_key not in table:
            raise IntegrationError(
                f"a hit comes from document {key[0]!r}, which is not in documents: "
                "add its DanResult, "
                "(texts, records), DocumentChunks or Ven"
            )
        keyed.append(key)
        first.setdefault((doc_key, key[1]), (text, metadata))
    out: list[ExpandedDocument] = []
    for doc_key, seqs_hit in group_hits(keyed).items():
        name, given = table[doc_key]
        source = given if isinstance(given, Ven) else DocumentChunks.of(given)
        ven = source if isinstance(source, Ven) else source.ven
        doc_hits = {s: first[doc_key, s] for s in seqs_hit}
        if left is not None and _hit_tokens(ven, doc_hits) > left:
            skipped_docs.append(ven.doc_id)
            continue
        try:
            exp = ven.begin_expansion(doc_hits, max_tokens=left)
        except VenError as exc:
            raise IntegrationError(f"document {name}: {exc}") from exc
        with exp:
            run(exp)
            seqs, tokens, enrichment = exp.seqs, exp.tokens, exp.enrichment_tokens
            skipped = exp.skipped
        if left is not None:
            left -= tokens
        pairs = _texts_for(name, source, seqs, doc_hits, fetch)
        chunks = tuple(
            Chunk(
                text,
                {**meta, ROLE_KEY: "anchor" if s in doc_hits else "added"},
                "anchor" if s in doc_hits else "added",
            )
            for s, (text, meta) in zip(seqs, pairs, strict=True)
        )
        out.append(
            ExpandedDocument(
                doc_id=ven.doc_id,
                title=ven.title,
                hits=tuple(doc_hits),
                seqs=seqs,
                chunks=chunks,
                tokens=tokens,
                enrichment_tokens=enrichment,
                skipped=skipped,
            )
        )
    return ExpandedContext(tuple(out), tuple(passthrough), tuple(skipped_docs))


def _hit_tokens(ven: Ven, seqs: Iterable[int]) -> int:
    """Tokens of the hit chunks ``seqs`` (valid or not: begin_expansion checks them)."""
    n = ven.chunk_count
    return sum(ven.chunk_tokens(s) for s in seqs if isinstance(s, int) and 0 <= s < n)
