"""A raw ASGI fast path in front of the FastAPI app for the plain, well-formed KG requests.

Most requests to the 38 KG routes are a small JSON object with the right fields of the right types. For those,
FastAPI's work (routing through every route's regex, dependency resolution, building a pydantic model, a
Response object, exception middleware) costs far more than the answer, which is a lookup in the memory-mapped
serving tables (mockapi/serving) or the search postings (mockapi/search). `FastPath` answers such a request
itself with the same bytes the FastAPI route would send, by calling the same serving functions; anything else
goes on to the app unchanged, with the body it already read replayed:
- a method other than POST, a path that is not a KG route, a `root_path`;
- a content type other than exactly `application/json` (FastAPI's own rules decide those);
- a body that is not strict JSON or not an object, a missing field, a value of another type (FastAPI's lax
  coercions, e.g. `"100"` for an int, and its 422 lists stay FastAPI's), a string over its length limit;
- a domain the world lacks (the route answers null), and any exception while answering (the app answers it
  again, so a failure looks exactly as it would without the fast path).
The request-field rules are read from the wire models themselves (`_fields`), so a model change cannot leave
the fast path accepting what the app would refuse: a field shape this module does not know fails at import.

It is installed only where it cannot change what a client sees: not with the simulator (latency, faults, rate
limits and the journal must see every request) nor for Task 1 (KG routes answer 403). The body cap is checked
first, with the same function and answer as `mockapi.wire.limits.InputLimits`.
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Union, get_args, get_origin

import orjson
from annotated_types import MaxLen
from pydantic import BaseModel
from starlette.datastructures import State
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mockapi.http.server.state import ServerState
from mockapi.serving.routes import ROUTES as KG_ROUTES
from mockapi.serving.routes import lacks_domain
from mockapi.serving.routes.spec import Answer
from mockapi.wire.limits import BodyTooLarge, read_capped_body, replay_body, send_too_large

if TYPE_CHECKING:
    from fastapi import FastAPI

    from mockapi.config.settings import Settings
    from mockapi.sim.middleware import SimState

JSON = b"application/json"
_BIGINT = 2**63


class _Reject(Exception):
    """The body is not one the fast path answers: the app takes the request."""


@dataclass(frozen=True)
class Field:
    """One body field as the wire model declares it."""

    name: str
    kind: str  # "text" | "int" | "texts"
    required: bool
    nullable: bool
    max_length: int | None
    item_max_length: int | None = None

    def read(self, data: dict[str, Any]) -> Any:
        if self.name not in data:
            if self.required:
                raise _Reject
            return None
        value = data[self.name]
        if value is None and self.nullable:
            return None
        if self.kind == "text":
            return self._text(value, self.max_length)
        if self.kind == "int":
            # exactly int (not bool, not 1.0, not "1": pydantic's lax coercions stay the app's)
            if type(value) is not int or not -_BIGINT <= value < _BIGINT:
                raise _Reject
            return value
        if type(value) is not list or (self.max_length is not None and len(value) > self.max_length):
            raise _Reject
        return [self._text(v, self.item_max_length) for v in value]

    @staticmethod
    def _text(value: Any, limit: int | None) -> str:
        if type(value) is not str or (limit is not None and len(value) > limit):
            raise _Reject
        return value


def _max_length(metadata: list[Any]) -> int | None:
    return next((m.max_length for m in metadata if isinstance(m, MaxLen)), None)


def _shape(annotation: Any) -> tuple[str, bool, int | None, int | None]:
    """(kind, nullable, max_length, item_max_length) of a field annotation; unknown shapes fail loudly."""
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        inner = [a for a in get_args(annotation) if a is not type(None)]
        if len(inner) != 1:
            raise TypeError(f"fast path: unsupported field type {annotation!r}")
        kind, _, limit, item = _shape(inner[0])
        return kind, True, limit, item
    metadata: list[Any] = []
    if hasattr(annotation, "__metadata__"):  # Annotated[str, Field(max_length=…)]
        for extra in annotation.__metadata__:
            metadata.extend(getattr(extra, "metadata", [extra]))
        annotation = annotation.__origin__
    if annotation is str:
        return "text", False, _max_length(metadata), None
    if annotation is int:
        return "int", False, None, None
    if get_origin(annotation) is list:
        (item,) = get_args(annotation)
        kind, nullable, item_limit, _ = _shape(item)
        if kind == "text" and not nullable:
            return "texts", False, _max_length(metadata), item_limit
    raise TypeError(f"fast path: unsupported field type {annotation!r}")


def _fields(model: type[BaseModel]) -> tuple[Field, ...]:
    """The fields of a wire model (extra keys are ignored, as the models do)."""
    if model.model_config.get("extra") not in (None, "ignore"):
        raise TypeError(f"fast path: {model.__name__} does not ignore extra fields")
    out = []
    for name, info in model.model_fields.items():
        kind, nullable, limit, item_limit = _shape(info.annotation)
        limit = _max_length(list(info.metadata)) or limit
        out.append(Field(name, kind, info.is_required(), nullable, limit, item_limit))
    return tuple(out)


@dataclass(frozen=True)
class Route:
    """A route table row as the fast path reads it: its domain, its body's field rules, its answer."""

    domain: str
    fields: tuple[Field, ...] | None  # None: the route takes no body (whatever is sent is ignored)
    answer: Answer


