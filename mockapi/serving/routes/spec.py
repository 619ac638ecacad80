"""What one KG route is: the row every consumer reads (`KgRoute`), and the answers a row can name.

A row holds the wire contract (path, body model, result type, not-found value), the serving spec (how the
answer bytes are found: a key table, a name search, a stored document list or a function of the serving
structures), the docs (the endpoint's description) and the try-it example (SQL picking a body from the
world). The FastAPI endpoint, the raw fast path, OpenAPI, `/meta` and `/docs` examples and MCP tools are
all generated from it; nothing else spells a KG path.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import orjson
from pydantic import BaseModel, JsonValue

from mockapi.serving.tables.rows import body as result_body

if TYPE_CHECKING:
    from duckdb import DuckDBPyConnection as Cursor

    from mockapi.search.service import NameSearch
    from mockapi.serving.service import Serving

NULL = result_body(None)

AnswerFn = Callable[["Serving", list[Any]], "bytes | None"]
"""(serving tables, the body's field values in model order) -> the whole response body, or None when nothing
matches (the route's `not_found` is then sent)."""

Body = dict[str, JsonValue]
"""A request body as JSON (a try-it example, a tool's arguments)."""


@dataclass(frozen=True)
class Answer:
    """How a route's bytes are found. Each kind names the serving tables (and sports frames) it reads, so a
    world built without one is refused at start (`missing_tables`), not answered with a 500."""

    tables: tuple[str, ...] = ()
    """Key tables of `serving/` read (mockapi/serving/tables/bodies.py)."""
    frames: tuple[str, ...] = ()
    """Sports frames of `serving/` read (mockapi/serving/tables/frames.py)."""
    missing: bytes = NULL
    """The whole body when nothing matches: the route's `not_found`, set by `KgRoute` (declared once)."""

    def __call__(self, serving: Serving, search: NameSearch, values: list[Any]) -> bytes:
        raise NotImplementedError


@dataclass(frozen=True)
class Key(Answer):
    """An exact-key route: the stored body under the first field's key in its one table."""

    to_key: Callable[[Any], str | None] = str

    def __call__(self, serving: Serving, search: NameSearch, values: list[Any]) -> bytes:
        k = self.to_key(values[0])
        found = None if k is None else serving.get(self.tables[0], k)
        return self.missing if found is None else found


@dataclass(frozen=True)
class Names(Answer):
    """A name search: up to 10 names of `corpus` matching the first field."""

    corpus: str = ""

    def __call__(self, serving: Serving, search: NameSearch, values: list[Any]) -> bytes:
        return orjson.dumps({"result": search.names(self.corpus, values[0])})


@dataclass(frozen=True)
class Docs(Answer):
    """A name search whose hits' stored documents (in its one table) are spliced into one list."""

    corpus: str = ""

    def __call__(self, serving: Serving, search: NameSearch, values: list[Any]) -> bytes:
        found = [serving.get(self.tables[0], k) for k in search.names(self.corpus, values[0])]
        return b'{"result":[' + b",".join(d for d in found if d is not None) + b"]}"


@dataclass(frozen=True)
class Computed(Answer):
    """An answer that takes more than one key lookup: a function of the serving tables it names."""

    fn: AnswerFn = field(default=lambda _s, _v: None)

    def __call__(self, serving: Serving, search: NameSearch, values: list[Any]) -> bytes:
        found = self.fn(serving, values)
        return self.missing if found is None else found


@dataclass(frozen=True)
class Example:
    """A try-it body picked from the world: the first row of `sql`, turned into a body by `make`."""

    sql: str
    make: Callable[[tuple[Any, ...]], Body] = field(default=lambda row: {"query": row[0]})

    def pick(self, cur: Cursor) -> Body | None:
        row = cur.execute(self.sql).fetchone()
        return None if row is None or row[0] is None else self.make(row)


@dataclass(frozen=True)
class KgRoute:
    """One KG route, declared once (see the module docstring)."""

    path: str
    """"/{domain}/{name}", as the original serves it."""
    body: type[BaseModel] | None
    """The request model; None for the one route that takes no body (whatever is sent is ignored)."""
    result: Any
    """The type under "result" (including its not-found form)."""
    answer: Answer
    """How the serving structures answer it (`key`, `names`, `docs` or `computed`)."""
    doc: str
    """What it returns: the endpoint's OpenAPI description and an MCP tool's."""
    example: Example
    """The try-it body picked from the world (`/meta` examples, `/docs`)."""
    not_found: JsonValue = None
    """The JSON value of "result" when nothing matches (the one declaration: the answer sends it)."""
    blocking: bool = False
    """Answered on the threadpool (a plain `def` endpoint): its work can take milliseconds."""

    def __post_init__(self) -> None:
        # the answer sends the row's not-found value, so it is written once, here
        object.__setattr__(self, "answer", replace(self.answer, missing=result_body(self.not_found)))

    @property
    def tables(self) -> tuple[str, ...]:
        """The serving key tables the answer reads."""
        return self.answer.tables

    @property
    def frames(self) -> tuple[str, ...]:
        """The serving sports frames the answer reads."""
        return self.answer.frames

    @property
    def domain(self) -> str:
        """ "finance", "music", …: the first path segment (the FastAPI tag, the missing-domain check)."""
        return self.path.split("/", 2)[1]

    @property
    def method(self) -> str:
        """The original client's method name, e.g. "finance_get_price_history" (a good MCP tool name)."""
        return self.path.strip("/").replace("/", "_")

    @property
    def name(self) -> str:
        """The endpoint's name under its domain, e.g. "get_price_history", "nba_get_games_on_date"."""
        return self.path.split("/", 2)[2].replace("/", "_")

    @property
    def fields(self) -> tuple[str, ...]:
        """The body's field names in model order (the order `answer` takes their values in)."""
        return () if self.body is None else tuple(self.body.model_fields)

    def original_example(self) -> Body:
        """The original's example body (the body model's schema example); {} for the no-body route."""
        extra = self.body.model_config.get("json_schema_extra") if self.body else None
        examples = extra.get("examples") if isinstance(extra, dict) else None
        return dict(examples[0]) if isinstance(examples, list) and examples else {}  # type: ignore[arg-type]

    def respond(
        self,
        serving: Serving,
        search: NameSearch,
        body: Mapping[str, Any] | None,
        missing_domains: Collection[str] = (),
    ) -> bytes:
        """The bytes the HTTP route answers for `body`, in-process (for MCP tools and tests).

        `body` is validated by the request model (a bad one raises pydantic's ValidationError, where HTTP
        answers 422); a route of a domain the world lacks answers `{"result": null}`, as over HTTP."""
        if lacks_domain(self.domain, missing_domains):  # before the body, as the HTTP gate runs first
            return NULL
        values = [] if self.body is None else values_of(self.body.model_validate(body or {}))
        return self.answer(serving, search, values)


def values_of(model: BaseModel) -> list[Any]:
    """A validated body's field values in model order."""
    return [getattr(model, name) for name in type(model).model_fields]


def lacks_domain(domain: str, missing_domains: Collection[str]) -> bool:
    """Whether the world has no data for `domain` (see /meta `missing_domains`): every route of such a
    domain answers `{"result": null}`. The one check: the FastAPI gate and the fast path both call it."""
    return domain in missing_domains


def key(table: str, to_key: Callable[[Any], str | None] = str) -> Key:
    """An exact-key route: the stored body under `to_key(first field)` in `table`, else the not-found body."""
    return Key(tables=(table,), to_key=to_key)


def names(corpus: str) -> Names:
    """A name search: up to 10 names of `corpus` matching the first field."""
    return Names(corpus=corpus)


def docs(corpus: str, table: str) -> Docs:
    """A name search whose hits' stored documents (in `table`) are spliced into one list."""
    return Docs(tables=(table,), corpus=corpus)


def computed(fn: AnswerFn, tables: tuple[str, ...] = (), frames: tuple[str, ...] = ()) -> Computed:
    """An answer of more than one lookup: `fn(serving, values)`, reading the `tables` and `frames` named."""
    return Computed(tables=tables, frames=frames, fn=fn)


def first_word(row: tuple[Any, ...]) -> Body:
    """A try-it body from the first word of a name (a search that matches more than one)."""
    words = str(row[0]).split()
    return {"query": words[0] if words else row[0]}
