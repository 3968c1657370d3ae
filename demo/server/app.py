"""The HTTP API and the web page, on one :class:`~demo.store.KnowledgeStore`.

Every ``/api`` endpoint needs a bearer token (401 otherwise); readers read, operators also
write (403 for a reader that writes); a collection the caller may not see is 404; errors
are problem+json. The page at ``/`` is plain HTML, CSS and JavaScript shipped in the
package (no build step, no CDN) with a strict Content-Security-Policy.

:func:`create_app` is the factory: the application, its lifespan (the ingestion worker,
the MCP server), the body limit and the security headers; the routes live in
:mod:`demo.server.routes`, one module per resource.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import Depends, FastAPI, Request, Response
from starlette.routing import BaseRoute, Match, Route
from starlette.types import Scope

from demo.server.auth import TokenTable
from demo.server.deps import make_deps
from demo.server.limits import BodyLimit
from demo.server.problems import Problem, install_handlers
from demo.server.routes import collections, documents, health, page, reindex, search
from demo.store import KnowledgeStore

__all__ = ["STATIC", "create_app"]

STATIC = Path(__file__).resolve().parent / "static"

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def create_app(
    store: KnowledgeStore,
    tokens: TokenTable,
    *,
    chat: Any = None,
    mini: Any = None,
    worker: bool = True,
    static_dir: Path = STATIC,
    mcp: bool = True,
    host: str = "127.0.0.1",
) -> FastAPI:
    """The FastAPI application serving ``store`` to the holders of ``tokens``.

    With ``worker`` (the default) the store's background ingestion worker runs while the
    application does. ``chat``/``mini`` are chat models (``complete(system, messages)``)
    for answers and routing; without them ``/ask`` answers with sentences extracted from the
    assembled context (``answer_kind`` ``extracted`` or ``not-found``). With ``mcp`` (the
    default) the store's MCP server is at ``/mcp`` (streamable HTTP, the same tokens and
    roles; :mod:`demo.mcp.http`); ``host`` is the address served, for its DNS-rebinding check.
    """
    managers: list[Any] = []

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if worker:
            store.start_worker()
        try:
            async with AsyncExitStack() as stack:
                for manager in managers:
                    await stack.enter_async_context(manager.run())
                yield
        finally:
            if worker:
                store.stop_worker()

    app = FastAPI(
        title="dan + ven knowledge store",
        version="1",
        summary="Collections, durable ingestion, keyword/semantic/hybrid search and questions over dan + ven.",
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    install_handlers(app)
    app.add_middleware(BodyLimit, upload_limit=store.options.max_file_bytes + (1 << 20), other_limit=4 << 20)

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Callable[[Request], Any]) -> Response:
        response: Response = await call_next(request)
        for key, value in SECURITY_HEADERS.items():
            response.headers.setdefault(key, value)
        if request.url.path.startswith("/api/"):
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    deps = make_deps(store, tokens, chat=chat, mini=mini)
    page.install(app, static_dir)
    for module in (health, collections, documents, reindex, search):
        app.include_router(module.router(deps))
    _unknown_api_paths(app, deps.principal)
    if mcp:
        from demo.mcp.http import mount

        managers.append(mount(app, store, tokens, chat=chat, mini=mini, host=host))
    documents.document_upload_schemas(app)
    return app


_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]


def _unknown_api_paths(app: FastAPI, principal: Callable[..., Any]) -> None:
    """Every ``/api/`` request no endpoint takes: 401 without a known token, like every
    other (so the API's shape is not shown to a caller without one), then 405 for a path
    that takes other methods (with ``Allow``) and 404 for none. Registered after every
    router, so it only sees what they leave."""
    routes = list(app.router.routes)

    @app.api_route("/api/{rest:path}", methods=_METHODS, include_in_schema=False)
    def unknown(request: Request, rest: str, who: Any = Depends(principal)) -> Response:
        allowed = sorted(_allowed(routes, request.scope))
        if allowed:
            raise Problem(405, f"{request.method} is not allowed on {request.url.path}: use {', '.join(allowed)}",
                          headers={"Allow": ", ".join(allowed)})
        raise Problem(404, f"no endpoint at {request.url.path}: the API's endpoints are listed at /openapi.json")


def _allowed(routes: Sequence[BaseRoute], scope: Scope) -> set[str]:
    """The methods of the endpoints whose path matches the request's but not its method
    (looking into included routers)."""
    out: set[str] = set()
    for route in routes:
        inner = getattr(route, "original_router", None)  # an included router (FastAPI ≥ 0.16x)
        if inner is not None:
            out |= _allowed(inner.routes, scope)
        elif isinstance(route, Route) and route.matches(scope)[0] == Match.PARTIAL:
            out |= set(route.methods or ())
    return out
