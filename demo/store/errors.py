"""Every error the knowledge store raises is a :class:`StoreError`; the message says what to do.

Each class names the HTTP status a server maps it to (``status``), so the HTTP layer needs no
table of its own and every refusal reaches a client with the same words.
"""

from __future__ import annotations

__all__ = [
    "AccessDeniedError",
    "BackendMissingError",
    "ConflictError",
    "EmbeddingError",
    "EmbeddingMismatchError",
    "EmbeddingUnavailableError",
    "FileTooLargeError",
    "InvalidRequestError",
    "InvalidVectorError",
    "LimitError",
    "NoEmbeddingsError",
    "NotFoundError",
    "PendingJobsLimitError",
    "SearchBusyError",
    "StoreError",
    "StoreUnavailableError",
    "UnauthenticatedError",
]


class StoreError(Exception):
    """Base class of every knowledge-store error."""

    #: The HTTP status a server answers with.
    status = 500
    #: A short, stable title (the problem+json ``title``).
    title = "Knowledge store error"
    #: Seconds a client should wait before trying again (``Retry-After``), for a 429.
    retry_after = 10


class InvalidRequestError(StoreError, ValueError):
    """An argument is malformed or out of range (a query too long, a limit of 0, a bad name)."""

    status = 422
    title = "Invalid request"


class NotFoundError(StoreError, LookupError):
    """No such collection, job, source, version or passage — or the caller may not see it.

    A collection the caller may not read is reported exactly like a missing one.
    """

    status = 404
    title = "Not found"


class UnauthenticatedError(StoreError, PermissionError):
    """The access context has no subject: every operation needs an authenticated caller."""

    status = 401
    title = "Authentication required"


class AccessDeniedError(StoreError, PermissionError):
    """The caller may read the collection but not change it."""

    status = 403
    title = "Forbidden"


class ConflictError(StoreError):
    """The request conflicts with the current state (a duplicate name, retrying a ready job)."""

    status = 409
    title = "Conflict"


class LimitError(StoreError):
    """A store limit (:class:`~demo.store.StoreOptions`) refuses the request; nothing was stored."""

    status = 422
    title = "Limit exceeded"


class FileTooLargeError(LimitError):
    """The file is larger than ``StoreOptions.max_file_bytes``."""

    status = 413
    title = "File too large"


class PendingJobsLimitError(LimitError):
    """``StoreOptions.max_pending_jobs`` jobs are already waiting or running."""

    status = 429
    title = "Too many pending jobs"
    retry_after = 10


class SearchBusyError(StoreError):
    """The caller already has as many searches waiting for the embedding model as one client
    may (``StoreOptions.queries_per_client``), or the query lane's queue is full."""

    status = 429
    title = "Too many searches"
    retry_after = 1


class EmbeddingError(StoreError):
    """Base class of the embedding errors."""

    status = 409
    title = "Embedding error"


class NoEmbeddingsError(EmbeddingError):
    """Semantic or hybrid search was asked of a store opened without an embedding provider."""

    status = 422
    title = "No embeddings"


class EmbeddingMismatchError(EmbeddingError):
    """Some sources were embedded by another model identity: reindex them first."""

    status = 409
    title = "Embedding mismatch"


class InvalidVectorError(EmbeddingError, ValueError):
    """A vector has the wrong dimension, a non-finite value or a zero norm."""

    status = 502
    title = "Invalid vector"


class EmbeddingUnavailableError(EmbeddingError):
    """The embedding provider failed (a network error, a crashed model)."""

    status = 503
    title = "Embeddings unavailable"


class AnsweringModelError(StoreError):
    """The answering (chat) model failed: its server cannot be reached, refused the request or
    broke off. The message says what to check; ``--chat none`` (or no model) answers with the
    extract instead."""

    status = 502
    title = "Answering model failed"
    #: What the HTTP API says (the model's own words may name hosts: they go to the log).
    public_detail = "the answering model failed; try again, or ask without it for the extracted answer (the server's log has the details)"


class StoreUnavailableError(StoreError):
    """The database cannot be opened or reached."""

    status = 503
    title = "Store unavailable"


class BackendMissingError(StoreUnavailableError):
    """The database driver for the URL's scheme is not installed."""
