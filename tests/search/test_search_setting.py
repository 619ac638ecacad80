"""`--search` / CRAG_MOCK_SEARCH: the default per world kind, /meta's `search`, both rankings served."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import numpy as np
import pytest
from fastapi.testclient import TestClient

from mockapi.config.settings import Settings
from mockapi.http.app import create_app
from mockapi.search.service import default_mode


def test_defaults_original_for_imported_kgs_improved_for_synthetic_worlds() -> None:
    assert default_mode("imported-kg") == "original"
    assert default_mode("imported") == "original"
    assert default_mode("synthetic") == "improved"
    assert default_mode(None) == "improved"


def test_environment_variable_sets_the_ranking(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRAG_MOCK_SEARCH", "original")
    assert Settings().search == "original"
    monkeypatch.setenv("CRAG_MOCK_SEARCH", "fuzzy")
    with pytest.raises(ValueError):
        Settings()


@pytest.mark.parametrize("mode", [None, "original", "improved"])
def test_meta_reports_the_active_ranking(
    tiny_world: Path, mode: Literal["original", "improved"] | None
) -> None:
    with TestClient(create_app(Settings(world=tiny_world, search=mode))) as client:
        meta = client.get("/meta").json()
    assert meta["search"] == (mode or "improved")
    # which numpy orders the original's ties (they differ between numpy 1.x and 2.x)
    expected = f"numpy {np.__version__} argsort" if mode == "original" else None
    assert meta["tie_order"] == expected


def test_both_rankings_answer_from_the_same_index(tiny_world: Path) -> None:
    answers = {}
    for mode in ("original", "improved"):
        with TestClient(create_app(Settings(world=tiny_world, search=mode))) as client:
            example = client.get("/meta").json()["examples"]["/open/search_entity_by_name"]
            got = client.post("/open/search_entity_by_name", json=example).json()["result"]
            assert got, mode
            answers[mode] = got
    # the same BM25 candidates, ranked two ways
    assert set(answers["original"]) & set(answers["improved"])
