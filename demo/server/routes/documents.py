"""``/api/knowledge/{cid}/documents`` and ``/jobs``: uploads (a file, text or dan's chunks),
the ingestion jobs they start, the documents, their stored bytes and passages."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, FastAPI, Request, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import ValidationError

from demo.server.auth import Principal
from demo.server.convert import job_out, passage_out, source_out
from demo.server.deps import Deps, access
from demo.server.problems import Problem
from demo.server.schemas import ChunksUpload, JobAccepted, JobOut, PassageOut, SourceOut, TextUpload

__all__ = ["UPLOAD_SCHEMA", "document_upload_schemas", "router"]

#: The two request bodies of an upload (read by hand in ``upload``), for the OpenAPI document.
UPLOAD_SCHEMA: dict[str, Any] = {
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


def router(deps: Deps) -> APIRouter:
    """The document and job routes."""
    r = APIRouter()
    store, principal, operator = deps.store, deps.principal, deps.operator

    @r.post(
        "/api/knowledge/{cid}/documents",
        status_code=202,
        response_model=JobAccepted,
        tags=["documents"],
        openapi_extra=UPLOAD_SCHEMA,
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

    @r.get("/api/knowledge/{cid}/jobs", response_model=list[JobOut], tags=["jobs"])
    def list_jobs(cid: str, who: Principal = Depends(principal)) -> list[JobOut]:
        return [job_out(j) for j in store.list_jobs(cid, access(who))]

    @r.get("/api/knowledge/{cid}/jobs/{jid}", response_model=JobOut, tags=["jobs"])
    def get_job(cid: str, jid: str, who: Principal = Depends(principal)) -> JobOut:
        return job_out(store.get_job(cid, jid, access(who)))

    @r.post("/api/knowledge/{cid}/jobs/{jid}/retry", status_code=202, response_model=JobOut, tags=["jobs"])
    def retry_job(cid: str, jid: str, who: Principal = Depends(operator)) -> JobOut:
        return job_out(store.retry_job(cid, jid, access(who)))

    @r.post("/api/knowledge/{cid}/jobs/{jid}/confirm", status_code=202, response_model=JobOut, tags=["jobs"])
    def confirm_job(cid: str, jid: str, who: Principal = Depends(operator)) -> JobOut:
        return job_out(store.confirm_job(cid, jid, access(who)))

    @r.post("/api/knowledge/{cid}/jobs/{jid}/cancel", status_code=204, tags=["jobs"])
    def cancel_job(cid: str, jid: str, who: Principal = Depends(operator)) -> Response:
        store.cancel_job(cid, jid, access(who))
        return Response(status_code=204)

    @r.get("/api/knowledge/{cid}/documents", response_model=list[SourceOut], tags=["documents"])
    def list_documents(cid: str, who: Principal = Depends(principal)) -> list[SourceOut]:
        return [source_out(s) for s in store.list_sources(cid, access(who))]

    @r.get(
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

    @r.get("/api/knowledge/{cid}/documents/{document_id}/passages", response_model=list[PassageOut], tags=["documents"])
    def document_passages(cid: str, document_id: str, offset: int = 0, limit: int = 100, who: Principal = Depends(principal)) -> list[PassageOut]:
        return [passage_out(p) for p in store.list_passages(cid, document_id, access(who), offset=offset, limit=limit)]

    @r.delete("/api/knowledge/{cid}/documents/{document_id}", status_code=204, tags=["documents"])
    def delete_document(cid: str, document_id: str, who: Principal = Depends(operator)) -> Response:
        store.delete_source(cid, document_id, access(who))  # idempotent: an unknown id also answers 204
        return Response(status_code=204)

    return r


def document_upload_schemas(app: FastAPI) -> None:
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
