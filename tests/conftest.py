"""Shared fixtures: a real tiny world built once per test session (the generator's own `tiny` scale)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from mockapi.process.loopback import serve_in_thread
from mockapi.world.build import build_world


@pytest.fixture(scope="session")
def tiny_world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A complete tiny world directory (seed 0), shared read-only by the whole session."""
    world = tmp_path_factory.mktemp("worlds") / "tiny"
    build_world("tiny", 0, world)
    return world


# ───────────────────────── real uvicorn on loopback (server part; reuse freely) ─────────────────────────


@pytest.fixture
def serve_world() -> Iterator[Callable[..., str]]:
    """`serve_world(world, **settings) -> base_url`: create_app(world) on real uvicorn, stopped after."""
    from mockapi.config.settings import Settings
    from mockapi.http.app import create_app

    with ExitStack() as stack:

        def start(world: Path, **settings: Any) -> str:
            app = create_app(Settings(world=world, **settings))
            return stack.enter_context(serve_in_thread(app))

        yield start


@pytest.fixture(scope="session")
def tiny_server(tiny_world: Path) -> Iterator[str]:
    """Base URL of one real uvicorn serving the tiny world (all tasks) for the whole session."""
    from mockapi.config.settings import Settings
    from mockapi.http.app import create_app

    with serve_in_thread(create_app(Settings(world=tiny_world))) as url:
        yield url
