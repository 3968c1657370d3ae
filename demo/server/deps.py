"""What the route modules share: the store, the chat models and the two authentication
dependencies (:func:`make_deps`), and the caller's :class:`~demo.store.AccessContext`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import frozen
from fastapi import Depends, Request

from demo.server.auth import Principal, TokenTable
from demo.server.problems import Problem
from demo.store import AccessContext, KnowledgeStore

__all__ = ["Deps", "access", "make_deps"]


@frozen
class Deps:
    """The store, the chat models (``None`` without) and the FastAPI dependencies
    ``principal`` (any valid token, else 401) and ``operator`` (a token that may write,
    else 403)."""

    store: KnowledgeStore
    principal: Callable[..., Principal]
    operator: Callable[..., Principal]
    chat: Any = None
    mini: Any = None


def make_deps(store: KnowledgeStore, tokens: TokenTable, *, chat: Any = None, mini: Any = None) -> Deps:
    """The :class:`Deps` of an application serving ``store`` to the holders of ``tokens``."""

    def principal(request: Request) -> Principal:
        found = tokens.authenticate(request.headers.get("authorization"))
        if found is None:
            raise Problem(401, "send a valid bearer token: Authorization: Bearer <token>", headers={"WWW-Authenticate": "Bearer"})
        return found

    def operator(who: Principal = Depends(principal)) -> Principal:
        if not who.can_write:
            raise Problem(403, "this token has the reader role: changes need an operator token")
        return who

    return Deps(store, principal, operator, chat, mini)


def access(who: Principal) -> AccessContext:
    """The store's access context of an authenticated caller."""
    return AccessContext(who.subject)
