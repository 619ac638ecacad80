"""Shared fixtures: a real tiny world built once per test session (the generator's own `tiny` scale)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest

from mockapi.world.build import build_world


@pytest.fixture(scope="session")
def tiny_world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A complete tiny world directory (seed 0), shared read-only by the whole session."""
    world = tmp_path_factory.mktemp("worlds") / "tiny"
    build_world("tiny", 0, world)
    return world


# ───────────────────────── real uvicorn on loopback (server part; reuse freely) ─────────────────────────


@contextmanager
def uvicorn_on_loopback(app: Any) -> Iterator[str]:
    """Serve the ASGI `app` with a real uvicorn on a free 127.0.0.1 port in a thread; yields the base URL."""
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on", access_log=False))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                raise RuntimeError("uvicorn exited during start-up (see the log above)")
            time.sleep(0.01)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture
def serve_world() -> Iterator[Callable[..., str]]:
    """`serve_world(world, **settings) -> base_url`: create_app(world) on real uvicorn, stopped after."""
    from mockapi.app import create_app
    from mockapi.settings import Settings

    with ExitStack() as stack:

        def start(world: Path, **settings: Any) -> str:
            app = create_app(Settings(world=world, **settings))
            return stack.enter_context(uvicorn_on_loopback(app))

        yield start


@pytest.fixture(scope="session")
def tiny_server(tiny_world: Path) -> Iterator[str]:
    """Base URL of one real uvicorn serving the tiny world (all tasks) for the whole session."""
    from mockapi.app import create_app
    from mockapi.settings import Settings

    with uvicorn_on_loopback(create_app(Settings(world=tiny_world))) as url:
        yield url
