"""Shared fixtures: a real tiny world built once per test session (the generator's own `tiny` scale)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mockapi.world.build import build_world


@pytest.fixture(scope="session")
def tiny_world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A complete tiny world directory (seed 0), shared read-only by the whole session."""
    world = tmp_path_factory.mktemp("worlds") / "tiny"
    build_world("tiny", 0, world)
    return world
