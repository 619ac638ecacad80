"""`/web/search` and `/web/get_page`: frozen results of known questions, and free-text search otherwise.

Responses are serialised with orjson straight from dicts: a Task 3 answer is up to 50 pages of raw HTML
(tens of MB), which pydantic response validation would copy for nothing. The models still document them.
"""

from __future__ import annotations

import orjson
from fastapi import APIRouter, FastAPI, Request
from starlette.responses import Response

from mockapi.paths import PAGES_DB
from mockapi.routers.admin import require_admin_token
from mockapi.routers.common import result
from mockapi.settings import Settings
from mockapi.web.evidence import close_evidence
from mockapi.web.page_store import WebStore
from mockapi.web.perturb import perturbed_search
from mockapi.web.taskview import view_for_task
from mockapi.wire.errors import ApiError, ErrorBody
from mockapi.wire.web import GetPageRequest, PageResponse, SearchRequest, SearchResponse

router = APIRouter(prefix="/web", tags=["web"])


def startup(app: FastAPI, settings: Settings) -> None:
    """Lifespan hook of `create_app`: open the page store read-only (a world may have none: KG only)."""
    world = settings.world
    app.state.web = WebStore(world) if (world / PAGES_DB).is_file() else None
    meta = getattr(app.state, "meta", None)
    if app.state.web is not None and meta is not None:
        meta.examples.update(app.state.web.examples())  # so /meta and /docs have working web bodies too


def shutdown(app: FastAPI) -> None:
    """Lifespan hook: close the page store and the evidence labels (opened by the first perturbed search)."""
    store = getattr(app.state, "web", None)
    if store is not None:
        store.close()
        app.state.web = None
    close_evidence(app.state)


def web_store(request: Request) -> WebStore:
    """The world's page store, opened by the app's lifespan (`app.state.web`)."""
    store = getattr(request.app.state, "web", None)
    if store is None:
        raise ApiError(503, "unavailable", "this world has no page store (pages.duckdb)")
    return store


def served_task(request: Request) -> int | None:
    """The task the server runs as (None: everything); decides the 5-page view of tasks 1 and 2."""
    settings = getattr(request.app.state, "settings", None)
    return getattr(settings, "task", None)


@router.post(
    "/search",
    response_model=SearchResponse,
    responses={401: {"model": ErrorBody, "description": "Evidence perturbation without the admin token"}},
)
def search(body: SearchRequest, request: Request) -> Response:
    """Frozen results of a known question (by id, or by its exact text), else full-text search."""
    store = web_store(request)
    if body.perturbed():  # noise ratio / negative rejection / counterfactual (mockapi/sim/perturb.py)
        # comparing a perturbed list with the plain one would reveal the gold pages: admins only
        require_admin_token(request, "evidence perturbations")
        perturbed = perturbed_search(request.app, store, body, served_task(request))
        return Response(orjson.dumps(perturbed), media_type="application/json")
    qid = body.interaction_id
    if qid is None and body.query is not None:
        qid = store.interaction_for_query(body.query)
    if qid is not None:
        frozen = store.frozen(qid)
        if frozen or body.interaction_id is not None:
            picked = view_for_task(served_task(request), frozen, store.content_hash, qid)[: body.k]
            return result(store.entries(picked, body.include_html))
    query = body.query or ""
    return result(store.search(query, body.k, body.cutoff(), body.include_html))


@router.post("/get_page", response_model=PageResponse)
def get_page(body: GetPageRequest, request: Request) -> Response:
    """One page by exact URL, or `{"result": null}`."""
    return result(web_store(request).page_by_url(body.url))
