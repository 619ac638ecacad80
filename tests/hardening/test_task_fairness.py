"""Task 1/2 fairness: free text reaches no page beyond those the questions show (CRAG gives those tasks each
question's own 5 pages and no search). Before: the question text plus one character reached an answer page
for 56 of the tiny world's 60 answerable questions, against 18 in the official 5-page view."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import duckdb
import httpx
import pytest


def gold_urls(world: Path) -> list[tuple[str, str, set[str]]]:
    """(interaction id, query, URLs of the pages bearing the answer) of every question (false premises and
    unanswerable ones: none)."""
    questions = duckdb.connect(str(world / "questions.duckdb"), read_only=True)
    pages = duckdb.connect(str(world / "pages.duckdb"), read_only=True)
    try:
        rows = questions.execute("SELECT interaction_id, query, gold_page_ids FROM questions ORDER BY ord")
        out = []
        for qid, query, gold in rows.fetchall():
            ids = json.loads(gold) if isinstance(gold, str) else list(gold or [])
            found = pages.execute("SELECT url FROM pages WHERE list_contains(?, page_id)", [ids])
            out.append((qid, query, {r[0] for r in found.fetchall()}))
        return out
    finally:
        questions.close()
        pages.close()


def urls(client: httpx.Client, body: dict[str, object]) -> set[str]:
    response = client.post("/web/search", json={**body, "include_html": False})
    assert response.status_code == 200
    return {e["page_url"] for e in response.json()["result"]}


@pytest.mark.parametrize("task", [1, 2])
def test_free_text_reaches_only_the_pages_the_questions_show(
    task: int, tiny_world: Path, serve_world: Callable[..., str]
) -> None:
    questions = gold_urls(tiny_world)
    assert sum(bool(gold) for _, _, gold in questions) >= 30
    with httpx.Client(base_url=serve_world(tiny_world, task=task), timeout=60) as client:
        views = {qid: urls(client, {"interaction_id": qid}) for qid, _, _ in questions}
        shown = set().union(*views.values())
        reached_free = reached_view = 0
        for qid, query, gold in (q for q in questions if q[2]):
            free = urls(client, {"query": query + "x", "k": 50})
            assert free <= shown, f"{query!r} reached pages no question shows"
            reached_free += bool(free & gold)
            reached_view += bool(views[qid] & gold)
        # a gold page another question shows (a shared or set member's page) can be reached by free text
        # while it sits below its own question's view: one question of the tiny world at generator 38 (61
        # against 60).
        # Free text must not beat the views by more than such strays (2 % of the answerable questions).
        answerable = sum(bool(q[2]) for q in questions)
        assert reached_free <= reached_view + max(1, answerable // 50)
        # Task 3 still searches the whole corpus (the research setting)
    with httpx.Client(base_url=serve_world(tiny_world, task=3), timeout=60) as client:
        assert any(not urls(client, {"query": q + "x", "k": 50}) <= shown for _, q, _ in questions[:10])
