"""`/web/search` and `/web/get_page`: frozen results of known questions, and free-text search otherwise.

Responses are serialised with orjson straight from dicts: a Task 3 answer is up to 50 pages of raw HTML
(tens of MB), which pydantic response validation would copy for nothing. The models still document them.
A body with HTML is streamed as the client reads it, 64 KiB at a time, never whole
(mockapi/web/body_stream.py): a client that asks for one and never reads holds a chunk or two, not 16 MB.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from datetime import datetime

import orjson
from fastapi import APIRouter, Request
from starlette.responses import Response, StreamingResponse

from mockapi.http.routers.admin import require_admin_token
from mockapi.http.routers.common import result
from mockapi.http.server.state import Server, ServerState
from mockapi.web.html_store import Entry
from mockapi.web.page_frames import MEDIA_TYPE, wants_frames
from mockapi.web.page_store import WebStore
from mockapi.web.perturb import perturbed_search
from mockapi.web.taskview import view_for_task
from mockapi.wire.errors import ApiError, ErrorBody
from mockapi.wire.web import GET_PAGE, SEARCH, GetPageRequest, SearchRequest

router = APIRouter(tags=["web"])  # paths and models: mockapi/wire/web.py (WEB_ROUTES)


def web_store(state: ServerState) -> WebStore:
    """The world's page store (opened by the app's lifespan); 503 for a world without one."""
    if state.web is None:
        raise ApiError(503, "unavailable", "this world has no page store (pages.duckdb)")
    return state.web


@router.post(
    SEARCH.path,
    response_model=SEARCH.response,
    responses={401: {"model": ErrorBody, "description": "Evidence perturbation without the admin token"}},
)
def search(body: SearchRequest, request: Request, state: Server) -> Response:
    """Frozen results of a known question (by id, or by its exact text), else full-text search."""
    store, task = web_store(state), state.settings.task
    if body.perturbed():  # noise ratio / negative rejection / counterfactual (mockapi/web/perturb.py)
        # comparing a perturbed list with the plain one would reveal the gold pages: admins only
        require_admin_token(request, "evidence perturbations")
        perturbed = perturbed_search(state.evidence(), store, body, task)
        return Response(orjson.dumps(perturbed), media_type="application/json")
    entries, page_ids = find_pages(store, task, body.query, body.interaction_id, body.k, body.cutoff())
    if not body.include_html:
        return result(entries)
    if wants_frames(request.headers.get("accept", "")):  # crag-eval's own fetches (page_frames.py)
        return Response(store.frames(entries, page_ids), media_type=MEDIA_TYPE)
    return pages_response(request, store, entries, page_ids)


def find_pages(
    store: WebStore,
    task: int | None,
    query: str | None,
    interaction_id: str | None,
    k: int,
    cutoff: datetime | None,
) -> tuple[list[Entry], list[str]]:
    """What `/web/search` serves, as entries without HTML and their page ids: a known question's frozen list
    (by id, or by its exact text) in rank order, else full-text search over pages not modified after
    `cutoff`. The look-alike search APIs (routers/compat) answer from the same function."""
    qid = interaction_id
    if qid is None and query is not None:
        qid = store.interaction_for_query(query)
    if qid is not None:
        frozen = store.frozen(qid)
        if frozen or interaction_id is not None:
            picked = view_for_task(task, frozen, store.content_hash, qid)[:k]
            return store.entries(picked, False), [f.page_id for f in picked]
    return store.search_hits(query or "", k, cutoff, task)


def pages_response(request: Request, store: WebStore, entries: list[Entry], page_ids: list[str]) -> Response:
    """Entries with their pages' HTML, gzip-encoded when the client accepts it (the stored pages are sent as
    they are stored: 1/12 of the bytes, no compression at request time)."""
    gzip = accepts_gzip(request.headers.get("accept-encoding", ""))
    body = store.body(entries, page_ids, gzip)
    headers = {"Vary": "Accept-Encoding", "Content-Length": str(body.length)}
    if gzip:
        headers["Content-Encoding"] = "gzip"
    return StreamingResponse(paced(body.chunks), media_type="application/json", headers=headers)


async def paced(chunks: Iterator[bytes]) -> AsyncIterator[bytes]:
    """The chunks, made on the event loop (inflating 64 KiB takes tens of microseconds: no thread hop
    each), with one turn of the loop after each: batched writes (mockapi/process/batched_writes.py) reach
    the socket at the end of a turn, and only then can the transport's flow control (pause_writing) hold
    the next chunk back from a client that does not read."""
    for chunk in chunks:
        yield chunk
        await asyncio.sleep(0)


def accepts_gzip(header: str) -> bool:
    """Whether an Accept-Encoding header admits gzip (RFC 9110: `gzip`, `x-gzip` or `*`, unless q=0)."""
    for item in header.lower().split(","):
        name, _, params = item.partition(";")
        if name.strip() in ("gzip", "x-gzip", "*"):
            q = params.strip()
            if not (q.startswith("q=") and _q_is_zero(q[2:])):
                return True
    return False


def _q_is_zero(value: str) -> bool:
    try:
        return float(value) == 0
    except ValueError:
        return False


@router.post(GET_PAGE.path, response_model=GET_PAGE.response)
def get_page(body: GetPageRequest, state: Server) -> Response:
    """One page by exact URL, or `{"result": null}`."""
    return result(web_store(state).page_by_url(body.url))
