"""The one JSON error body for the errors we raise ourselves (and for 404/405/500).

It is a superset of FastAPI's `{"detail": "Not Found"}`, so callers that read `detail` (the original client
hands the whole body back) see the same key; `type` is a stable machine-readable code and `status` repeats the
HTTP status for logs that keep only bodies. Request-validation 422s keep FastAPI's own
`{"detail": [{type, loc, msg, input}…]}` list, which the wire contract (§1.2) requires.
"""

from __future__ import annotations

from typing import Literal

import orjson
from starlette.responses import Response
from starlette.types import Send

from mockapi.wire.base import WireModel

ErrorType = Literal[
    "forbidden_by_task",  # 403: the served task does not allow this route (task 1 has no KG)
    "not_found",  # 404: unknown path or unknown record behind our own routes
    "method_not_allowed",  # 405
    "payload_too_large",  # 413
    "invalid_value",  # 422 from our own checks (after the body parsed)
    "unauthorized",  # 401: admin routes with a token configured
    "internal_error",  # 500: anything unexpected (never plain text)
    "unavailable",  # 503: the store is not open
    "rate_limited",  # 429: over the simulated per-client rate limit (`--rate-limit`; Retry-After set)
    "simulated_fault",  # 429/500/503 injected by the simulator (`--fault-rate`; Retry-After set)
    "http_error",  # any other HTTP status raised by the framework
]


class ErrorBody(WireModel):
    """`{"detail": str, "type": str, "status": int, "loc": [...]|null}`."""

    detail: str
    """One human-readable line."""
    type: ErrorType
    """Stable code, safe to branch on."""
    status: int
    """The HTTP status code."""
    loc: list[str | int] | None = None
    """For `invalid_value`: where the bad value was, e.g. ["body", "k"]."""


class ApiError(Exception):
    """Raise from a route or dependency; the app's handler turns it into `error_response(...)`."""

    def __init__(self, status: int, type: ErrorType, detail: str, loc: list[str | int] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.type: ErrorType = type
        self.detail = detail
        self.loc = loc


def error_body(
    status: int, type: ErrorType, detail: str, loc: list[str | int] | None = None
) -> dict[str, object]:
    """The canonical body as a plain dict."""
    return ErrorBody(detail=detail, type=type, status=status, loc=loc).model_dump()


def error_response(
    status: int,
    type: ErrorType,
    detail: str,
    loc: list[str | int] | None = None,
    headers: dict[str, str] | None = None,
) -> Response:
    """The canonical body as an `application/json` response (for exception handlers and routes)."""
    content = error_bytes(status, type, detail, loc)
    return Response(content, status_code=status, media_type="application/json", headers=headers)


def error_bytes(status: int, type: ErrorType, detail: str, loc: list[str | int] | None = None) -> bytes:
    """The canonical body, serialised: the one place every error answer of ours is encoded."""
    return orjson.dumps(error_body(status, type, detail, loc))


async def send_error(
    send: Send, status: int, type: ErrorType, detail: str, headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    """Answer with the canonical body straight from an ASGI middleware (which has no Response to return)."""
    payload = error_bytes(status, type, detail)
    start = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": start + (headers or [])})
    await send({"type": "http.response.body", "body": payload})


TYPE_BY_STATUS: dict[int, ErrorType] = {
    401: "unauthorized",
    403: "forbidden_by_task",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    422: "invalid_value",
    500: "internal_error",
    503: "unavailable",
}
