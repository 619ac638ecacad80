"""Retrieval as its own measure: qrels from the world, recall@k / nDCG@10 / MRR of a model's ranked pages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from crag_eval.cli import main
from crag_eval.files.records import SearchPage
from crag_eval.score.retrieval import ndcg_at, ranked_pages, recall_at, reciprocal_rank
from fixture_paths import CRAG_DEV_10

from mockapi.cli import main as crag_mock
from mockapi.importers.dataset import import_dataset
from mockapi.web.qrels import read_qrels, world_qrels


def test_export_qrels_writes_four_column_trec_lines_of_the_gold_pages(
    tiny_world: Path, tmp_path: Path
) -> None:
    out = tmp_path / "tiny.qrels"
    assert crag_mock(["export", "--qrels", "--data", str(tiny_world), "--out", str(out)]) == 0
    lines = [line.split() for line in out.read_text().splitlines()]
    assert lines and all(len(parts) == 4 and parts[1] == "0" and parts[3] == "1" for parts in lines)
    assert all(parts[2].startswith("http") for parts in lines)
    note = json.loads(Path(f"{out}.json").read_text())
    assert note["labels"] == "gold" and note["relevant_pages"] == len(lines)
    # every gold page of every question, and only those (the world's own labels)
    import duckdb

    with duckdb.connect(str(tiny_world / "questions.duckdb"), read_only=True) as con:
        gold = sum(
            len(json.loads(g)) for (g,) in con.execute("SELECT gold_page_ids FROM questions").fetchall()
        )
    assert len(lines) == gold
    assert read_qrels(out).relevant == world_qrels(tiny_world).relevant


def test_imported_dataset_qrels_are_estimated_from_pages_that_state_the_answer(tmp_path: Path) -> None:
    if not CRAG_DEV_10.is_file():
        pytest.skip("the real CRAG fixture is not present")
    world = tmp_path / "imported"
    import_dataset([CRAG_DEV_10], world)
    qrels = world_qrels(world)
    assert qrels.estimated and qrels.questions == 10
    assert 0 < len(qrels.relevant) < 10  # CRAG's estimated recall: some answers are in no page
    records = [json.loads(line) for line in __import__("bz2").open(CRAG_DEV_10, "rt")]
    by_id = {r["interaction_id"]: r for r in records}
    for qid, urls in qrels.relevant.items():
        answer = by_id[qid]["answer"].lower()
        for result in by_id[qid]["search_results"]:
            if result["page_url"].replace(" ", "%20") in urls:
                assert answer in (result["page_result"] or "").lower()
    out = tmp_path / "fx.qrels"
    assert crag_mock(["export", "--qrels", "--data", str(world), "--out", str(out)]) == 0
    assert json.loads(Path(f"{out}.json").read_text())["labels"] == "estimated"


def test_export_without_task_or_qrels_is_one_line(
    tiny_world: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert crag_mock(["export", "--data", str(tiny_world), "--out", str(tmp_path / "x")]) == 2
    assert "--qrels" in capsys.readouterr().err


@pytest.mark.parametrize(("pages", "expected"), [("answer", 1.0), ("noise", 0.0)])
def test_oracle_retrieval_bounds_the_figures(
    tiny_world: Path, tmp_path: Path, pages: str, expected: float
) -> None:
    out = tmp_path / pages
    args = ["--task", "1", "--model", "oracle-retrieval", "--data", str(tiny_world), "--output", str(out)]
    args += ["--limit", "30"]  # Task 1: 5 pages a question, fast; the oracle ranks the qrels, not the 5
    assert main([*args, "--model-args", json.dumps({"pages": pages})]) == 0
    r = json.loads((out / "scores.json").read_text())["retrieval"]
    assert r["labels"] == "gold" and r["questions"] == len(read_qrels(out / "qrels.txt").relevant) > 0
    assert r["recall_at_50"] == r["ndcg_at_10"] == r["mrr"] == expected
    assert "| recall@5 | recall@10 | recall@50 | nDCG@10 | MRR |" in (out / "report.md").read_text()
    assert "Key points (RAGEval)" in (out / "report.html").read_text()
    run = [line.split() for line in (out / "run.trec").read_text().splitlines()]
    assert run and all(len(parts) == 6 and parts[1] == "Q0" for parts in run)


def test_metrics_on_a_hand_ranking() -> None:
    ranked, relevant = ["a", "x", "b", "y"], {"a", "b", "c"}
    assert recall_at(ranked, relevant, 2) == pytest.approx(1 / 3)
    assert recall_at(ranked, relevant, 50) == pytest.approx(2 / 3)
    assert reciprocal_rank(["x", "y", "b"], relevant) == pytest.approx(1 / 3)
    ideal = 1 + 1 / 1.584962500721156 + 1 / 2  # three relevant documents at ranks 1..3
    assert ndcg_at(ranked, relevant, 10) == pytest.approx((1 + 1 / 2) / ideal)


def test_contexts_are_traced_to_the_served_page_they_came_from() -> None:
    pages: list[SearchPage] = [
        {"page_url": "https://a.example/1", "page_result": "<p>The capital of Foo is Bar City.</p>"},
        {"page_url": "https://b.example/2", "page_result": "<p>Quux was founded in 1901 by Zed.</p>"},
    ]
    answer = {"answer": "1901", "contexts": ["founded in 1901 by Zed", "no page says this at all", "Bar"]}
    assert ranked_pages(answer, pages) == ["https://b.example/2"]  # too-short "Bar" is not traced
    assert ranked_pages({"answer": "x", "pages": ["u 1", "u 1", "v"]}, pages) == ["u%201", "v"]
    assert ranked_pages("plain answer", pages) is None
