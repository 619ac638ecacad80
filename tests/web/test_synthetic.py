"""/web over the synthetic tiny world (spec pages rendered on request), and export → import → export."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import duckdb
from fastapi import FastAPI
from fastapi.testclient import TestClient

from mockapi.importers.dataset import import_dataset
from mockapi.process.exporter import export_world


def first_question(world: Path) -> tuple[str, str]:
    con = duckdb.connect(str(world / "questions.duckdb"), read_only=True)
    try:
        row = con.execute("SELECT interaction_id, query FROM questions ORDER BY ord LIMIT 1").fetchone()
    finally:
        con.close()
    assert row is not None
    return str(row[0]), str(row[1])


def test_fifty_rendered_pages_and_the_task_view(tiny_world: Path, app_for: Callable[..., FastAPI]) -> None:
    qid, query = first_question(tiny_world)
    with TestClient(app_for(tiny_world)) as c, TestClient(app_for(tiny_world, task=1)) as task1:
        full = c.post("/web/search", json={"interaction_id": qid}).json()["result"]
        assert len(full) == 50
        assert c.post("/web/search", json={"query": query, "include_html": False}).json()["result"] == [
            {**r, "page_result": None} for r in full
        ]
        page = c.post("/web/get_page", json={"url": full[0]["page_url"]}).json()["result"]
        assert page["page_result"] == full[0]["page_result"]
        picked = task1.post("/web/search", json={"interaction_id": qid}).json()["result"]
        free = c.post("/web/search", json={"query": query.rstrip("?") + " facts", "k": 10}).json()["result"]
    assert len(picked) == 5 and all(r in full[:10] for r in picked)
    assert 0 < len(free) <= 10 and all(r["page_result"] is not None for r in free)


def test_export_import_export_is_stable(tiny_world: Path, tmp_path: Path) -> None:
    first = tmp_path / "task1.jsonl"
    count = export_world(tiny_world, 1, first)
    line = json.loads(first.open(encoding="ascii").readline())
    assert list(line)[-1] == "search_results" and len(line["search_results"]) == 5
    assert isinstance(line["alt_ans"], list)
    import_dataset([first], tmp_path / "world")
    second = tmp_path / "again.jsonl"
    assert export_world(tmp_path / "world", 1, second) == count
    assert second.read_bytes() == first.read_bytes()
