"""Every exception ``dan`` raises, each class defined here once: :class:`DanError` (a
``ValueError``) and its subclasses.

``dan`` re-exports the conversion errors; :mod:`dan.batch` re-exports :class:`BatchError`
and :class:`WorkerCrashedError`, :mod:`dan.integrations` :class:`IntegrationError` and
:class:`MissingDependencyError`, where their callers meet them; :class:`UsageError` is
the command line's (exit status 2).
"""

from __future__ import annotations

__all__ = [
    "DanError",
    "UnsupportedFormatError",
    "CorruptDocumentError",
    "EncryptedDocumentError",
    "LimitExceededError",
    "InputTooLargeError",
    "ZipBombError",
    "TooManyChunksError",
    "NestingTooDeepError",
    "TextTooLargeError",
    "DocumentNotFoundError",
    "BatchError",
    "WorkerCrashedError",
    "IntegrationError",
    "MissingDependencyError",
    "UsageError",
]


class DanError(ValueError):
    """Base class of every error ``dan`` raises; the message says what to do."""


class UnsupportedFormatError(DanError):
    """The input is not one of the formats dan reads, or not the format that was asked for."""


class CorruptDocumentError(DanError):
    """The document cannot be read; ``part`` names the damaged part (e.g. ``word/document.xml``)."""

    def __init__(self, message: str, *, part: str | None = None) -> None:
        super().__init__(message)
        self.part = part


class EncryptedDocumentError(DanError):
    """The document is password-protected (an OLE container) or a legacy binary ``.doc``."""


class LimitExceededError(DanError):
    """The input exceeds one of the configured :class:`dan.Limits`."""


class InputTooLargeError(LimitExceededError):
    """The input is larger than ``Limits.max_input_bytes``."""


class ZipBombError(LimitExceededError):
    """A zip part is too large once uncompressed, or compresses suspiciously well."""


class TooManyChunksError(LimitExceededError):
    """The document would produce more than ``Limits.max_chunks`` chunks."""


class NestingTooDeepError(LimitExceededError):
    """The document nests elements deeper than ``Limits.max_depth``."""


class TextTooLargeError(LimitExceededError):
    """The document holds more than ``Limits.max_chars`` characters of text."""


class DocumentNotFoundError(DanError, FileNotFoundError):
    """The path given to ``dan.convert`` does not exist."""


class BatchError(DanError):
    """Raised by :meth:`dan.batch.BatchResult.raise_for_errors` when some inputs failed."""


class WorkerCrashedError(DanError):
    """A worker process died (a crash or out of memory) while converting this input."""


class IntegrationError(DanError):
    """An integration was given input it cannot use; the message says what to pass instead."""


class MissingDependencyError(IntegrationError, ImportError):
    """An optional package the helper needs is not installed; the message says what to install."""


class UsageError(DanError):
    """A command-line argument of ``dan`` is wrong (exit status 2)."""
