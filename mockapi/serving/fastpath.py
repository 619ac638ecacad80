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
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Union, get_args, get_origin

import orjson
from annotated_types import MaxLen
from pydantic import BaseModel
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mockapi.serving import music, sports
from mockapi.serving.rows import body as result_body
from mockapi.store.movie import year_key
from mockapi.wire.limits import BodyTooLarge, read_capped_body, replay_body, send_too_large
from mockapi.wire.routes import ROUTE_BY_PATH

if TYPE_CHECKING:
    from mockapi.config.settings import Settings

NULL = result_body(None)
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


Answer = Callable[[Any, Any, list[Any]], bytes]
"""(serving, search, field values in model order) -> the whole response body."""


@dataclass(frozen=True)
class Route:
    domain: str
    fields: tuple[Field, ...] | None  # None: the route takes no body (whatever is sent is ignored)
    answer: Answer


def _key(table: str, missing: bytes = NULL, key: Callable[[Any], str | None] = str) -> Answer:
    """An exact-key route: the stored body of the key (built from the first field), else `missing`."""

    def answer(serving: Any, _search: Any, values: list[Any]) -> bytes:
        k = key(values[0])
        found = None if k is None else serving.get(table, k)
        return missing if found is None else found

    return answer


def _names(corpus: str) -> Answer:
    return lambda _serving, search, v: orjson.dumps({"result": search.names(corpus, v[0])})


def _docs(corpus: str, table: str) -> Answer:
    def answer(serving: Any, search: Any, v: list[Any]) -> bytes:
        docs = [serving.get(table, key) for key in search.names(corpus, v[0])]
        return b'{"result":[' + b",".join(d for d in docs if d is not None) + b"]}"

    return answer


def _routes() -> dict[str, Route]:
    """Path -> how to answer; the same functions the routers call (mockapi/http/routers/*). Each route's body
    model comes from the route table (mockapi/wire/routes.py)."""
    table: dict[str, Answer] = {
        "/open/search_entity_by_name": _names("open"),
        "/open/get_entity": _key("open_entity"),
        "/movie/get_person_info": _docs("movie_person", "person_doc"),
        "/movie/get_movie_info": _docs("movie_movie", "movie_doc"),
        "/movie/get_year_info": _key("movie_year", key=year_key),
        "/movie/get_movie_info_by_id": _key("movie_by_id"),
        "/movie/get_person_info_by_id": _key("person_by_id"),
        "/finance/get_company_name": _names("finance"),
        "/finance/get_ticker_by_name": _key("ticker_by_name"),
        "/finance/get_price_history": _key("price_history"),
        "/finance/get_detailed_price_history": _key("detailed_price_history"),
        "/finance/get_dividends_history": _key("dividends"),
        "/finance/get_market_capitalization": _key("market_cap"),
        "/finance/get_eps": _key("eps"),
        "/finance/get_pe_ratio": _key("pe_ratio"),
        "/finance/get_info": _key("info"),
        "/music/search_artist_entity_by_name": _names("music_artist"),
        "/music/search_song_entity_by_name": _names("music_song"),
        "/music/get_billboard_rank_date": lambda s, _q, v: music.billboard_rank_date(s, v[0], v[1]),
        "/music/get_billboard_attributes": lambda s, _q, v: music.billboard_attribute(s, v[0], v[1], v[2]),
        "/music/grammy_get_best_artist_by_year": lambda s, _q, v: music.best_by_year(s, "best_artist", v[0]),
        "/music/grammy_get_award_count_by_artist": lambda s, _q, v: music.award_count_by_artist(s, v[0]),
        "/music/grammy_get_award_count_by_song": lambda s, _q, v: music.award_count_by_song(s, v[0]),
        "/music/grammy_get_best_song_by_year": lambda s, _q, v: music.best_by_year(s, "best_song", v[0]),
        "/music/grammy_get_award_date_by_artist": lambda s, _q, v: music.award_date_by_artist(s, v[0]),
        "/music/grammy_get_best_album_by_year": lambda s, _q, v: music.best_by_year(s, "best_album", v[0]),
        "/music/grammy_get_all_awarded_artists": lambda s, _q, _v: music.all_awarded_artists(s),
        "/music/get_artist_birth_place": _key("birth_place"),
        "/music/get_artist_birth_date": _key("birth_date"),
        "/music/get_members": _key("members"),
        "/music/get_lifespan": _key("lifespan", music.NULL_PAIR),
        "/music/get_song_author": _key("song_author"),
        "/music/get_song_release_country": _key("song_country"),
        "/music/get_song_release_date": _key("song_date"),
        "/music/get_artist_all_works": _key("works"),
        "/sports/soccer/get_games_on_date": lambda s, _q, v: sports.soccer_games_on_date(s, v[0], v[1]),
        "/sports/nba/get_games_on_date": lambda s, _q, v: sports.nba_games_on_date(s, v[0], v[1]),
        "/sports/nba/get_play_by_play_data_by_game_ids": lambda s, _q, v: sports.nba_play_by_play(s, v[0]),
    }
    routes = {}
    for path, answer in table.items():
        model = ROUTE_BY_PATH[path].body
        routes[path] = Route(path.split("/", 2)[1], None if model is None else _fields(model), answer)
    return routes


ROUTES = _routes()


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

    def __init__(self, app: ASGIApp, state: Any) -> None:
        self.app = app
        # the FastAPI app's `state`: its lifespan sets `server`, the ServerState (mockapi/http/state.py, which
        # imports this package: hence `Any` rather than the class)
        self.state = state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        route = ROUTES.get(scope["path"]) if scope["type"] == "http" else None
        if route is None or scope["method"] != "POST" or scope.get("root_path"):
            await self.app(scope, receive, send)
            return
        try:
            raw, last = await read_capped_body(scope, receive)
        except BodyTooLarge:
            await send_too_large(send)
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
        server = self.state.server
        if last["type"] != "http.request" or route.domain in server.meta.missing_domains:
            return None
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


def install_fastpath(app: Any, settings: Settings, sim: object | None) -> None:
    """Put `FastPath` in front of `app` (a FastAPI app whose lifespan opens its ServerState), unless the
    simulator is on (`sim`: its state) or the app serves Task 1: then every request goes through the app."""
    if sim is not None or settings.task == 1:
        return
    app.add_middleware(FastPath, state=app.state)
