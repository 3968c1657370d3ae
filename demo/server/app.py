"""The HTTP API and the web page, on one :class:`~demo.store.KnowledgeStore`.

Every ``/api`` endpoint needs a bearer token (401 otherwise); readers read, operators also
write (403 for a reader that writes); a collection the caller may not see is 404; errors
are problem+json. The page at ``/`` is plain HTML, CSS and JavaScript shipped in the
package (no build step, no CDN) with a strict Content-Security-Policy.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fastapi import Depends, FastAPI, Request, Response
from fastapi.concurrency import iterate_in_threadpool, run_in_threadpool
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    StreamingResponse,
)
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError

from dan.detect import extensions, format_names
from dan.formats import mime_types
from demo.server.auth import Principal, TokenTable
from demo.server.convert import answered, ask_options, ask_out, collection_out, job_out, passage_out, source_out
from demo.server.limits import BodyLimit
from demo.server.problems import Problem, install_handlers
from demo.server.schemas import (
    AskIn,
    AskOut,
    ChunksUpload,
    CollectionIn,
    CollectionOut,
    Formats,
    Health,
    JobAccepted,
    JobOut,
    PassageOut,
    SearchIn,
    SearchOut,
    SourceOut,
    TextUpload,
    WhoAmI,
)
from demo.store import AccessContext, AskResult, KnowledgeStore

__all__ = ["STATIC", "create_app"]

log = logging.getLogger("demo.server")

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
# Swagger UI runs inline code; it gets its own, still local-only policy.
DOCS_CSP = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'"


def _stream(chat: Any, system: str, messages: list[tuple[str, str]]) -> Iterator[str]:
    """The answer in pieces: the model's own stream when it has one, else the whole answer."""
    stream = getattr(chat, "stream", None)
    if callable(stream):
        yield from stream(system, messages)
    else:
        yield chat.complete(system, messages)


