"""`POST /retrieve`: Search-R1's retrieval protocol over passages of the world's pages (mockapi/retrieve).

The whole batch is answered in one request, its queries searched in parallel by the passage index's thread
pool (a plain `def` endpoint: FastAPI runs it on its threadpool, so the event loop never waits on it).
The answer is serialised with orjson from plain dicts: 2,560 queries x 3 passages through pydantic would
cost more than the searches.
"""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import APIRouter
from starlette.responses import Response

from mockapi.http.server.state import Server, ServerState
from mockapi.retrieve.index import Passage, PassageIndex
from mockapi.retrieve.passages import contents
from mockapi.wire.errors import ApiError, ErrorBody
from mockapi.wire.retrieve import RetrieveRequest, RetrieveResponse

router = APIRouter(tags=["retrieve"])

MISSING = (
    "this world has no passage index and it cannot be written here (a read-only world built without one): "
    "run `python -m mockapi.retrieve --data WORLD_DIR` once as its owner, then restart the server"
)


def passage_index(state: ServerState) -> PassageIndex:
    """The world's passage index (built on first use); 503 with the one line that fixes it for a world
    that has none and cannot be written."""
    index = state.passages()
    if index is None:
        raise ApiError(503, "unavailable", MISSING)
    return index


@router.post(
    "/retrieve",
    response_model=RetrieveResponse,
    responses={503: {"model": ErrorBody, "description": "A world built without the passage index"}},
)
def retrieve(body: RetrieveRequest, state: Server) -> Response:
    """Top-k passages per query, in Search-R1's response shape (`return_scores` adds each BM25 score)."""
    index = passage_index(state)
    within = None
    if state.settings.task in (1, 2) and state.web is not None:
        within = state.web.view_pages().urls  # as /web/search: only the pages the questions show
    found = index.search_many(body.batch(), body.k(), body.cutoff(), within)
    shape = _scored if body.return_scores else _document
    payload = {"result": [[shape(p) for p in hits] for hits in found]}
    return Response(orjson.dumps(payload), media_type="application/json")


def _document(passage: Passage) -> dict[str, Any]:
    return {"id": passage.id, "contents": contents(passage.title, passage.text)}


def _scored(passage: Passage) -> dict[str, Any]:
    return {"document": _document(passage), "score": passage.score}
