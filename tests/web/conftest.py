"""Worlds imported from the real CRAG fixture, and an app serving /web over them."""

from __future__ import annotations

import bz2
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from fixture_paths import CRAG_DEV_10 as FIXTURE

from mockapi.config.settings import Settings
from mockapi.http.app import create_app
from mockapi.importers.dataset import import_dataset


def fixture_lines() -> list[bytes]:
    """The fixture's lines, exactly as in the file (newline included)."""
    with bz2.open(FIXTURE, "rb") as f:
        return list(f)


@pytest.fixture(scope="session")
def records() -> list[dict[str, Any]]:
    return [json.loads(line) for line in fixture_lines()]


@pytest.fixture(scope="session")
def imported_world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 10 real records imported into a world (Task 1&2 layout: 5 results each)."""
    world = tmp_path_factory.mktemp("imported") / "world"
    import_dataset([FIXTURE], world)
    return world


@pytest.fixture(scope="session")
def wide_world(tmp_path_factory: pytest.TempPathFactory, records: list[dict[str, Any]]) -> Path:
    """One question with 15 results (Task 3 shaped), to see the Task 1/2 pick of 5 from the top 10."""
    base = tmp_path_factory.mktemp("wide")
    wide = dict(records[0], search_results=[r for rec in records[:3] for r in rec["search_results"]])
    source = base / "wide.jsonl"
    source.write_text(json.dumps(wide) + "\n", encoding="ascii")
    import_dataset([source], base / "world")
    return base / "world"


def web_app(world: Path, task: int | None = None) -> FastAPI:
    """The real server app over `world` (the page store opens in its lifespan: use it as a context)."""
    return create_app(Settings(world=world, task=task))


@pytest.fixture(scope="session")
def app_for() -> Callable[..., FastAPI]:
    """`app_for(world, task=None)`: the /web app over a world."""
    return web_app


@pytest.fixture(scope="session")
def client(imported_world: Path) -> Iterator[TestClient]:
    with TestClient(web_app(imported_world)) as c:
        yield c
