"""The mock server, started in-process for a run: uvicorn in a thread on a free loopback port."""

from __future__ import annotations

import contextlib
import gc
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from mockapi.errors import UserError


def free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


@contextlib.contextmanager
def serve_app(app: Any) -> Iterator[str]:
    """Serve an ASGI app on 127.0.0.1:<free port> until the block ends; yields the base URL."""
    import uvicorn

    sock = free_socket()
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", lifespan="on", access_log=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True, name="crag-mock")
    thread.start()
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url, thread)
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
        release_app(app)


def release_app(app: Any) -> None:
    """Let a stopped app (and the DuckDB connections and tantivy searchers its lifespan closed) be freed now.

    FastAPI memoises endpoint analysis in module-level lru caches (fastapi.dependencies.models) keyed by the
    endpoint functions, whose closures reach the app and, through it, the stores. Held there until interpreter
    exit, they are torn down after the DuckDB extension itself, and nanobind prints ~40 lines of "leaked"
    instances. Clearing those caches and dropping the app's state when the server stops frees them in order.
    """
    import fastapi.dependencies.models as fastapi_models

    for value in vars(fastapi_models).values():
        if callable(getattr(value, "cache_clear", None)):
            value.cache_clear()
    state = getattr(getattr(app, "state", None), "_state", None)
    if isinstance(state, dict):
        state.clear()
    gc.collect()


def wait_healthy(url: str, thread: threading.Thread | None = None, timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if thread is not None and not thread.is_alive():
            raise UserError(f"the in-process mock server at {url} stopped during start-up; see the log above")
        try:
            if httpx.get(url + "/health", timeout=2.0).status_code < 500:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.05)
    raise UserError(f"the mock server at {url} did not answer /health within {timeout_s:.0f} s")


def world_app(world: Path, task: int, sim: dict[str, Any] | None = None) -> Any:
    """The real server app over a world, restricted to the task (task 1: KG refused, tasks 1–2: 5 pages)."""
    try:
        from mockapi.app import create_app
        from mockapi.settings import Settings
    except ImportError as exc:
        raise UserError(
            f"the mock server is not available in this install ({exc}); pass --server URL"
        ) from None
    # every caller of this in-process server is this run, so its X-Client-Id (the harness's own page fetches
    # vs the model's) may choose the rate-limit bucket
    settings = Settings(world=world, task=task, **{"trust_client_id": True, **(sim or {})})
    return create_app(settings)


def server_meta(url: str) -> dict[str, Any]:
    """A --server URL's /meta (what world it serves), or a one-line error when nothing answers there."""
    url = url.rstrip("/")
    try:
        response = httpx.get(url + "/meta", timeout=10.0)
    except httpx.TransportError:
        msg = f"no mock server answers at {url}; start one with `crag-mock serve` or drop --server"
        raise UserError(msg) from None
    if response.status_code != 200:
        raise UserError(f"{url}/meta answered HTTP {response.status_code}; is this a crag-mock server?")
    try:
        data: dict[str, Any] = response.json()
    except ValueError:
        raise UserError(f"{url}/meta did not answer JSON; is this a crag-mock server?") from None
    return data
