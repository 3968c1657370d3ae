"""Request bodies are bounded while they stream in, never after buffering them.

A body announced (``Content-Length``) or found (counting the chunks as they arrive) to be
over the limit is answered 413 at once; uploads get the store's file limit plus room for
the multipart framing, every other request a few MiB.
"""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.exceptions import HTTPException

__all__ = ["BodyLimit", "TooLarge"]

_UPLOAD = re.compile(r"^/api/knowledge/[^/]+/documents/?$")

Scope = dict[str, Any]
Message = dict[str, Any]


class TooLarge(HTTPException):
    """Raised from inside the body stream: FastAPI passes HTTP exceptions through unchanged."""

    def __init__(self, detail: str) -> None:
        super().__init__(status_code=413, detail=detail)


class BodyLimit:
    """ASGI middleware: 413 problem+json for a body over its route's limit."""

    def __init__(self, app: Any, upload_limit: int, other_limit: int) -> None:
        self.app = app
        self.upload_limit = upload_limit
        self.other_limit = other_limit

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        upload = scope["method"] == "POST" and bool(_UPLOAD.match(scope["path"]))
        limit = self.upload_limit if upload else self.other_limit
        what = "the upload" if upload else "the request body"
        declared = None
        for key, value in scope.get("headers", ()):
            if key == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = None
        if declared is not None and declared > limit:
            await _refuse(send, limit, what, declared)
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message: Message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise TooLarge(_detail(limit, what, None))
            return message

        async def tracked(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, tracked)
        except TooLarge:
            if not started:
                await _refuse(send, limit, what, None)


def _detail(limit: int, what: str, declared: int | None) -> str:
    size = f" is {declared:,} bytes," if declared is not None else " is"
    return f"{what}{size} over the limit of {limit:,} bytes: split the document or ask the operator to raise the store's max_file_bytes"


async def _refuse(send: Any, limit: int, what: str, declared: int | None) -> None:
    body = json.dumps(
        {"type": "about:blank", "title": "Request too large", "status": 413, "detail": _detail(limit, what, declared)}
    ).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/problem+json"), (b"content-length", str(len(body)).encode()), (b"connection", b"close")],
        }
    )
    await send({"type": "http.response.body", "body": body})
