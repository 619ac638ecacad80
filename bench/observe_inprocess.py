"""The operations layer's cost per request in process: the app's whole ASGI stack (fast path included) called
directly, no sockets, the 38 KG routes round-robin, in interleaved batches; the fastest batch of each variant
is its figure (the least disturbed by other jobs on a shared machine). Used by bench_observe.py."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson

from mockapi.config.settings import Settings
from mockapi.http.app import create_app
from mockapi.observe.middleware import Operations

VARIANTS: dict[str, dict[str, str]] = {
    "today (no layer)": {"metrics": "off"},
    "observe off": {"metrics": "off"},
    "metrics on (default)": {},
    "metrics + access log": {"access_log": "json"},
}


def _app(world: Path, name: str) -> Any:
    app = create_app(Settings(world=world, **VARIANTS[name]))
    if name.startswith("today"):  # the stack as it was before the layer: nothing in front of the fast path
        app.user_middleware = [m for m in app.user_middleware if m.cls is not Operations]
    return app


@contextlib.contextmanager
def _stdout_to_devnull() -> Iterator[None]:
    """The access log writes to file descriptor 1; here it goes to /dev/null, as a pipe drained elsewhere."""
    saved = os.dup(1)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    try:
        yield
    finally:
        os.dup2(saved, 1)
        os.close(null)
        os.close(saved)


def _scope(path: str, body: bytes) -> dict[str, Any]:
    headers = [
        (b"host", b"x"),
        (b"content-type", b"application/json"),
        (b"content-length", b"%d" % len(body)),
    ]
    return {"type": "http", "http_version": "1.1", "method": "POST", "path": path, "raw_path": path.encode(),
            "root_path": "", "scheme": "http", "query_string": b"", "client": ("127.0.0.1", 5000),
            "server": ("127.0.0.1", 8000), "headers": headers}  # fmt: skip


async def _batch(app: Any, requests: list[tuple[str, bytes]], n: int) -> float:
    sent: list[Any] = []

    async def send(message: Any) -> None:
        sent.append(message)

    started = time.perf_counter()
    for i in range(n):
        path, body = requests[i % len(requests)]
        scope = _scope(path, body)
        delivered = False

        async def receive() -> Any:
            nonlocal delivered
            if delivered:
                return {"type": "http.disconnect"}
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}  # noqa: B023

        await app(scope, receive, send)
        sent.clear()
    return (time.perf_counter() - started) / n


async def _measure(world: Path, batches: int, size: int) -> dict[str, float]:
    apps = {name: _app(world, name) for name in VARIANTS}
    async with contextlib.AsyncExitStack() as stack:
        for app in apps.values():
            await stack.enter_async_context(app.router.lifespan_context(app))
        examples = apps["observe off"].state.server.meta.examples
        requests = [(p, orjson.dumps(b)) for p, b in examples.items() if not p.startswith("/web/") and b]
        best = {name: float("inf") for name in apps}
        for app in apps.values():
            await _batch(app, requests, size)  # warm-up
        for _ in range(batches):
            for name, app in apps.items():
                best[name] = min(best[name], await _batch(app, requests, size))
    return best


def measure(world: Path, batches: int = 15, size: int = 1000) -> dict[str, float]:
    """Seconds per request of each variant (the fastest of `batches` batches of `size` requests)."""
    with _stdout_to_devnull():
        return asyncio.run(_measure(world, batches, size))


async def _answer(scope: Any, receive: Any, send: Any) -> None:
    """An app that answers at once: what is left of a request's time is the middleware's."""
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b'{"result":null}'})


async def _overhead(batches: int, size: int) -> dict[str, float]:
    from mockapi.observe.wiring import operations_for

    variants: dict[str, Any] = {"nothing in front": _answer}
    for name, values in VARIANTS.items():
        if not name.startswith("today"):
            ops = operations_for(Settings(**values))
            variants[name] = Operations(
                _answer, ready=lambda: True, route_paths=lambda: frozenset({"/finance/get_info"}),
                drain=ops.drain, metrics=ops.metrics, log=ops.log, proxies=None,
            )  # fmt: skip
    requests = [("/finance/get_info", b'{"query":"x"}')]
    best = {name: float("inf") for name in variants}
    for _ in range(batches):
        for name, app in variants.items():
            best[name] = min(best[name], await _batch(app, requests, size))
    return best


def overhead(batches: int = 30, size: int = 2000) -> dict[str, float]:
    """Seconds per request of the `Operations` middleware alone, in front of an app that answers at once."""
    with _stdout_to_devnull():
        return asyncio.run(_overhead(batches, size))
