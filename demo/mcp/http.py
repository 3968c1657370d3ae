"""Streamable HTTP at ``/mcp`` on the HTTP server, behind its bearer tokens and roles.

Every request to ``/mcp`` needs a token of the server's :class:`~demo.server.auth.TokenTable`
(401 problem+json before the MCP SDK sees it, fail closed); the tools then act as that
token's subject and role. A session is bound to the token that opened it: another token,
even of the same subject, gets 404 for it (the SDK compares the principal of each request
with the session's).
"""

from __future__ import annotations

import hashlib
from typing import Any

from fastapi import FastAPI
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.provider import AccessToken
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from starlette.datastructures import Headers
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from demo.mcp.server import build_server
from demo.server.auth import Principal, TokenTable
from demo.server.problems import problem
from demo.store import KnowledgeStore

__all__ = ["PATH", "BearerGate", "mount", "principal_of"]

PATH = "/mcp"


class _TokenUser(AuthenticatedUser):
    """The authenticated caller of one request: its principal, and a fingerprint of its token
    (never the token) that the SDK binds sessions to."""

    def __init__(self, principal: Principal, fingerprint: str) -> None:
        super().__init__(AccessToken(token=fingerprint, client_id=fingerprint, scopes=[principal.role], subject=principal.subject))
        self.principal = principal


class BearerGate:
    """ASGI: a request without a known bearer token gets 401; others go on as their principal."""

    def __init__(self, app: ASGIApp, tokens: TokenTable) -> None:
        self.app = app
        self.tokens = tokens

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        authorization = Headers(scope=scope).get("authorization")
        principal = self.tokens.authenticate(authorization)
        if principal is None or authorization is None:
            response = problem(401, "send a valid bearer token: Authorization: Bearer <token>", headers={"WWW-Authenticate": "Bearer"})
            await response(scope, receive, send)
            return
        fingerprint = hashlib.sha256(authorization.partition(" ")[2].strip().encode("utf-8")).hexdigest()[:32]
        await self.app({**scope, "user": _TokenUser(principal, fingerprint)}, receive, send)


def principal_of(ctx: Context) -> Principal:
    """The principal :class:`BearerGate` authenticated for this request; refuses otherwise."""
    request = ctx.request_context.request
    user = getattr(request, "scope", {}).get("user") if request is not None else None
    if not isinstance(user, _TokenUser):
        raise ToolError("Authentication required: send a valid bearer token: Authorization: Bearer <token>")
    return user.principal


def mount(app: FastAPI, store: KnowledgeStore, tokens: TokenTable, *, chat: Any = None, mini: Any = None,
          host: str = "127.0.0.1") -> StreamableHTTPSessionManager:
    """Serve the store's MCP server at :data:`PATH` on ``app``; the caller runs the returned
    manager (``async with manager.run():``) in the application's lifespan.

    On a loopback ``host`` the SDK's DNS-rebinding protection admits only loopback Host and
    Origin headers; elsewhere the bearer tokens are the protection.
    """
    from demo.server.serve import is_loopback

    server = build_server(store, principal_of, chat=chat, mini=mini)
    security = None if is_loopback(host) else TransportSecuritySettings(enable_dns_rebinding_protection=False)
    sub = server.streamable_http_app(streamable_http_path=PATH, transport_security=security, host=host)
    app.router.routes.append(Route(PATH, BearerGate(sub, tokens), methods=["GET", "POST", "DELETE"], include_in_schema=False))
    return server.session_manager
