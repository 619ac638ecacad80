"""`create_app(settings)`: the FastAPI app serving CRAG's 38 KG routes, the web routes and /admin.

The lifespan opens the process's `ServerState` (mockapi/http/server/state.py: kg.duckdb read-only, the
memory-mapped serving structures and name search every KG route answers from, the page store, /meta) and
closes it on exit. The simulator's middleware and its state are built with the app, as middleware must be.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.openapi.utils import get_openapi

from mockapi.config.settings import Settings
from mockapi.http.docs_pages import install_docs
from mockapi.http.error_handlers import install_error_handlers
from mockapi.http.fastpath import install_fastpath
from mockapi.http.routers import admin, kg, retrieve, root, web
from mockapi.http.routers.compat import brave, searxng, tavily
from mockapi.http.server.meta import add_examples
from mockapi.http.server.state import ServerState, state_of
from mockapi.observe.wiring import Ops, install_operations, operations_for
from mockapi.serving.routes import NO_BODY_PATHS
from mockapi.sim.middleware import SimState
from mockapi.sim.wiring import install_simulation, simulation_for
from mockapi.wire.limits import BODY_CAPS, InputLimits, document_limits

ROUTERS: tuple[APIRouter, ...] = (
    root.router,
    *kg.ROUTERS,  # the KG routes, one router per domain, generated from mockapi/serving/routes
    web.router,
    retrieve.router,  # Search-R1's POST /retrieve over the world's passages
    tavily.router,  # look-alikes of commercial search APIs over the world's search (routers/compat)
    brave.router,
    searxng.router,
)
"""Always mounted. `admin.router` is mounted only with an admin token: without one, every method on every
/admin path is the plain 404 of a path that does not exist."""

TITLE = "CRAG API"
DESCRIPTION = "API for Meta KDD Cup '24 CRAG: Comprehensive RAG Benchmark (local mock: crag-mockapi)"


def lifespan_for(
    settings: Settings, sim: SimState | None, ops: Ops
) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    """The lifespan: the `ServerState` is the app's one state attribute while it runs."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        state = ServerState.open(settings, sim)
        app.state.server = state
        ops.started()  # SIGTERM now drains (mockapi/observe/drain.py)
        try:
            yield
        finally:
            del app.state.server  # nothing reaches a closed store after shutdown
            state.close()
            ops.stopped()

    return lifespan


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app over `settings.world` (default: `Settings()` from `CRAG_MOCK_*` environment variables)."""
    settings = settings or Settings()
    sim = simulation_for(settings)  # latency/faults/limits/journal when configured (mockapi/sim)
    ops = operations_for(settings)  # metrics, access log, probes, drain (mockapi/observe)
    app = FastAPI(
        title=TITLE,
        description=DESCRIPTION,
        lifespan=lifespan_for(settings, sim, ops),
        swagger_ui_parameters={"tryItOutEnabled": True},
        docs_url=None,  # /docs and /redoc come from install_docs: local assets, no CDN
        redoc_url=None,
    )
    install_docs(app)
    for router in ROUTERS:
        app.include_router(router)
    if settings.admin_token:
        app.include_router(admin.router)
    install_error_handlers(app)
    # 413 over 64 KiB, strict-JSON 422 (mockapi/wire/limits.py)
    app.add_middleware(InputLimits, no_body_paths=NO_BODY_PATHS, body_caps=BODY_CAPS)
    install_simulation(app, sim)  # outermost, when configured
    # well-formed KG requests answered before FastAPI (http/fastpath.py)
    install_fastpath(app, settings, sim)
    install_operations(app, ops, settings)  # outermost: probes, /metrics, counts and logs every request
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    return app


def _openapi(app: FastAPI) -> dict[str, Any]:
    """FastAPI's schema, with each route's example body taken from the world being served."""
    if app.openapi_schema is None:
        schema = get_openapi(
            title=app.title, version=app.version, description=app.description, routes=app.routes
        )
        state = state_of(app)
        schema = document_limits(schema)  # 413 and the canonical 422 body (mockapi/wire/limits.py)
        app.openapi_schema = add_examples(schema, state.meta.examples) if state is not None else schema
    return app.openapi_schema


def app_from_env() -> FastAPI:
    """App factory for `uvicorn --factory` (each worker process reads its settings from the environment)."""
    return create_app(Settings())
