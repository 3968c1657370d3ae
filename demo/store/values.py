"""The knowledge store's values: frozen, and what every operation takes or returns."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from attrs import field, frozen

from dan import Message
from demo.store.extract import Extract

__all__ = [
    "AccessContext",
    "FAILURE_CODES",
    "PERMANENT_FAILURES",
    "AskResult",
    "Citation",
    "ImportResult",
    "IndexDocument",
    "Job",
    "JobState",
    "KnowledgeCollection",
    "Passage",
    "ReindexStatus",
    "RouteInfo",
    "SearchMode",
    "SearchResult",
    "Source",
    "SourceDownload",
    "TokenAccount",
]


def _frozen_mapping(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(value))


@frozen(slots=True)
class AccessContext:
    """Who is asking: ``subject`` comes from trusted authentication, never from a request body.

    ``None`` or an empty subject is refused by every operation (fail closed).
    """

    subject: str | None


@frozen(slots=True)
class KnowledgeCollection:
    """A named set of sources with one owner."""

    id: str
    name: str
    owner: str
    created: float


class JobState(str, enum.Enum):
    """Where an ingestion job is: ``queued → converting → embedding → ready``, or ``failed``/``cancelled``,
    or ``held``: a replacement that would lose much of the active version (less than half of
    its tokens, or damaged parts) waits for :meth:`~demo.store.KnowledgeStore.confirm_job`
    or a cancel, and the active version stays."""

    QUEUED = "queued"
    CONVERTING = "converting"
    EMBEDDING = "embedding"
    READY = "ready"
    FAILED = "failed"
    CANCELLED = "cancelled"
    HELD = "held"

    @property
    def pending(self) -> bool:
        """Waiting or running (counted against ``StoreOptions.max_pending_jobs``)."""
        return self in (JobState.QUEUED, JobState.CONVERTING, JobState.EMBEDDING)

    @property
    def running(self) -> bool:
        """Claimed by a worker."""
        return self in (JobState.CONVERTING, JobState.EMBEDDING)


@frozen(slots=True)
class Job:
    """One ingestion (or reindex) of one file.

    ``version_id`` is set once the job is ``ready``; ``note`` says why a ready job did no
    work (identical to the active version) or was superseded, or why a job is ``held``;
    ``error`` says why it failed. ``warnings`` are dan's (:class:`dan.Message`: what the
    conversion skipped or repaired, e.g. ``damaged-part``): a ``ready`` job with warnings
    made a version that may lack part of the file. The fields are the jobs table's columns
    of :data:`demo.store.schema.JOB_FIELDS`, in its order (``tests/store/test_store_schema.py``).
    """

    id: str
    collection_id: str
    document_id: str
    file_name: str
    state: JobState
    progress: int
    error: str | None
    version_id: str | None
    kind: str = "ingest"
    note: str = ""
    attempts: int = 0
    created: float = 0.0
    updated: float = 0.0
    warnings: tuple[Message, ...] = ()
    #: What kind of failure ``error`` is (:data:`FAILURE_CODES`), ``""`` when the job did not fail.
    error_code: str = ""

    @property
    def retryable(self) -> bool:
        """A failed job whose failure a retry can fix (the embedding provider, an interrupted
        worker, an internal error); a file dan cannot read fails the same way every time."""
        return self.state == JobState.FAILED and self.error_code not in PERMANENT_FAILURES


#: Why a job failed: what a person is told, and whether a retry can help (:attr:`Job.retryable`).
FAILURE_CODES = {
    "unsupported-format": "the file is not in a format dan reads, or not what its name says",
    "encrypted": "the file is password-protected or in a legacy format",
    "damaged": "the file is damaged or is not what its name says",
    "too-large": "the file is over one of the store's limits",
    "not-stored": "the file could not be stored",
    "embedding-unavailable": "the embedding model failed",
    "interrupted": "the worker stopped while processing the file",
    "internal": "an internal error",
}
#: Failures that happen again on every retry of the same bytes.
PERMANENT_FAILURES = frozenset({"unsupported-format", "encrypted", "damaged", "too-large", "not-stored"})


@frozen(slots=True)
class Source:
    """The active version of one file of a collection."""

    document_id: str
    version_id: str
    file_name: str
    #: SHA-256 of the stored bytes (hex).
    hash: str
    chunk_count: int
    tokens: int = 0
    title: str = ""
    size: int = 0
    activated: float = 0.0
    #: The embedding identity of its vectors (``""`` when it has none).
    embedding: str = ""
    #: dan's warnings when it converted this version (empty for a clean conversion).
    warnings: tuple[Message, ...] = ()


@frozen(slots=True)
class SourceDownload:
    """The stored bytes of a source version."""

    file_name: str
    content: bytes = field(repr=lambda b: f"<{len(b):,} bytes>")


@frozen(slots=True)
class Passage:
    """One chunk of an active source version, as dan produced it.

    ``record`` is dan's flat record (``ssDocId``/``ssSeq`` included, so ``ven`` can expand
    it); ``locator`` is the human citation: title · section · page.
    """

    id: str
    collection_id: str
    document_id: str
    version_id: str
    file_name: str
    locator: str
    text: str
    score: float
    record: Mapping[str, str | int] = field(converter=_frozen_mapping)
    tokens: int = 0

    @property
    def seq(self) -> int:
        """The chunk's ``ssSeq``."""
        return int(self.record["ssSeq"])


