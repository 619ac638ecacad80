"""dummy → 100% missing over a real world (the tiny world), through the CLI with --limit. The Task 3 runs of
the built-in systems over the whole tiny world are tests/eval/test_reference_runs.py's (oracle: accuracy 100,
hallucination 0; the baseline: every question asked, and what it answers read on the results served)."""

from __future__ import annotations

import json
from pathlib import Path

from crag_eval.cli import main

from mockapi.core.paths import QUESTIONS_DB


def test_dummy_misses_every_question_of_a_task_1_sample(tiny_world: Path, tmp_path: Path) -> None:
    # the builder writes questions.duckdb into every world: its absence is a regression, not a reason to skip
    assert (tiny_world / QUESTIONS_DB).is_file(), f"the tiny world has no {QUESTIONS_DB}"
    out = tmp_path / "run"
    args = ["--task", "1", "--model", "dummy", "--data", str(tiny_world), "--limit", "40"]
    assert main([*args, "--output", str(out)]) == 0
    s = json.loads((out / "scores.json").read_text())["overall"]["rules"]
    assert s["missing"] == 1.0 and s["n"] == 40  # --limit 40 of the tiny world's 80
