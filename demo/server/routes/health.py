"""``/api/formats`` and ``/healthz`` (no authentication) and ``/api/whoami``."""

from __future__ import annotations

from fastapi import APIRouter, Depends

from dan.detect import extensions, format_names
from dan.formats import mime_types
from demo.server.auth import Principal
from demo.server.deps import Deps
from demo.server.schemas import Formats, Health, WhoAmI

__all__ = ["router"]


def router(deps: Deps) -> APIRouter:
    """The health routes."""
    r = APIRouter()

    @r.get("/api/formats", response_model=Formats, tags=["health"], summary="The formats dan reads (no authentication)")
    def formats() -> Formats:
        return Formats(names=format_names(), extensions=list(extensions()), mime_types=list(mime_types()))

    @r.get("/healthz", response_model=Health, tags=["health"], summary="Liveness (no authentication)")
    def healthz() -> Health:
        return Health(status="ok")

    @r.get("/api/whoami", response_model=WhoAmI, tags=["health"], summary="The caller's subject and role")
    def whoami(who: Principal = Depends(deps.principal)) -> WhoAmI:
        return WhoAmI.model_validate({"subject": who.subject, "role": who.role})

    return r
