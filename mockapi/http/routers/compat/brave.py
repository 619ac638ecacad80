"""Brave Search look-alike: `GET /compat/brave/res/v1/web/search`.

Point a client at it with smolagents' `ApiWebSearchTool(endpoint=f"{server}/compat/brave/res/v1/web/search",
api_key="any")`; the `X-Subscription-Token` header is accepted and ignored.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated
from urllib.parse import urlsplit

from fastapi import APIRouter, Query

from mockapi.http.routers.compat.common import RANGE_DAYS, Hit, Window, day_span, iso_modified, recent, search
from mockapi.http.server.state import Server, ServerState
from mockapi.wire.compat.brave import (
    BraveMetaUrl,
    BraveQuery,
    BraveQueryInfo,
    BraveResult,
    BraveSearchResponse,
    BraveWeb,
)

router = APIRouter(prefix="/compat/brave", tags=["compat"])
PERIOD = {"pd": "day", "pw": "week", "pm": "month", "py": "year"}


@router.get("/res/v1/web/search", response_model=BraveSearchResponse)
def brave_web_search(params: Annotated[BraveQuery, Query()], state: Server) -> BraveSearchResponse:
    """Brave's web search over the world's search: a known question's frozen pages, else full-text search;
    `freshness` counts back from the world's clock or names a span of days."""
    start = params.offset * params.count
    hits = search(state, params.q, _window(state, params.freshness), start + params.count + 1)
    page = hits[start : start + params.count]
    return BraveSearchResponse(
        query=BraveQueryInfo(original=params.q, more_results_available=len(hits) > start + params.count),
        web=BraveWeb(results=[_result(h) for h in page]),
    )


def _window(state: ServerState, freshness: str | None) -> Window:
    if freshness is None:
        return Window()
    if freshness in PERIOD:
        return recent(state, RANGE_DAYS[PERIOD[freshness]])
    first, last = freshness.split("to")
    return day_span(date.fromisoformat(first), date.fromisoformat(last))


def _result(hit: Hit) -> BraveResult:
    url = urlsplit(hit.entry["page_url"])
    path = " › ".join(part for part in url.path.split("/") if part)
    return BraveResult(
        title=hit.entry["page_name"],
        url=hit.entry["page_url"],
        description=hit.entry["page_snippet"],
        page_age=iso_modified(hit.entry),
        meta_url=BraveMetaUrl(
            scheme=url.scheme,
            netloc=url.netloc,
            hostname=url.hostname or "",
            path=f"› {path}" if path else "",
        ),
    )
