"""Who may read or change a collection: a pluggable policy that fails closed.

The store asks the policy before every collection operation, with ``write=True`` for
changes. A collection the caller may not *read* is reported exactly like a missing one
(:class:`~demo.store.NotFoundError`), so ids reveal nothing; a collection the caller may
read but not change answers :class:`~demo.store.AccessDeniedError`. An access context
without a subject is refused before any lookup (:class:`~demo.store.UnauthenticatedError`).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from demo.store.errors import AccessDeniedError, NotFoundError, UnauthenticatedError
from demo.store.values import AccessContext, KnowledgeCollection

__all__ = ["AccessPolicy", "OwnerPolicy", "check_access", "require_subject"]


@runtime_checkable
class AccessPolicy(Protocol):
    """Decides whether ``context`` may read (``write=False``) or change a collection.

    Implementations must be deterministic and fail closed: return ``False`` (never raise)
    when in doubt. Authentication itself is the host's job.
    """

    def can_access(self, context: AccessContext, collection: KnowledgeCollection, write: bool) -> bool:
        """True when the access is allowed."""
        ...


class OwnerPolicy:
    """Only the collection's owner may read or change it (the default)."""

    def can_access(self, context: AccessContext, collection: KnowledgeCollection, write: bool) -> bool:
        """True only for a non-empty subject equal to the owner."""
        subject = context.subject
        return isinstance(subject, str) and bool(subject) and subject == collection.owner


def require_subject(context: object) -> str:
    """The context's subject, or :class:`UnauthenticatedError` when there is none."""
    if not isinstance(context, AccessContext):
        raise UnauthenticatedError(
            f"an AccessContext is required, got {type(context).__name__}: pass AccessContext(subject) "
            "from your authentication"
        )
    subject = context.subject
    if not isinstance(subject, str) or not subject.strip():
        raise UnauthenticatedError("the access context has no subject: authenticate the caller first")
    return subject


def check_access(policy: AccessPolicy, context: AccessContext, collection: KnowledgeCollection | None, cid: str, write: bool) -> KnowledgeCollection:
    """``collection`` when ``context`` may use it; otherwise NotFound (no read) or AccessDenied (no write)."""
    require_subject(context)
    if collection is None or not _allowed(policy, context, collection, False):
        raise NotFoundError(f"collection {cid!r} not found: check the id, or that it was shared with you")
    if write and not _allowed(policy, context, collection, True):
        raise AccessDeniedError(f"you may read collection {cid!r} but not change it: ask its owner")
    return collection


def _allowed(policy: AccessPolicy, context: AccessContext, collection: KnowledgeCollection, write: bool) -> bool:
    # Only a real True allows: a policy returning a truthy non-bool (or None) refuses.
    return policy.can_access(context, collection, write) is True
