"""The knowledge store: collections, durable ingestion jobs, source versions and search.

>>> import tempfile, os
>>> from demo.store import AccessContext, KnowledgeStore
>>> with tempfile.TemporaryDirectory() as tmp:
...     with KnowledgeStore(os.path.join(tmp, "kb.db")) as store:
...         me = AccessContext("alice")
...         col = store.create_collection("Policies", me)
...         job = store.enqueue(col.id, "approval.md", b"# Approval\\n\\nAll invoices need manager approval.", me)
...         while store.process_next():
...             pass
...         hits = store.search(col.id, "invoice approval", me)
...         print(hits.mode.value, hits.passages[0].locator)
hybrid Approval · p. 1 (est.)

Embedded by default (SQLite: WAL, FTS5, exact vector scoring), PostgreSQL + pgvector for
users who outgrow one machine. See ``docs/store.md``.
"""

from __future__ import annotations

from demo.store.access import AccessPolicy, OwnerPolicy
from demo.store.embedding import (
    EmbeddingIdentity,
    EmbeddingProvider,
    HashingProvider,
    FALLBACK_NOTICE,
    LangChainProvider,
    MiniLMProvider,
    OpenAIProvider,
    PROVIDER_NAMES,
    default_provider,
    named_provider,
    validate_vector,
)
from demo.store.extract import Extract, ExtractItem
from demo.store.errors import (
    AccessDeniedError,
    AnsweringModelError,
    BackendMissingError,
    ConflictError,
    EmbeddingError,
    EmbeddingMismatchError,
    EmbeddingUnavailableError,
    FileTooLargeError,
    InvalidRequestError,
    InvalidVectorError,
    LimitError,
    NoEmbeddingsError,
    NotFoundError,
    PendingJobsLimitError,
    SearchBusyError,
    StoreError,
    StoreUnavailableError,
    UnauthenticatedError,
)
from demo.store.imports import SUPPORTED_SUFFIXES
from demo.store.options import AskOptions, StoreOptions
from demo.store.store import KnowledgeStore
from demo.store.values import (
    AccessContext,
    AskResult,
    Citation,
    ImportResult,
    IndexDocument,
    Job,
    JobState,
    KnowledgeCollection,
    Passage,
    ReindexStatus,
    RouteInfo,
    SearchMode,
    SearchResult,
    Source,
    SourceDownload,
    TokenAccount,
)
from demo.store.worker import Worker

__all__ = [
    "SUPPORTED_SUFFIXES",
    "AccessContext",
    "AccessDeniedError",
    "AccessPolicy",
    "AnsweringModelError",
    "AskOptions",
    "AskResult",
    "BackendMissingError",
    "Citation",
    "ConflictError",
    "EmbeddingError",
    "EmbeddingIdentity",
    "EmbeddingMismatchError",
    "EmbeddingProvider",
    "Extract",
    "ExtractItem",
    "FALLBACK_NOTICE",
    "EmbeddingUnavailableError",
    "FileTooLargeError",
    "HashingProvider",
    "ImportResult",
    "IndexDocument",
    "InvalidRequestError",
    "InvalidVectorError",
    "Job",
    "JobState",
    "KnowledgeCollection",
    "KnowledgeStore",
    "LangChainProvider",
    "MiniLMProvider",
    "LimitError",
    "NoEmbeddingsError",
    "NotFoundError",
    "OpenAIProvider",
    "OwnerPolicy",
    "Passage",
    "PendingJobsLimitError",
    "ReindexStatus",
    "RouteInfo",
    "SearchBusyError",
    "SearchMode",
    "SearchResult",
    "Source",
    "SourceDownload",
    "StoreError",
    "StoreOptions",
    "StoreUnavailableError",
    "TokenAccount",
    "UnauthenticatedError",
    "Worker",
    "PROVIDER_NAMES",
    "default_provider",
    "named_provider",
    "validate_vector",
]
