"""Tavily look-alike: `POST /compat/tavily/search` and `POST /compat/tavily/extract`.

Point a client at it with `TavilyClient(api_key="any", api_base_url=f"{server}/compat/tavily")` (or
langchain-tavily's `TavilySearch(api_base_url=…)`); the key, in the body or as `Authorization: Bearer`, is
accepted and ignored.
"""

from __future__ import annotations

import time

from fastapi import APIRouter

from mockapi.http.routers.compat.common import (
    RANGE_DAYS,
    Window,
    day_span,
    page_texts,
    plain,
    recent,
    request_id,
    search,
)
from mockapi.http.routers.web import web_store
from mockapi.http.server.state import Server, ServerState
from mockapi.web.text import visible_text
from mockapi.wire.compat.tavily import (
    TavilyExtracted,
    TavilyExtractRequest,
    TavilyExtractResponse,
    TavilyFailed,
    TavilyResult,
    TavilySearchRequest,
    TavilySearchResponse,
)

router = APIRouter(prefix="/compat/tavily", tags=["compat"])
LETTER = {"d": "day", "w": "week", "m": "month", "y": "year"}


@router.post("/search", response_model=TavilySearchResponse)
def tavily_search(body: TavilySearchRequest, state: Server) -> TavilySearchResponse:
    """Tavily's search over the world's search: a known question's frozen pages, else full-text search up
    to `end_date` (the query time); `time_range` counts back from the world's clock; `answer` is null."""
    started = time.perf_counter()
    hits = search(
        state,
        body.query,
        _window(state, body),
        body.max_results,
        (body.include_domains, body.exclude_domains),
    )
    texts = page_texts(state, [h.page_id for h in hits]) if body.include_raw_content else {}
    results = [
        TavilyResult(
            title=h.entry["page_name"],
            url=h.entry["page_url"],
            content=plain(h.entry["page_snippet"]),
            score=h.score,
            raw_content=texts.get(h.page_id, "") if body.include_raw_content else None,
        )
        for h in hits
    ]
    return TavilySearchResponse(
        query=body.query,
        results=results,
        response_time=round(time.perf_counter() - started, 3),
        request_id=request_id(body),
    )


def _window(state: ServerState, body: TavilySearchRequest) -> Window:
    """`end_date`/`start_date` bound whole days; `time_range` counts back from the world's clock (a range
    and dates together: the narrower bounds of each)."""
    dates = day_span(body.start_date, body.end_date)
    if body.time_range is None:
        return dates
    span = recent(state, RANGE_DAYS[LETTER.get(body.time_range, body.time_range)])
    until = min((t for t in (dates.until, span.until) if t is not None), default=None)
    since = max((t for t in (dates.since, span.since) if t is not None), default=None)
    return Window(until=until, since=since)


@router.post("/extract", response_model=TavilyExtractResponse)
def tavily_extract(body: TavilyExtractRequest, state: Server) -> TavilyExtractResponse:
    """Tavily's extract: the visible text of the world's pages by exact URL (`/web/get_page`'s pages);
    URLs the world lacks are listed in `failed_results`."""
    started = time.perf_counter()
    store = web_store(state)
    results, failed = [], []
    for url in body.url_list():
        page = store.page_by_url(url)
        if page is None:
            failed.append(TavilyFailed(url=url, error="no page at this URL in the world"))
        else:
            results.append(TavilyExtracted(url=url, raw_content=visible_text(page["page_result"] or "")))
    return TavilyExtractResponse(
        results=results,
        failed_results=failed,
        response_time=round(time.perf_counter() - started, 3),
        request_id=request_id(body),
    )
