"""Hooks the operations layer (mockapi/observe) into `create_app`: what the settings ask for, the outermost
middleware, and the lifespan's two steps (watch SIGTERM, leave the metrics' live sum)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI

from mockapi.config.settings import Settings
from mockapi.observe.accesslog import AccessLog
from mockapi.observe.drain import Drain
from mockapi.observe.metrics import Metrics


@dataclass
class Ops:
    """One app's operations parts."""

    drain: Drain
    metrics: Metrics | None
    log: AccessLog | None
    _flushing: asyncio.Task[None] | None = None

    def started(self) -> None:
        """In the lifespan's start-up (in the event loop; its main thread under `crag-mock serve`)."""
        self.drain.watch()
        if self.metrics is not None:
            self._flushing = asyncio.get_running_loop().create_task(self.metrics.flushing())

    def stopped(self) -> None:
        if self._flushing is not None:
            self._flushing.cancel()
            self._flushing = None
        if self.metrics is not None:
            self.metrics.process_ended()


def operations_for(settings: Settings) -> Ops:
    return Ops(
        drain=Drain(settings.drain_delay),
        metrics=Metrics() if settings.metrics == "on" else None,
        log=AccessLog() if settings.access_log == "json" else None,
    )


def install_operations(app: FastAPI, ops: Ops, settings: Settings) -> None:
    """Add `Operations` as the outermost middleware (call it after every other `add_middleware`)."""
    from mockapi.observe.middleware import Operations

    app.add_middleware(
        Operations,
        ready=lambda: getattr(app.state, "server", None) is not None,
        route_paths=lambda: frozenset(route_paths(app.routes)),
        drain=ops.drain,
        metrics=ops.metrics,
        log=ops.log,
        proxies=settings.forwarded_allow_ips,
    )


def route_paths(routes: Iterable[Any], prefix: str = "") -> Iterator[str]:
    """Every path the app routes (the metrics' route labels). FastAPI keeps an included router as one entry
    holding the router, so this walks into those."""
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            context = getattr(route, "include_context", None)
            yield from route_paths(inner.routes, prefix + str(getattr(context, "prefix", "") or ""))
        elif isinstance(getattr(route, "path", None), str):
            yield prefix + route.path
