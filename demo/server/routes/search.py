"""``/api/knowledge/{cid}/search``, ``/passages/{pid}`` and ``/ask`` (a JSON answer, or with
``Accept: text/event-stream`` the context, then the answer as it is written)."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.concurrency import iterate_in_threadpool, run_in_threadpool
from fastapi.responses import JSONResponse, StreamingResponse

from demo.server.auth import Principal
from demo.server.convert import answered, ask_options, ask_out, passage_out
from demo.server.deps import Deps, access
from demo.server.schemas import AskIn, AskOut, PassageOut, SearchIn, SearchOut
from demo.store import AskResult

__all__ = ["router"]

log = logging.getLogger("demo.server")


def _stream(chat: Any, system: str, messages: list[tuple[str, str]]) -> Iterator[str]:
    """The answer in pieces: the model's own stream when it has one, else the whole answer."""
    stream = getattr(chat, "stream", None)
    if callable(stream):
        yield from stream(system, messages)
    else:
        yield chat.complete(system, messages)


def _sse(event: str, data: Any) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


def router(deps: Deps) -> APIRouter:
    """The search and question routes."""
    r = APIRouter()
    store, principal, chat, mini = deps.store, deps.principal, deps.chat, deps.mini

    @r.post("/api/knowledge/{cid}/search", response_model=SearchOut, tags=["search"])
    def search(cid: str, body: SearchIn, who: Principal = Depends(principal)) -> SearchOut:
        res = store.search(
            cid, body.query, access(who), mode=body.mode, limit=body.limit, budget=body.budget, filters=body.filters,
            include_documents=body.include_documents, exclude_documents=body.exclude_documents, version_id=body.version_id,
        )
        return SearchOut(mode=res.mode.value, passages=[passage_out(p) for p in res.passages], estimated_tokens=res.estimated_tokens,
                         notice=res.notice)

    @r.get("/api/knowledge/{cid}/passages/{pid}", response_model=PassageOut, tags=["search"])
    def get_passage(cid: str, pid: str, who: Principal = Depends(principal)) -> PassageOut:
        return passage_out(store.get_passage(cid, pid, access(who)))

    @r.post(
        "/api/knowledge/{cid}/ask",
        response_model=AskOut,
        tags=["search"],
        responses={200: {"content": {"text/event-stream": {}}, "description": "with Accept: text/event-stream, the answer streams"}},
    )
    async def ask(cid: str, body: AskIn, request: Request, who: Principal = Depends(principal)) -> Any:
        options = ask_options(max_tokens=body.max_tokens, routing=body.routing, structure=body.structure, chat=chat, mini=mini)
        result: AskResult = await run_in_threadpool(
            lambda: store.ask(cid, body.question, access(who), options=options, mode=body.mode, mini=mini)
        )
        messages = [("user", result.question)]
        streaming = "text/event-stream" in request.headers.get("accept", "")
        generate = chat is not None and bool(result.context)
        if not streaming:
            return JSONResponse((await run_in_threadpool(answered, result, chat)).model_dump())

        async def events() -> AsyncIterator[bytes]:
            meta = ask_out(result, None, "generated" if generate else result.answer_kind).model_dump()
            meta.pop("answer")
            yield _sse("context", meta)
            parts: list[str] = []
            if not generate and result.answer is not None:
                parts.append(result.answer)
                yield _sse("answer", {"text": result.answer})
            if generate:
                assert chat is not None
                try:
                    async for piece in iterate_in_threadpool(_stream(chat, result.system_prompt, messages)):
                        parts.append(piece)
                        yield _sse("answer", {"text": piece})
                except Exception:  # the stream has begun: report it as an event, the log has the traceback
                    log.exception("the chat model failed while streaming an answer")
                    yield _sse("error", {"status": 502, "detail": "the chat model failed while answering; try again"})
                    return
            yield _sse("done", {"answer": "".join(parts) if parts else None})

        return StreamingResponse(events(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    return r
