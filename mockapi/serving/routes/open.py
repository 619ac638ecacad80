"""/open/*: encyclopedia entities (contract §2.4)."""

from __future__ import annotations

from mockapi.serving.routes.spec import Example, KgRoute, key, names
from mockapi.wire import requests as q
from mockapi.wire import results as r

_ENTITY = Example("SELECT name FROM open_entities ORDER BY ord LIMIT 1")

ROUTES = (
    KgRoute(
        "/open/search_entity_by_name",
        q.QueryOpenName,
        list[str],
        names("open"),
        "Up to 10 entity names matching the query (BM25 over normalised names; see /meta `search`).",
        _ENTITY,
        not_found=[],
        blocking=True,
    ),
    KgRoute(
        "/open/get_entity",
        q.QueryOpenEntity,
        r.OpenEntity | None,
        key("open_entity"),
        "The entity with exactly this name, or null.",
        _ENTITY,
    ),
)
