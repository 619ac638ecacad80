"""What every KG router shares: the serving lookups, the task gate and the fast JSON result."""

from __future__ import annotations

from typing import Annotated, Any

import orjson
from fastapi import Depends, Request
from starlette.responses import Response

from mockapi.http.state import server_state
from mockapi.search.service import NameSearch
from mockapi.serving.rows import body
from mockapi.serving.service import Serving
from mockapi.wire.errors import ApiError


def result(value: Any) -> Response:
    """`{"result": value}` serialised by orjson (NaN and ±Inf become null, unlike the original's 500).

    Returning a Response skips FastAPI's re-validation of big payloads; `response_model=` on the route
    still documents the type in OpenAPI.
    """
    return Response(orjson.dumps({"result": value}), media_type="application/json")


NULL = body(None)
EMPTY_LIST = body([])


def json_bytes(content: bytes) -> Response:
    """A pre-serialised JSON body as it is."""
    return Response(content, media_type="application/json")


def serving(request: Request) -> Serving:
    """The memory-mapped serving structures of this process (opened in the lifespan)."""
    return server_state(request).serving


def served(request: Request, table: str, key: str, missing: bytes = NULL) -> Response:
    """The pre-serialised body stored under `key` in `table`, else `missing` (a not-found body).

    Endpoints that call this are `async def`: a lookup in memory-mapped files does not block, so running
    it on the event loop saves the threadpool hop a plain `def` endpoint pays.
    """
    found = serving(request).get(table, key)
    return json_bytes(missing if found is None else found)


async def forbid_kg_in_task_1(request: Request) -> None:
    """Task 1 is web-only: KG routes answer 403 with the canonical error body."""
    if server_state(request).settings.task == 1:
        raise ApiError(403, "forbidden_by_task", "task 1 serves web search only; the KG API is not available")


class DomainMissing(Exception):
    """The world has no data for this route's domain (e.g. an import-kg without that domain's files)."""


async def null_when_domain_missing(request: Request) -> None:
    """Every route of a domain the world lacks answers `{"result": null}` (see /meta missing_domains)."""
    domain = request.scope["path"].split("/", 2)[1]  # the raw path: no URL object built per request
    if domain in server_state(request).meta.missing_domains:
        raise DomainMissing(domain)


async def _domain_missing(_request: Request, _exc: Exception) -> Response:
    return result(None)


async def _search(request: Request) -> NameSearch:
    return server_state(request).search


Search = Annotated[NameSearch, Depends(_search)]
"""The world's name search (memory-mapped postings, the ranking chosen by --search)."""


async def kg_gate(request: Request) -> None:
    """Both checks every KG route runs, as one dependency (each one costs FastAPI a resolution step)."""
    await forbid_kg_in_task_1(request)
    await null_when_domain_missing(request)


KG_DEPENDENCIES = [Depends(kg_gate)]
