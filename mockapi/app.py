"""`create_app(settings)`: the FastAPI app serving CRAG's 38 KG routes (and, when present, the web routes).

The lifespan opens kg.duckdb read-only once per process (the store of record: meta, examples) and the
memory-mapped serving structures every KG route answers from (mockapi/serving, mockapi/search). Router modules
listed in ROUTERS are included when importable, so a part that is not there yet (or an optional one) just
does not appear. A router module may define `startup(app, settings)` and `shutdown(app)`: the lifespan calls
them after the KG is open (the place to open another store into `app.state`), and in reverse order on exit.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from types import ModuleType
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from mockapi.docs_pages import install_docs
from mockapi.error_handlers import install_error_handlers
from mockapi.limits import InputLimits, document_limits
from mockapi.meta import add_examples, build_meta
from mockapi.paths import KG_DB
from mockapi.search.service import NameSearch, default_mode
from mockapi.serving.build import serving_snapshot
from mockapi.serving.service import Serving
from mockapi.settings import Settings
from mockapi.sim.wiring import install_simulation
from mockapi.store.db import KGStore
from mockapi.world.manifest import read_manifest_or_empty

ROUTERS: list[str] = [
    "mockapi.routers.root",
    "mockapi.routers.open",
    "mockapi.routers.movie",
    "mockapi.routers.finance",
    "mockapi.routers.music",
    "mockapi.routers.sports",
    "mockapi.routers.web",
    "mockapi.routers.admin",
]

TITLE = "CRAG API"
DESCRIPTION = "API for Meta KDD Cup '24 CRAG: Comprehensive RAG Benchmark (local mock: crag-mockapi)"


def router_modules() -> list[ModuleType]:
    """The ROUTERS that exist in this installation, imported."""
    return [importlib.import_module(name) for name in ROUTERS if importlib.util.find_spec(name) is not None]


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    settings: Settings = app.state.settings
    # kg.duckdb is opened only if something needs it: not when serving/ carries the start-up snapshot
    app.state.kg = KGStore(settings.world / KG_DB, snapshot=serving_snapshot(settings.world))
    app.state.serving = Serving(settings.world, app.state.kg.lazy_con)  # exact-key routes (mockapi/serving)
    mode = settings.search or default_mode(read_manifest_or_empty(settings.world).kind)
    app.state.search = NameSearch(settings.world, app.state.kg.lazy_con, mode)
    app.state.meta = build_meta(settings.world, app.state.kg, settings.task, mode)
    started: list[ModuleType] = []
    try:
        for module in app.state.router_modules:
            if hasattr(module, "startup"):
                module.startup(app, settings)
                started.append(module)
        yield
    finally:
        for module in reversed(started):
            if hasattr(module, "shutdown"):
                module.shutdown(app)
        app.state.search.close()
        app.state.serving.close()
        app.state.kg.close()


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app over `settings.world` (default: `Settings()` from `CRAG_MOCK_*` environment variables)."""
    app = FastAPI(
        title=TITLE,
        description=DESCRIPTION,
        lifespan=lifespan,
        swagger_ui_parameters={"tryItOutEnabled": True},
        docs_url=None,  # /docs and /redoc come from install_docs: local assets, no CDN
        redoc_url=None,
    )
    install_docs(app)
    app.state.settings = settings or Settings()
    app.state.router_modules = router_modules()
    for module in app.state.router_modules:
        app.include_router(module.router)
    install_error_handlers(app)
    app.add_middleware(InputLimits)  # 413 over 64 KiB, strict-JSON 422 (mockapi/limits.py)
    install_simulation(app, app.state.settings)  # latency/faults/limits/journal when configured (mockapi/sim)
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    return app


def _openapi(app: FastAPI) -> dict[str, Any]:
    """FastAPI's schema, with each route's example body taken from the world being served."""
    if app.openapi_schema is None:
        schema = get_openapi(
            title=app.title, version=app.version, description=app.description, routes=app.routes
        )
        meta = getattr(app.state, "meta", None)
        schema = document_limits(schema)  # 413 and the canonical 422 body (mockapi/limits.py)
        app.openapi_schema = add_examples(schema, meta.examples) if meta is not None else schema
    return app.openapi_schema


def app_from_env() -> FastAPI:
    """App factory for `uvicorn --factory` (each worker process reads its settings from the environment)."""
    return create_app(Settings())
