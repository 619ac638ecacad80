"""Input limits: the request-body cap and the JSON pre-check (a pure ASGI middleware), and the field limits.

`InputLimits` reads the body before the app does (every body we accept is small, so buffering it costs
nothing; `read_capped_body` never holds more than the cap, which the simulator's middleware uses too) and
answers, without calling the app:
- 413 with the canonical error body when `Content-Length` or the bytes actually received exceed the cap;
- 422 in FastAPI's own `{"detail": [{"type": "json_invalid", "loc": ["body", pos], …}]}` format when a
  JSON-typed body is not strict JSON. FastAPI's parser accepts `NaN`/`Infinity` and lone surrogates and then
  fails later with a 500 (encoding the error, or in DuckDB), and answers nesting deeper than the recursion
  limit with a 400; orjson rejects all of those up front, at about a microsecond per small body.

The field limits (`Text`, `Url`, `Ident`, `GameIds`) live in `mockapi.wire.fields`, below the wire models.
"""

from __future__ import annotations

from email.message import Message as MimeHeader
from typing import Any, TypedDict

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mockapi.wire.errors import ErrorBody, send_error
from mockapi.wire.fields import MAX_BODY_BYTES
from mockapi.wire.retrieve import MAX_RETRIEVE_BODY_BYTES

BODY_CAPS: dict[str, int] = {"/retrieve": MAX_RETRIEVE_BODY_BYTES}
"""Paths whose bodies may be larger than MAX_BODY_BYTES: a Search-R1 batch is thousands of queries."""


class BodyTooLarge(Exception):
    """The request body is over the cap (declared by `Content-Length`, or counted as it arrived)."""

    def __init__(self, cap: int) -> None:
        super().__init__(f"request body larger than {cap} bytes")
        self.cap = cap
        """The cap it passed: the 413 names it (the route's own: /retrieve takes 5 MiB)."""


class InputLimits:
    """ASGI middleware: body cap (413) and strict-JSON pre-check (422); see the module docstring."""

    def __init__(
        self,
        app: ASGIApp,
        max_body_bytes: int = MAX_BODY_BYTES,
        no_body_paths: frozenset[str] = frozenset(),
        body_caps: dict[str, int] | None = None,
    ) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.body_caps = body_caps or {}
        # routes that take no body: FastAPI ignores whatever is sent (as the original did): not checked
        self.no_body_paths = no_body_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        cap = self.body_caps.get(scope["path"], self.max_body_bytes)
        try:
            body, last = await read_capped_body(scope, receive, cap)
        except BodyTooLarge as too_large:
            await send_too_large(send, too_large.cap)
            return
        if body and scope["path"] not in self.no_body_paths and _is_json(headers.get(b"content-type")):
            problem = _json_problem(body)
            if problem is not None:
                await _send_json(send, 422, orjson.dumps({"detail": [problem]}))
                return
        await self.app(scope, replay_body(body, last, receive), send)


async def read_capped_body(scope: Scope, receive: Receive, cap: int | None = None) -> tuple[bytes, Message]:
    """The whole body and the message that ended it (the last part, or a disconnect), never holding more
    than `cap` bytes: raises BodyTooLarge on a declared `Content-Length` over the cap before reading
    anything, and as soon as the received parts (chunked bodies have no length) pass it. Every middleware
    that reads a body reads it through this, so the cap holds whichever of them runs first. The default
    cap is the path's (`BODY_CAPS`, else MAX_BODY_BYTES)."""
    if cap is None:
        cap = BODY_CAPS.get(scope.get("path", ""), MAX_BODY_BYTES)
    for name, value in scope.get("headers", []):
        if name.lower() == b"content-length" and value.strip().isdigit() and int(value) > cap:
            raise BodyTooLarge(cap)
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks), message
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > cap:
            raise BodyTooLarge(cap)
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks), message


async def send_too_large(send: Send, cap: int) -> None:
    """413 with the canonical error body."""
    # Connection: close, so uvicorn does not wait to drain a huge body we never read
    detail = f"request body larger than {cap} bytes"
    await send_error(send, 413, "payload_too_large", detail, headers=[(b"connection", b"close")])


def _is_json(content_type: bytes | None) -> bool:
    """FastAPI's rule: it parses the body as JSON for application/json and application/*+json only."""
    if not content_type:
        return False
    header = MimeHeader()
    header["content-type"] = content_type.decode("latin-1")
    subtype = header.get_content_subtype()
    return header.get_content_maintype() == "application" and (subtype == "json" or subtype.endswith("+json"))


class JsonInvalid(TypedDict):
    """FastAPI's `json_invalid` validation error item."""

    type: str
    loc: list[str | int]
    msg: str
    input: dict[str, str]
    """Always {} (FastAPI does not echo a body it could not parse)."""
    ctx: dict[str, str]


def _json_problem(body: bytes) -> JsonInvalid | None:
    """None for strict JSON; else FastAPI's `json_invalid` error item (position in the body)."""
    try:
        orjson.loads(body.removeprefix(b"\xef\xbb\xbf"))  # Python's json.loads accepts a UTF-8 BOM too
    except orjson.JSONDecodeError as exc:
        return {
            "type": "json_invalid",
            "loc": ["body", exc.pos],
            "msg": "JSON decode error",
            "input": {},
            "ctx": {"error": exc.msg},
        }
    return None


def replay_body(body: bytes, last: Message, receive: Receive) -> Receive:
    """A `receive` that hands the app the buffered body once, then defers to the real one (disconnects)."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            if last["type"] != "http.request":
                return last
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


async def _send_json(
    send: Send, status: int, payload: bytes, extra: list[tuple[bytes, bytes]] | None = None
) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers + (extra or [])})
    await send({"type": "http.response.body", "body": payload})


def document_limits(schema: dict[str, Any]) -> dict[str, Any]:
    """Add what the limits answer to an OpenAPI document (in place; returned for chaining).

    Every POST gets its 413 (canonical error body); a 422 is either FastAPI's validation list or, for a
    check made after the body parsed (`ApiError(422, "invalid_value")`), the canonical body, so both are
    documented and a schema-driven client or fuzzer can validate every answer.
    """
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components["ErrorBody"] = ErrorBody.model_json_schema(ref_template="#/components/schemas/{model}")
    error_ref = {"$ref": "#/components/schemas/ErrorBody"}
    for path, item in schema.get("paths", {}).items():
        operation = item.get("post")
        if operation is None:
            continue
        responses = operation.setdefault("responses", {})
        responses["413"] = {
            "description": f"Request body larger than {BODY_CAPS.get(path, MAX_BODY_BYTES)} bytes",
            "content": {"application/json": {"schema": error_ref}},
        }
        validation = responses.get("422", {}).get("content", {}).get("application/json")
        if validation is not None and "$ref" in validation.get("schema", {}):
            validation["schema"] = {"anyOf": [validation["schema"], error_ref]}
    return schema
