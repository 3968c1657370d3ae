"""``/api/knowledge/{cid}/reindex``: how many sources are stale, and a bounded batch of
durable reindex jobs to bring them to the server's configuration (operators only)."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Query

from demo.server.auth import Principal
from demo.server.deps import Deps, access
from demo.server.schemas import ReindexAccepted, ReindexOut, SkippedOut
from demo.store import ReindexStatus

__all__ = ["router"]


def status_out(s: ReindexStatus) -> ReindexOut:
    """The API body of a collection's reindex status."""
    return ReindexOut(sources=s.sources, current=s.current, stale=s.stale, pending=s.pending, failed=s.failed, done=s.done)


def router(deps: Deps) -> APIRouter:
    """The reindex routes."""
    r = APIRouter()
    store, principal, operator = deps.store, deps.principal, deps.operator
    most = store.options.max_pending_jobs
    batch = max(1, most // 4)

    @r.get("/api/knowledge/{cid}/reindex", response_model=ReindexOut, tags=["jobs"])
    def reindex_status(cid: str, who: Principal = Depends(principal)) -> ReindexOut:
        return status_out(store.reindex_status(cid, access(who)))

    @r.post(
        "/api/knowledge/{cid}/reindex",
        status_code=202,
        response_model=ReindexAccepted,
        tags=["jobs"],
        summary="Queue a bounded batch of reindex jobs for the collection's stale sources (operators)",
    )
    def reindex(
        cid: str,
        limit: int = Query(batch, ge=1, le=most, description="jobs queued by this call at most (default: a quarter of the pending-job limit)"),
        who: Principal = Depends(operator),
    ) -> ReindexAccepted:
        ctx = access(who)
        queued = store.reindex_collection(cid, ctx, limit=limit)
        return ReindexAccepted(
            job_ids=list(queued.job_ids),
            skipped=[SkippedOut(file_name=f, reason=why) for f, why in queued.skipped],
            status=status_out(store.reindex_status(cid, ctx)),
        )

    return r
