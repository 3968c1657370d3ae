"""Errors as ``application/problem+json`` (RFC 9457): status, title, and a detail that says what to do.

No response ever carries a stack trace: an unexpected error is logged with its traceback
and answered 500 with a generic detail.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from demo.store import StoreError

__all__ = ["PROBLEM_TYPE", "Problem", "install_handlers", "problem"]

log = logging.getLogger("demo.server")

PROBLEM_TYPE = "application/problem+json"

_TITLES = {
    400: "Bad request",
    401: "Authentication required",
    403: "Forbidden",
    404: "Not found",
    405: "Method not allowed",
    409: "Conflict",
    413: "Request too large",
    415: "Unsupported media type",
    422: "Invalid request",
    429: "Too many requests",
    500: "Internal server error",
    503: "Service unavailable",
}


class Problem(Exception):
    """An error the API answers with as problem+json."""

    def __init__(self, status: int, detail: str, title: str | None = None, headers: Mapping[str, str] | None = None,
                 errors: Sequence[Mapping[str, Any]] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.title = title or _TITLES.get(status, "Error")
        self.headers = dict(headers or {})
        self.errors = list(errors or [])


def problem(status: int, detail: str, title: str | None = None, headers: Mapping[str, str] | None = None,
            errors: Sequence[Mapping[str, Any]] | None = None) -> JSONResponse:
    """A problem+json response."""
    body: dict[str, Any] = {"type": "about:blank", "title": title or _TITLES.get(status, "Error"), "status": status, "detail": detail}
    if errors:
        body["errors"] = list(errors)
    return JSONResponse(body, status_code=status, headers=dict(headers or {}), media_type=PROBLEM_TYPE)


def _validation_errors(exc: RequestValidationError) -> list[dict[str, Any]]:
    out = []
    for err in exc.errors()[:20]:
        if err.get("type") == "json_invalid":  # (its location is a character offset, not a field)
            at = next((x for x in err.get("loc", ()) if isinstance(x, int)), None)
            where = f" at character {at}" if at is not None else ""
            out.append({"field": "body", "message": f"the body is not valid JSON{where}: send one JSON object"})
            continue
        loc = [str(x) for x in err.get("loc", ()) if x != "body"]
        out.append({"field": ".".join(loc) or "body", "message": str(err.get("msg", "invalid"))})
    return out


def install_handlers(app: FastAPI) -> None:
    """Answer every error as problem+json."""

    @app.exception_handler(Problem)
    async def _problem(_request: Request, exc: Problem) -> JSONResponse:
        return problem(exc.status, exc.detail, exc.title, exc.headers, exc.errors)

    @app.exception_handler(StoreError)
    async def _store(_request: Request, exc: StoreError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else {}
        if exc.status == 429:
            headers["Retry-After"] = str(exc.retry_after)
        detail = str(exc)
        if exc.status >= 500:
            # The database's or provider's own words name hosts, users and paths: log them, say less.
            log.warning("%s: %s", type(exc).__name__, exc)
            detail = getattr(exc, "public_detail", None) or (
                f"{exc.title}: the knowledge store or its embedding provider is unavailable right now; try again "
                "(the server's log has the details)"
            )
            headers["Retry-After"] = "5"
        return problem(exc.status, detail, exc.title, headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = _validation_errors(exc)
        first = errors[0] if errors else {"field": "body", "message": "invalid"}
        detail = f"{first['field']}: {first['message']}" + (f" (and {len(errors) - 1} more)" if len(errors) > 1 else "")
        return problem(422, detail + ": fix the request as described in /openapi.json", errors=errors)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail = exc.detail if isinstance(exc.detail, str) and exc.detail else _TITLES.get(exc.status_code, "Error")
        if exc.status_code == 404:
            detail = "no such endpoint: see /docs for the API"
        elif exc.status_code == 405:
            detail = "this method is not allowed here: see /docs for the API"
        return problem(exc.status_code, detail, headers=getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def _unexpected(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error while serving a request")
        return problem(500, "the server failed to handle the request; its log has the details — try again, or report it")