ROUTES: dict[str, Route] = {
    kg.path: Route(kg.domain, None if kg.body is None else _fields(kg.body), kg.answer) for kg in KG_ROUTES
}
"""Path -> how to answer: each row of the route table (mockapi/serving/routes), the answer the endpoint
generated from the same row gives."""


def _values(route: Route, raw: bytes) -> list[Any]:
    """The field values of a body the fast path answers; raises _Reject for anything else."""
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise _Reject from None
    if type(data) is not dict or route.fields is None:
        raise _Reject
    return [f.read(data) for f in route.fields]


class FastPath:
    """ASGI middleware: answers well-formed KG requests from the app's `ServerState` (see the module
    docstring)."""

    def __init__(self, app: ASGIApp, state: State) -> None:
        self.app = app
        # the FastAPI app's `state`, read per request: its lifespan sets `server` (a ServerState) after the
        # middleware stack is built
        self.state = state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        route = ROUTES.get(scope["path"]) if scope["type"] == "http" else None
        if route is None or scope["method"] != "POST" or scope.get("root_path"):
            await self.app(scope, receive, send)
            return
        try:
            raw, last = await read_capped_body(scope, receive)
        except BodyTooLarge as too_large:
            await send_too_large(send, too_large.cap)
            return
        answer = self._answer(scope, route, raw, last)
        if answer is None:
            await self.app(scope, replay_body(raw, last, receive), send)
            return
        headers = [(b"content-length", b"%d" % len(answer)), (b"content-type", JSON)]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": answer})

    def _answer(self, scope: Scope, route: Route, raw: bytes, last: Message) -> bytes | None:
        """The body to send, or None when the app must take the request."""
        server: ServerState = self.state.server
        if last["type"] != "http.request" or lacks_domain(route.domain, server.meta.missing_domains):
            return None  # the app answers (null for a missing domain, after its own checks)
        try:
            if route.fields is None:
                values: list[Any] = []
            else:
                if _content_type(scope) != JSON:
                    return None
                values = _values(route, raw)
            return route.answer(server.serving, server.search, values)
        except Exception:  # _Reject, or a failure the app will answer (and log) as it always does
            return None


def _content_type(scope: Scope) -> bytes | None:
    for name, value in scope["headers"]:
        if name == b"content-type":
            return bytes(value)
    return None


def install_fastpath(app: FastAPI, settings: Settings, sim: SimState | None) -> None:
    """Put `FastPath` in front of `app` (a FastAPI app whose lifespan opens its ServerState), unless the
    simulator is on (`sim`: its state) or the app serves Task 1: then every request goes through the app."""
    if sim is not None or settings.task == 1:
        return
    app.add_middleware(FastPath, state=app.state)
