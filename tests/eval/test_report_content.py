"""Issue 14, items 3 and 13: the headline table shows undecided answers and the Score_a range with a footer
saying how to settle them; the report shows the final status, full slice labels, and per question the
served pages that bear the answer."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import cast

import duckdb
import pytest
from crag_eval.cli import main
from crag_eval.files.records import ScoreData
from crag_eval.files.rundir import load_predictions
from crag_eval.report.details import read_details
from crag_eval.report.render import slice_svg

VERBOSE = """
class Verbose:
    def get_batch_size(self):
        return 5

    def batch_generate_answer(self, batch):
        text = "Well, it depends a lot on how you look at it, and several sources disagree on it"
        return [text] * len(batch["query"])
"""


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path.parent / "crag-home"))
    monkeypatch.chdir(tmp_path)


def test_undecided_column_range_and_footer(
    crag_fixture: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "verbose_model.py").write_text(VERBOSE)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("verbose_model", None)
    out = tmp_path / "run"
    args = [
        "--task",
        "1",
        "--model",
        "verbose_model:Verbose",
        "--data",
        str(crag_fixture),
        "--output",
        str(out),
    ]
    assert main(args) == 0
    printed = capsys.readouterr().out
    s = json.loads((out / "scores.json").read_text())["overall"]["rules"]
    assert s["n_undecided"] > 0 and s["score_a_high"] == pytest.approx(
        s["score_a"] + 2 * s["n_undecided"] / 10
    )
    assert "undecided" in printed and "Score_a range %" in printed
    assert f"{s['n_undecided']} answers the rules judge could not decide" in " ".join(printed.split())
    assert "--judge openai" in printed and "--labels" in printed
    report = (out / "report.md").read_text()
    header = (
        "| judge | n | accuracy % | hallucination % | missing % | undecided | Score_a % [95% CI] "
        "| Score_a range % | Score_h % |"
    )
    assert header in report  # the README shows this same table
    low, high = 100 * s["score_a"], 100 * s["score_a_high"]
    assert f"| {s['n_undecided']} | {low:.1f} [" in report and f"| {low:.1f} … {high:.1f} |" in report
    assert "status **complete**" in report  # not "scoring"
    assert "exact_accuracy" in report


def served_gold_pages(world: Path, run: Path) -> int:
    """How many (question, served page) pairs of the run are gold pages, read from the world's stores."""
    with duckdb.connect(str(world / "questions.duckdb"), read_only=True) as con:
        rows = con.execute("SELECT interaction_id, gold_page_ids FROM questions").fetchall()
    gold = {i: set(json.loads(g)) for i, g in rows}
    with duckdb.connect(str(world / "pages.duckdb"), read_only=True) as con:
        urls = con.execute("SELECT interaction_id, page_id, page_url FROM results").fetchall()
    gold_urls = {(i, url) for i, page_id, url in urls if page_id in gold.get(i, ())}
    predictions = load_predictions(run).values()
    return sum((p.interaction_id, page["url"]) in gold_urls for p in predictions for page in p.pages)


def test_answer_pages_marked_in_the_drill_down(tiny_world: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = [
        "--task",
        "3",
        "--model",
        "oracle",
        "--data",
        str(tiny_world),
        "--first",
        "10",
        "--output",
        str(out),
    ]
    assert main(args) == 0
    html = (out / "report.html").read_text()
    assert "status <strong>complete</strong>" in html
    # the world's labels, shown after scoring: a star on every served rank that is a gold page of its question
    # (report.js draws them from this data: tests/eval/test_report_browser.py)
    details = read_details(html)
    marked = [ranks for q in details["questions"] for ranks, _i, answer in q["pages"] or [] if answer]
    assert sum(len(ranks) for ranks in marked) == served_gold_pages(tiny_world, out) > 0
    assert details["answer_pages_known"]


def test_slice_labels_are_never_cut_off() -> None:
    label = "a very long slice value such as simple_w_condition-and-more"
    score = cast(ScoreData, {"accuracy": 0.5, "missing": 0.5, "n": 2})  # the keys the bar chart reads
    svg = str(slice_svg("question type", {label: score}))
    first_bar_x = float(re.findall(r'<rect x="([\d.]+)"', svg)[0])
    assert label in svg and first_bar_x >= 7 * len(label)  # the bars start after the whole label
