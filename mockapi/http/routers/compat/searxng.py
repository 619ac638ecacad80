"""SearXNG look-alike: `GET /compat/searxng/search?format=json`, and the same at `GET /compat/searxng`
(LangChain's `SearxSearchWrapper(searx_host=f"{server}/compat/searxng")` queries the host URL itself)."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlsplit

from fastapi import APIRouter, Query

from mockapi.http.routers.compat.common import (
    MAX_HITS,
    RANGE_DAYS,
    Hit,
    Window,
    iso_modified,
    plain,
    recent,
    search,
)
from mockapi.http.server.state import Server
from mockapi.wire.compat.searxng import PAGE_SIZE, SearxQuery, SearxResponse, SearxResult

router = APIRouter(prefix="/compat/searxng", tags=["compat"])


@router.get("/search", response_model=SearxResponse)
def searxng_search(params: Annotated[SearxQuery, Query()], state: Server) -> SearxResponse:
    """SearXNG's JSON search over the world's search: a known question's frozen pages, else full-text
    search; `time_range` counts back from the world's clock."""
    window = recent(state, RANGE_DAYS[params.time_range]) if params.time_range else Window()
    hits = search(state, params.q, window, MAX_HITS)
    start = (params.pageno - 1) * PAGE_SIZE
    return SearxResponse(
        query=params.q,
        number_of_results=len(hits),
        results=[_result(h) for h in hits[start : start + PAGE_SIZE]],
    )


@router.get("", response_model=SearxResponse)
def searxng_root(params: Annotated[SearxQuery, Query()], state: Server) -> SearxResponse:
    """The same search at the instance's root, where SearXNG answers too."""
    return searxng_search(params, state)


def _result(hit: Hit) -> SearxResult:
    parts = urlsplit(hit.entry["page_url"])
    return SearxResult(
        url=hit.entry["page_url"],
        title=hit.entry["page_name"],
        content=plain(hit.entry["page_snippet"]),
        positions=[hit.rank],
        score=hit.score,
        parsed_url=[parts.scheme, parts.netloc, parts.path, "", parts.query, parts.fragment],
        publishedDate=iso_modified(hit.entry),
    )
