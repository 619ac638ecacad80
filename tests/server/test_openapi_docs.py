"""/openapi.json documents every route and every field of our wire models (field docstrings reach it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mockapi.config.settings import Settings
from mockapi.http.app import create_app
from mockapi.serving.routes import ROUTES

# FastAPI's own validation-error schemas, which we do not define
FRAMEWORK_SCHEMAS = {"HTTPValidationError", "ValidationError"}


def _spec(world: Path) -> dict[str, Any]:
    return create_app(Settings(world=world)).openapi()


def test_every_route_has_a_description(tiny_world: Path) -> None:
    paths = _spec(tiny_world)["paths"]
    assert {route.path for route in ROUTES} <= paths.keys()
    undocumented = [
        f"{m} {p}" for p, ops in paths.items() for m, op in ops.items() if not op.get("description")
    ]
    assert undocumented == []


def test_every_field_has_a_description(tiny_world: Path) -> None:
    schemas = _spec(tiny_world)["components"]["schemas"]
    assert {"Movie", "FinanceInfo", "Meta", "PageEntry"} <= schemas.keys()
    undocumented = [
        f"{name}.{field}"
        for name, schema in schemas.items()
        if name not in FRAMEWORK_SCHEMAS
        for field, body in schema.get("properties", {}).items()
        if not body.get("description")
    ]
    assert undocumented == []


def test_a_field_docstring_is_the_field_description(tiny_world: Path) -> None:
    movie = _spec(tiny_world)["components"]["schemas"]["Movie"]["properties"]
    assert movie["release_date"]["description"] == "'YYYY-MM-DD'."