class SearchMode(str, enum.Enum):
    """How a search ranks passages."""

    #: Hybrid when the store has embeddings, else keyword.
    AUTO = "auto"
    #: Full-text BM25 ranking over the chunk text (literal words, stemmed).
    KEYWORD = "keyword"
    #: Cosine similarity of embeddings.
    SEMANTIC = "semantic"
    #: Keyword and semantic rankings fused by reciprocal rank (k = 60, top 100 of each).
    HYBRID = "hybrid"


@frozen(slots=True)
class SearchResult:
    """Bounded evidence for one query: passages best first, their tokens, and a notice.

    ``mode`` is the mode actually used (``auto`` resolves to ``hybrid`` or ``keyword``);
    ``notice`` says what the caller should know (no matches, passages left out for the
    budget, a fallback to keyword search) and is empty otherwise.
    """

    mode: SearchMode
    passages: tuple[Passage, ...]
    estimated_tokens: int
    notice: str = ""


@frozen(slots=True)
class ImportResult:
    """Jobs queued by a directory import or a collection reindex, and files left out (with why)."""

    job_ids: tuple[str, ...]
    skipped: tuple[tuple[str, str], ...] = ()


@frozen(slots=True)
class ReindexStatus:
    """How far a collection's active sources are from the store's processing configuration
    (its embedding identity included): what a reindex still has to do."""

    #: Active sources (files) of the collection.
    sources: int
    #: Of them, those processed with the store's current configuration.
    current: int
    #: Reindex jobs of the collection waiting or running.
    pending: int
    #: Sources still stale whose latest reindex job failed (an interrupted worker, say).
    failed: int

    @property
    def stale(self) -> int:
        """Active sources processed with another configuration: left to reindex."""
        return self.sources - self.current

    @property
    def done(self) -> bool:
        """Whether every active source is of the current configuration."""
        return self.stale == 0


@frozen(slots=True)
class IndexDocument:
    """A collection's routing index document (ven's index entries of its active sources)."""

    text: str
    tokens: int
    sources: int


@frozen(slots=True)
class Citation:
    """One chunk of an answer's context: where it is and how to open it."""

    passage_id: str
    document_id: str
    version_id: str
    file_name: str
    locator: str
    seq: int


@frozen(slots=True)
class RouteInfo:
    """How a question was routed: ven's route kind, the files with confidences, the raw reply."""

    kind: str
    documents: tuple[tuple[str, str, int], ...] = ()
    reply: str = ""


@frozen(slots=True)
class TokenAccount:
    """The tokens of an answer's context, as ven's collection counts them."""

    context: int
    retrieval: int = 0
    enrichment: int = 0
    index: int = 0
    max_tokens: int | None = None


@frozen(slots=True)
class AskResult:
    """A question's context (ven's ``Collection`` over the store's search), and the answer.

    ``path`` is ven's: ``all`` (small collection), ``index``, ``whole-documents`` or
    ``retrieval``. ``answer`` is the chat model's answer (``answer_kind`` ``generated``) or,
    without a chat model, the extractive answer (:mod:`demo.store.extract`; ``answer_kind``
    ``extracted``, or ``not-found`` when nothing in the context matches; ``extract`` holds its
    items); ``none`` when extraction is switched off (``AskOptions(extract=False)``).
    ``system_prompt`` is what a chat model is (or would be) sent: dan's system message, how
    to cite by number, then the context's chunks each preceded by its number ``[n]``; a
    generated answer's ``[n]`` is ``citations[n - 1]``.
    """

    question: str
    path: str
    context: str
    citations: tuple[Citation, ...]
    tokens: TokenAccount
    route: RouteInfo | None = None
    broad: bool = False
    answer: str | None = None
    answer_kind: str = "none"
    extract: Extract | None = None
    system_prompt: str = ""
    notes: tuple[str, ...] = ()
    mode: SearchMode = SearchMode.AUTO
