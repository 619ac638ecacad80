"""The 38 KG endpoints, generated from the route table (mockapi/serving/routes): one APIRouter per domain.

Each endpoint validates its body with the row's model, then answers the row's bytes from the serving
structures (`route.answer`), exactly as the fast path does for the requests it takes. The name, the
description (the row's `doc`) and the response model make the same OpenAPI document hand-written endpoints
made; a row marked `blocking` gets a plain `def` endpoint (FastAPI runs it on the threadpool).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Depends, Request
from starlette.responses import Response

from mockapi.http.routers.common import DomainMissing, forbid_kg_in_task_1, json_bytes
from mockapi.http.server.state import server_state
from mockapi.serving.routes import DOMAINS, ROUTES, KgRoute, lacks_domain, values_of
from mockapi.wire import Envelope


def _gate(domain: str) -> Callable[[Request], Any]:
    async def kg_gate(request: Request) -> None:
        """Both checks every KG route runs before its body, as one dependency (each costs a resolution)."""
        await forbid_kg_in_task_1(request)
        if lacks_domain(domain, server_state(request).meta.missing_domains):
            raise DomainMissing(domain)  # answered {"result": null} (see /meta missing_domains)

    return kg_gate


def _answer(route: KgRoute, request: Request, body: Any) -> Response:
    state = server_state(request)
    values = [] if body is None else values_of(body)
    return json_bytes(route.answer(state.serving, state.search, values))


def endpoint(route: KgRoute) -> Callable[..., Any]:
    """The FastAPI endpoint of one row: `(body: <its model>, request)`, or `(request)` without a body."""
    if route.blocking:

        def sync_endpoint(request: Request, body: Any = None) -> Response:
            return _answer(route, request, body)

        made: Callable[..., Any] = sync_endpoint
    else:

        async def async_endpoint(request: Request, body: Any = None) -> Response:
            return _answer(route, request, body)

        made = async_endpoint
    params = [inspect.Parameter("request", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Request)]
    if route.body is not None:
        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
        params.insert(0, inspect.Parameter("body", kind, annotation=route.body))
    made.__signature__ = inspect.Signature(params, return_annotation=Response)  # type: ignore[attr-defined]
    made.__name__ = made.__qualname__ = route.name
    made.__doc__ = route.doc
    return made


def router(domain: str) -> APIRouter:
    """The endpoints of one domain's rows, in table order."""
    out = APIRouter(prefix=f"/{domain}", tags=[domain], dependencies=[Depends(_gate(domain))])
    for route in ROUTES:
        if route.domain == domain:
            out.add_api_route(
                route.path.removeprefix(f"/{domain}"),
                endpoint(route),
                methods=["POST"],
                response_model=Envelope[route.result],  # type: ignore[name-defined]
            )
    return out


ROUTERS: tuple[APIRouter, ...] = tuple(router(domain) for domain in DOMAINS)
"""open, movie, finance, music, sports: the order of the original's routes (and of /openapi.json)."""
