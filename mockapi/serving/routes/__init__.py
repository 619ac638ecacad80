"""The 38 KG routes, each declared once, as one `KgRoute` row in its domain's module.

Everything about a KG route is generated from its row: the FastAPI endpoint (mockapi/http/routers/kg.py),
the raw fast path's entry (mockapi/http/fastpath.py), the OpenAPI description, the try-it examples of
`/meta` and `/docs` (`world_examples`, stored in serving/meta.json at build time), and MCP tools. A tool
generator needs only this package's public names:

    for route in ROUTES:  # in the original's order
        route.method, route.path, route.domain, route.body, route.result, route.doc, route.original_example()
        route.respond(serving, search, {"query": "…"}, missing_domains)  # the HTTP answer's bytes, in-process

See docs/architecture.md ("Adding a route").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mockapi.serving.routes import finance, movie, music, sports
from mockapi.serving.routes import open as open_domain
from mockapi.serving.routes.spec import Body, Example, KgRoute, lacks_domain, values_of

if TYPE_CHECKING:
    from duckdb import DuckDBPyConnection as Cursor

ROUTES: tuple[KgRoute, ...] = (
    *open_domain.ROUTES,
    *movie.ROUTES,
    *finance.ROUTES,
    *music.ROUTES,
    *sports.ROUTES,
)
ROUTE_BY_PATH: dict[str, KgRoute] = {route.path: route for route in ROUTES}
DOMAINS: tuple[str, ...] = tuple(dict.fromkeys(route.domain for route in ROUTES))
NO_BODY_PATHS = frozenset(route.path for route in ROUTES if route.body is None)
"""Routes that take no body: whatever is sent is ignored, as the original did (the input limits skip it)."""


def world_examples(cur: Cursor) -> dict[str, Body]:
    """Route path → a body picked from this world; routes whose data is missing are left out."""
    picked = {route.path: route.example.pick(cur) for route in ROUTES}
    return {path: body for path, body in picked.items() if body is not None}


def original_examples() -> dict[str, Body]:
    """The original's examples (the body models' schema examples), for routes the world has no data for."""
    return {route.path: route.original_example() for route in ROUTES}


__all__ = [
    "DOMAINS",
    "NO_BODY_PATHS",
    "ROUTES",
    "ROUTE_BY_PATH",
    "Body",
    "Example",
    "KgRoute",
    "lacks_domain",
    "original_examples",
    "values_of",
    "world_examples",
]
