"""/open/*: encyclopedia entities."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from mockapi.http.routers.common import KG_DEPENDENCIES, Search, result, served
from mockapi.store import open as store
from mockapi.wire import Envelope, OpenEntity, QueryOpenEntity, QueryOpenName

router = APIRouter(prefix="/open", tags=["open"], dependencies=KG_DEPENDENCIES)


@router.post("/search_entity_by_name", response_model=Envelope[list[str]])
def search_entity_by_name(body: QueryOpenName, search: Search) -> Response:
    """Up to 10 entity names matching the query (BM25 over normalised names; see /meta `search`)."""
    return result(store.search_entity_by_name(search, body.query))


@router.post("/get_entity", response_model=Envelope[OpenEntity | None])
async def get_entity(body: QueryOpenEntity, request: Request) -> Response:
    """The entity with exactly this name, or null."""
    return served(request, "open_entity", body.query)
