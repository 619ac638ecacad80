"""One tool per route: name, description and JSON schema from the route table and the wire models.

The 38 KG routes come from `mockapi.serving.routes.ROUTES` (each route declared once: its row also generates
the FastAPI endpoint, the fast path's entry and OpenAPI), with the row's `doc` as the description, so a tool
says what its HTTP route says in /docs; the two web routes from their request models and the web router's
endpoint docstrings, and `retrieve` (Search-R1's passages, `POST /retrieve`) likewise. This is the only
module that builds
tools: the MCP server and crag-eval's agent both read `tool_specs()`.

Which tools a task has follows the server's task view: Task 1 serves web search only (the KG routes answer
403 there), Tasks 2 and 3 serve everything.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel, JsonValue

from mockapi.serving.routes import ROUTES
from mockapi.wire.perturb import PerturbFields
from mockapi.wire.retrieve import RetrieveRequest
from mockapi.wire.web import WEB_ROUTES

WEB_TOOLS: tuple[tuple[str, type[BaseModel]], ...] = (
    *((route.path, route.body) for route in WEB_ROUTES),
    ("/retrieve", RetrieveRequest),  # Search-R1's passages: the tool `retrieve`
)
KG_TASKS = (2, 3)
EMPTY_OBJECT: dict[str, JsonValue] = {"type": "object", "properties": {}, "additionalProperties": False}


@dataclass(frozen=True)
class ToolSpec:
    name: str
    """e.g. finance_get_price_history, web_search (the path without its first slash, '/' → '_')."""
    path: str
    description: str
    input_schema: dict[str, JsonValue]
    """The arguments' JSON Schema."""
    kg: bool
    """A KG route (Tasks 2 and 3 only)."""


def tool_name(path: str) -> str:
    return path.strip("/").replace("/", "_")


def _hidden(body: type[BaseModel] | None) -> set[str]:
    """Fields a tool does not offer: the evidence perturbation of /web/search needs the admin token (the
    harness's robustness runs), never an agent's call."""
    return set(PerturbFields.model_fields) if body is not None and issubclass(body, PerturbFields) else set()


def input_schema(body: type[BaseModel] | None) -> dict[str, JsonValue]:
    """The body model's JSON schema (what the HTTP route validates), or an empty object for no body."""
    if body is None:
        return dict(EMPTY_OBJECT)
    schema: dict[str, JsonValue] = body.model_json_schema()
    schema.pop("examples", None)  # try-it bodies, not part of the contract; keeps the tool list small
    properties = schema.get("properties")
    for name in _hidden(body):
        if isinstance(properties, dict):
            properties.pop(name, None)
    return schema


@cache
def _docstrings() -> dict[str, str]:
    """Descriptions by path, as /docs shows them: the KG rows' docs and the web endpoints' docstrings."""
    from fastapi.routing import APIRoute

    from mockapi.http.routers import retrieve, web

    out = {route.path: " ".join(route.doc.split()) for route in ROUTES}
    for endpoint in [*web.router.routes, *retrieve.router.routes]:
        if isinstance(endpoint, APIRoute):
            out[endpoint.path] = " ".join((endpoint.description or endpoint.summary or "").split())
    return out


def _describe(path: str, body: type[BaseModel] | None) -> str:
    what = _docstrings().get(path) or f"POST {path}"
    fields = "; ".join(
        f"{name}: {' '.join((field.description or '').split())}"
        for name, field in (body.model_fields.items() if body else ())
        if field.description and name not in _hidden(body)
    )
    return f"{what} (POST {path}{'; ' + fields if fields else ''})"


@cache
def tool_specs(task: int | None = None) -> tuple[ToolSpec, ...]:
    """Every tool (task None), or the tools `task` serves; KG routes first, in route-table order."""
    kg = task is None or task in KG_TASKS
    out = [
        ToolSpec(tool_name(r.path), r.path, _describe(r.path, r.body), input_schema(r.body), True)
        for r in ROUTES
        if kg
    ]
    out += [
        ToolSpec(tool_name(path), path, _describe(path, body), input_schema(body), False)
        for path, body in WEB_TOOLS
    ]
    return tuple(out)


def spec_by_name(task: int | None = None) -> dict[str, ToolSpec]:
    return {spec.name: spec for spec in tool_specs(task)}
