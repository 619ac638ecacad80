"""What the routers share: the fast JSON result, the Task 1 gate and the missing-domain answer."""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import Request
from starlette.responses import Response

from mockapi.http.server.state import server_state
from mockapi.wire.errors import ApiError


def result(value: Any) -> Response:
    """`{"result": value}` serialised by orjson (NaN and ±Inf become null, unlike the original's 500).

    Returning a Response skips FastAPI's re-validation of big payloads; `response_model=` on the route
    still documents the type in OpenAPI.
    """
    return Response(orjson.dumps({"result": value}), media_type="application/json")


def json_bytes(content: bytes) -> Response:
    """A pre-serialised JSON body as it is."""
    return Response(content, media_type="application/json")


async def forbid_kg_in_task_1(request: Request) -> None:
    """Task 1 is web-only: KG routes answer 403 with the canonical error body."""
    if server_state(request).settings.task == 1:
        raise ApiError(403, "forbidden_by_task", "task 1 serves web search only; the KG API is not available")


class DomainMissing(Exception):
    """The world has no data for this route's domain (e.g. an import-kg without that domain's files)."""


async def _domain_missing(_request: Request, _exc: Exception) -> Response:
    return result(None)