def _sse(event: str, data: Any) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


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

    def principal(request: Request) -> Principal:
        found = tokens.authenticate(request.headers.get("authorization"))
        if found is None:
            raise Problem(401, "send a valid bearer token: Authorization: Bearer <token>", headers={"WWW-Authenticate": "Bearer"})
        return found

    def operator(who: Principal = Depends(principal)) -> Principal:
        if not who.can_write:
            raise Problem(403, "this token has the reader role: changes need an operator token")
        return who

    def access(who: Principal) -> AccessContext:
        return AccessContext(who.subject)

    # ------------------------------------------------------------------ page, health, docs

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(static_dir / "index.html", media_type="text/html; charset=utf-8")

    app.mount("/static", StaticFiles(directory=static_dir), name="static")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        # Browsers ask for /favicon.ico whatever the page links: the same SVG icon, no 404.
        return FileResponse(static_dir / "favicon.svg", media_type="image/svg+xml")

    @app.get("/api/formats", response_model=Formats, tags=["health"], summary="The formats dan reads (no authentication)")
    def formats() -> Formats:
        return Formats(names=format_names(), extensions=list(extensions()), mime_types=list(mime_types()))

    @app.get("/healthz", response_model=Health, tags=["health"], summary="Liveness (no authentication)")
    def healthz() -> Health:
        return Health(status="ok")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        page = get_swagger_ui_html(
            openapi_url="/openapi.json",
            title="dan + ven API",
            swagger_js_url="/docs-assets/swagger-ui-bundle.js",
            swagger_css_url="/docs-assets/swagger-ui.css",
            swagger_favicon_url="/docs-assets/favicon-32x32.png",
        )
        page.headers["Content-Security-Policy"] = DOCS_CSP
        return page

    try:
        import swagger_ui_bundle

        app.mount("/docs-assets", StaticFiles(directory=swagger_ui_bundle.swagger_ui_path), name="docs-assets")
    except ImportError:  # the docs page then shows only its title; /openapi.json is complete
        log.warning("swagger-ui-bundle is not installed: /docs cannot load its assets")

    @app.get("/api/whoami", response_model=WhoAmI, tags=["health"], summary="The caller's subject and role")
    def whoami(who: Principal = Depends(principal)) -> WhoAmI:
        return WhoAmI.model_validate({"subject": who.subject, "role": who.role})

    # ------------------------------------------------------------------ collections

    @app.post("/api/collections", status_code=201, response_model=CollectionOut, tags=["collections"])
    def create_collection(body: CollectionIn, who: Principal = Depends(operator)) -> CollectionOut:
        c = store.create_collection(body.name, access(who))
        return collection_out(c)

    @app.get("/api/collections", response_model=list[CollectionOut], tags=["collections"])
    def list_collections(who: Principal = Depends(principal)) -> list[CollectionOut]:
        return [collection_out(c) for c in store.list_collections(access(who))]

    @app.get("/api/collections/{cid}", response_model=CollectionOut, tags=["collections"])
    def get_collection(cid: str, who: Principal = Depends(principal)) -> CollectionOut:
        c = store.get_collection(cid, access(who))
        return collection_out(c)

    @app.patch("/api/collections/{cid}", response_model=CollectionOut, tags=["collections"])
    def rename_collection(cid: str, body: CollectionIn, who: Principal = Depends(operator)) -> CollectionOut:
        c = store.rename_collection(cid, body.name, access(who))
        return collection_out(c)

    @app.delete("/api/collections/{cid}", status_code=204, tags=["collections"])
    def delete_collection(cid: str, who: Principal = Depends(operator)) -> Response:
        store.delete_collection(cid, access(who))
        return Response(status_code=204)

    # ------------------------------------------------------------------ documents and jobs

    upload_schema = {
        "requestBody": {
            "required": True,
            "content": {
                "multipart/form-data": {
                    "schema": {"type": "object", "required": ["file"], "properties": {"file": {"type": "string", "format": "binary"}}}
                },
                "application/json": {
                    "schema": {"oneOf": [{"$ref": "#/components/schemas/TextUpload"}, {"$ref": "#/components/schemas/ChunksUpload"}]}
                },
            },
        }
    }

    @app.post(
        "/api/knowledge/{cid}/documents",
        status_code=202,
        response_model=JobAccepted,
        tags=["documents"],
        openapi_extra=upload_schema,
        summary="Upload a file (multipart 'file'), text ({file_name, text}) or dan's chunks ({file_name, chunks})",
    )
    async def upload(cid: str, request: Request, who: Principal = Depends(operator)) -> JobAccepted:
        ctx = access(who)
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if ctype == "multipart/form-data":
            form = await request.form(max_files=1, max_fields=4)
            try:
                upload = form.get("file")
                if upload is None or isinstance(upload, str):
                    raise Problem(422, "the multipart body needs a 'file' part holding the document")
                data = await upload.read()
                name = upload.filename or ""
            finally:
                await form.close()
            job_id = await run_in_threadpool(store.enqueue, cid, name, data, ctx)
            return JobAccepted(job_id=job_id)
        if ctype == "application/json":
            body = await request.body()
            try:
                raw = await run_in_threadpool(json.loads, body)
            except (ValueError, RecursionError) as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
                raise Problem(422, f"the body is not JSON ({exc.__class__.__name__}): send {{\"file_name\", \"text\"}} or {{\"file_name\", \"chunks\"}}") from None
            try:
                if isinstance(raw, dict) and "chunks" in raw:
                    chunks = await run_in_threadpool(ChunksUpload.model_validate, raw)
                    items = [{"text": c.text, "record": c.record} for c in chunks.chunks]
                    job_id = await run_in_threadpool(store.enqueue_chunks, cid, chunks.file_name, items, ctx)
                else:
                    text = TextUpload.model_validate(raw)
                    job_id = await run_in_threadpool(store.enqueue, cid, text.file_name, text.text.encode("utf-8", "surrogatepass"), ctx)
            except ValidationError as exc:
                errors = [{"field": ".".join(str(x) for x in e["loc"]) or "body", "message": e["msg"]} for e in exc.errors()[:20]]
                raise Problem(422, f"{errors[0]['field']}: {errors[0]['message']}", errors=errors) from None
            return JobAccepted(job_id=job_id)
        raise Problem(415, "send multipart/form-data with a 'file' part, or JSON {file_name, text} or {file_name, chunks}")

    @app.get("/api/knowledge/{cid}/jobs", response_model=list[JobOut], tags=["jobs"])
    def list_jobs(cid: str, who: Principal = Depends(principal)) -> list[JobOut]:
        return [job_out(j) for j in store.list_jobs(cid, access(who))]

    @app.get("/api/knowledge/{cid}/jobs/{jid}", response_model=JobOut, tags=["jobs"])
    def get_job(cid: str, jid: str, who: Principal = Depends(principal)) -> JobOut:
        return job_out(store.get_job(cid, jid, access(who)))

    @app.post("/api/knowledge/{cid}/jobs/{jid}/retry", status_code=202, response_model=JobOut, tags=["jobs"])
    def retry_job(cid: str, jid: str, who: Principal = Depends(operator)) -> JobOut:
        return job_out(store.retry_job(cid, jid, access(who)))

    @app.post("/api/knowledge/{cid}/jobs/{jid}/confirm", status_code=202, response_model=JobOut, tags=["jobs"])
    def confirm_job(cid: str, jid: str, who: Principal = Depends(operator)) -> JobOut:
        return job_out(store.confirm_job(cid, jid, access(who)))

    @app.post("/api/knowledge/{cid}/jobs/{jid}/cancel", status_code=204, tags=["jobs"])
    def cancel_job(cid: str, jid: str, who: Principal = Depends(operator)) -> Response:
        store.cancel_job(cid, jid, access(who))
        return Response(status_code=204)

    @app.get("/api/knowledge/{cid}/documents", response_model=list[SourceOut], tags=["documents"])
    def list_documents(cid: str, who: Principal = Depends(principal)) -> list[SourceOut]:
        return [source_out(s) for s in store.list_sources(cid, access(who))]

    @app.get(
        "/api/knowledge/{cid}/documents/{document_id}/source",
        tags=["documents"],
        response_class=Response,
        responses={200: {"content": {"application/octet-stream": {}}, "description": "the stored bytes"}},
    )
    def download(cid: str, document_id: str, who: Principal = Depends(principal)) -> Response:
        ctx = access(who)
        active = [s for s in store.list_sources(cid, ctx) if s.document_id == document_id]
        if not active:
            raise Problem(404, f"document {document_id!r} has no active version in this collection: list the documents")
        found = store.download_source(cid, active[0].version_id, ctx)
        disposition = f"attachment; filename*=UTF-8''{quote(found.file_name, safe='')}"
        return Response(found.content, media_type="application/octet-stream", headers={"Content-Disposition": disposition})

    @app.get("/api/knowledge/{cid}/documents/{document_id}/passages", response_model=list[PassageOut], tags=["documents"])
    def document_passages(cid: str, document_id: str, offset: int = 0, limit: int = 100, who: Principal = Depends(principal)) -> list[PassageOut]:
        return [passage_out(p) for p in store.list_passages(cid, document_id, access(who), offset=offset, limit=limit)]

    @app.delete("/api/knowledge/{cid}/documents/{document_id}", status_code=204, tags=["documents"])
    def delete_document(cid: str, document_id: str, who: Principal = Depends(operator)) -> Response:
        store.delete_source(cid, document_id, access(who))  # idempotent: an unknown id also answers 204
        return Response(status_code=204)

    # ------------------------------------------------------------------ search and questions

    @app.post("/api/knowledge/{cid}/search", response_model=SearchOut, tags=["search"])
    def search(cid: str, body: SearchIn, who: Principal = Depends(principal)) -> SearchOut:
        res = store.search(
            cid, body.query, access(who), mode=body.mode, limit=body.limit, budget=body.budget, filters=body.filters,
            include_documents=body.include_documents, exclude_documents=body.exclude_documents, version_id=body.version_id,
        )
        return SearchOut(mode=res.mode.value, passages=[passage_out(p) for p in res.passages], estimated_tokens=res.estimated_tokens,
                         notice=res.notice)

    @app.get("/api/knowledge/{cid}/passages/{pid}", response_model=PassageOut, tags=["search"])
    def get_passage(cid: str, pid: str, who: Principal = Depends(principal)) -> PassageOut:
        return passage_out(store.get_passage(cid, pid, access(who)))

    @app.post(
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

    if mcp:
        from demo.mcp.http import mount

        managers.append(mount(app, store, tokens, chat=chat, mini=mini, host=host))
    _document_upload_schemas(app)
    return app


def _document_upload_schemas(app: FastAPI) -> None:
    """Put the JSON upload bodies (read by hand in ``upload``) into the OpenAPI components."""
    base = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        spec = base()
        components = spec.setdefault("components", {}).setdefault("schemas", {})
        for model in (TextUpload, ChunksUpload):
            schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
            for name, sub in schema.pop("$defs", {}).items():
                components.setdefault(name, sub)
            components[model.__name__] = schema
        app.openapi_schema = spec
        return spec

    app.openapi = openapi  # type: ignore[method-assign]
