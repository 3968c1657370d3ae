"""``/api/collections``: create, list, read, rename and delete collections."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Response

from demo.server.auth import Principal
from demo.server.convert import collection_out
from demo.server.deps import Deps, access
from demo.server.schemas import CollectionIn, CollectionOut

__all__ = ["router"]


def router(deps: Deps) -> APIRouter:
    """The collection routes."""
    r = APIRouter()
    store, principal, operator = deps.store, deps.principal, deps.operator

    @r.post("/api/collections", status_code=201, response_model=CollectionOut, tags=["collections"])
    def create_collection(body: CollectionIn, who: Principal = Depends(operator)) -> CollectionOut:
        c = store.create_collection(body.name, access(who))
        return collection_out(c)

    @r.get("/api/collections", response_model=list[CollectionOut], tags=["collections"])
    def list_collections(who: Principal = Depends(principal)) -> list[CollectionOut]:
        return [collection_out(c) for c in store.list_collections(access(who))]

    @r.get("/api/collections/{cid}", response_model=CollectionOut, tags=["collections"])
    def get_collection(cid: str, who: Principal = Depends(principal)) -> CollectionOut:
        c = store.get_collection(cid, access(who))
        return collection_out(c)

    @r.patch("/api/collections/{cid}", response_model=CollectionOut, tags=["collections"])
    def rename_collection(cid: str, body: CollectionIn, who: Principal = Depends(operator)) -> CollectionOut:
        c = store.rename_collection(cid, body.name, access(who))
        return collection_out(c)

    @r.delete("/api/collections/{cid}", status_code=204, tags=["collections"])
    def delete_collection(cid: str, who: Principal = Depends(operator)) -> Response:
        store.delete_collection(cid, access(who))
        return Response(status_code=204)

    return r
