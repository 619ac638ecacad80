"""Issue 35: the reference runs in docs/reference-runs.md are reproduced exactly: the built-in systems on the
tiny world give the same rows (`scripts/reference-runs` regenerates them after a deliberate change), and the
block the script writes for a world names that world's hash and the code's commit, with each row's time."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest
from crag_eval.models.baseline import IDK
from crag_eval.run.identity import code
from crag_eval.run.reference import SYSTEMS, TASKS, world_block

from mockapi.core.paths import PAGES_DB, QUESTIONS_DB

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "reference-runs.md"
# what a question's results serve: the pages' text and the snippets (an empty page keeps its snippet, as a
# crawl that failed does in CRAG)
SERVED_TEXT = """
SELECT p.text || ' ' || r.page_snippet FROM results r
JOIN (SELECT DISTINCT ON (page_id) page_id, text FROM pages) p USING (page_id)
WHERE r.interaction_id = ?
"""


def documented_rows(name: str = "tiny") -> list[str]:
    block = re.search(rf"<!-- generated:{name} -->\n(.*?)<!-- /generated:{name} -->", DOC.read_text(), re.S)
    assert block, f"{DOC} has no generated {name} block"
    return [
        line for line in block.group(1).splitlines() if line.startswith("| ") and "| system |" not in line
    ]


@pytest.mark.parametrize(("task", "model"), [(t, m) for t in TASKS for m in SYSTEMS])
def test_a_reference_row_is_reproduced_exactly(
    task: int, model: str, tiny_world: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One row a test (a Task 3 run of 80 questions each: four in one test outlast its timeout on a loaded
    machine), written as the script writes a block: the world line, the table, a time per row."""
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path / "home"))
    documented = {tuple(row.split(" | ")[:2]): row for row in documented_rows()}
    times: list[str] = []
    block = world_block(tiny_world, tmp_path / "runs", timed=times.append, systems=(model,))
    got = block.splitlines()[-1]
    want = documented.get((f"| {model}", str(task)))
    assert got == want, f"{model} on Task {task} now gives\n{got}\nre-run scripts/reference-runs if intended"
    first = block.splitlines()[0]
    content_hash = json.loads((tiny_world / "manifest.json").read_text())["content_hash"]
    assert f"World `{content_hash}` (tiny, seed 0, dev)" in first
    commit = code().get("commit")
    assert commit is None or f"code `{str(commit)[:12]}`" in first
    assert len(times) == 1 and re.fullmatch(rf"{model} on Task {task}: [\d,]+ s", times[0])
    if model == "baseline":  # the run behind the row, read as well (one Task 3 run of the baseline a suite)
        baseline_reads_what_it_answers(tiny_world, tmp_path / "runs" / f"task{task}-{model}")


def baseline_reads_what_it_answers(world: Path, run: Path) -> None:
    """Every question asked, none lost; the template-blind baseline declines most (about 2% right on the
    default world: too few for the tiny world's 80 to hold one in every draw; its right answers are tested on
    sentences and on the real fixture in test_baseline.py), and what it does answer it read on the 50 results
    served for that question."""
    s = json.loads((run / "scores.json").read_text())["overall"]["rules"]
    with duckdb.connect(str(world / QUESTIONS_DB), read_only=True) as con:
        (questions,) = con.execute("SELECT count(*) FROM questions").fetchone() or (0,)
    assert s["n"] == questions and s["n_model_errors"] == 0
    # mostly declines, as a template-blind reader should on unfamiliar phrasing; never crashes
    assert 0.5 <= s["missing"] < 1
    predictions = [json.loads(line) for line in (run / "predictions.jsonl").read_text().splitlines()]
    assert len(predictions) == questions and not any(p.get("error") for p in predictions)
    answered = [p for p in predictions if p["prediction"] != IDK]
    assert answered
    with duckdb.connect(str(world / PAGES_DB), read_only=True) as con:
        for p in answered:
            rows = con.execute(SERVED_TEXT, [p["interaction_id"]]).fetchall()
            served = html.unescape(" ".join(text for (text,) in rows)).lower()
            words = re.findall(r"[a-z]+|\d+", p["prediction"].lower())
            assert words and all(w in served for w in words), (p["prediction"], p["interaction_id"])


def test_the_default_rows_refuse_a_world_that_is_not_the_default_one(tiny_world: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "reference-runs"), "--data", str(tiny_world)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert f"{tiny_world} is ('tiny', 0, 'dev')" in done.stderr
