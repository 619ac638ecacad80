"""An ASGI app on real uvicorn in a thread, on a free 127.0.0.1 port: the one helper the harness's in-process
server, the tests and the benches share."""

from __future__ import annotations

import gc
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal


def free_socket() -> socket.socket:
    """A TCP socket bound to a free loopback port (bound first, so no other process can take the port)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


@contextmanager
def serve_in_thread(
    app: Any,
    *,
    lifespan: Literal["on", "off", "auto"] = "on",
    http: Any = "auto",
    timeout_keep_alive: int = 5,
) -> Iterator[str]:
    """Serve `app` until the block ends; yields the base URL once uvicorn has started (lifespan done).
    `http`: uvicorn's HTTP protocol (a name or a class, e.g. mockapi.process.batched_writes.BatchedWrites);
    `timeout_keep_alive`: uvicorn's idle keep-alive time (`crag-mock serve` uses 75 s).

    Raises RuntimeError when uvicorn exits during start-up (a lifespan that failed: its log says why).
    """
    import uvicorn  # the client side of the project never needs it

    sock = free_socket()
    # proxy_headers off: our app applies X-Forwarded-For itself, from the proxies its settings name
    # (mockapi/observe/middleware.py), as under `crag-mock serve`
    config = uvicorn.Config(
        app, log_level="warning", lifespan=lifespan, access_log=False, http=http, proxy_headers=False,
        timeout_keep_alive=timeout_keep_alive,
    )  # fmt: skip
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True, name="crag-mock")
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                raise RuntimeError("uvicorn exited during start-up (see the log above)")
            time.sleep(0.01)
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
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
