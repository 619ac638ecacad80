"""The app's one state: opened by the lifespan, the only thing on `app.state`, closed on shutdown (also when
opening fails half-way)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import duckdb
import pytest
from fastapi.testclient import TestClient

from mockapi.config.settings import Settings
from mockapi.core.paths import KG_DB, PAGES_DB
from mockapi.http.app import create_app
from mockapi.http.server.state import state_of


def test_the_lifespan_opens_one_state_and_closes_every_store(tiny_world: Path) -> None:
    app = create_app(Settings(world=tiny_world))
    assert state_of(app) is None  # nothing before the lifespan
    with TestClient(app) as client:
        state = state_of(app)
        assert state is not None and state.web is not None
        assert list(vars(app.state)["_state"]) == ["server"]  # no other attribute on the app's bag
        assert client.get("/health").json()["status"] == "ok"
        kg = state.kg.con  # opened now, to see it closed below
        web, qid = state.web, state.meta.examples["/web/search"]["interaction_id"]
        assert web.frozen(qid)
    assert state_of(app) is None
    with pytest.raises(duckdb.ConnectionException):
        kg.execute("SELECT 1")
    with pytest.raises(ValueError, match="closed"):
        web.frozen(qid)  # its key tables are closed
    assert state.serving.tables == {} and state.search.index is None


def test_a_failed_open_closes_what_it_had_opened(
    tiny_world: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # no serving/ and no search/: both are built into temp dirs on open, removed again on close
    world = tmp_path / "world"
    world.mkdir()
    shutil.copy(tiny_world / KG_DB, world / KG_DB)
    (world / PAGES_DB).write_bytes(b"not a database" * 100)  # the last store opened fails
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    with pytest.raises(duckdb.Error), TestClient(create_app(Settings(world=world))):
        pass
    assert list(temp.iterdir()) == []  # the serving tables and the search index were closed
