"""oracle → accuracy 1.0 and dummy → 100% missing over a real world (the tiny world), Tasks 1 and 3."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from crag_eval.cli import main

from mockapi.paths import QUESTIONS_DB


@pytest.fixture
def world_with_questions(tiny_world: Path) -> Path:
    if not (tiny_world / QUESTIONS_DB).is_file():
        pytest.skip("the tiny world has no questions.duckdb yet (the questions stage is not in the builder)")
    return tiny_world


@pytest.mark.parametrize(
    ("task", "model", "field", "expected"), [(3, "oracle", "accuracy", 1.0), (1, "dummy", "missing", 1.0)]
)
def test_world_run(
    world_with_questions: Path, tmp_path: Path, task: int, model: str, field: str, expected: float
) -> None:
    out = tmp_path / "run"
    args = ["--task", str(task), "--model", model, "--data", str(world_with_questions), "--limit", "40"]
    assert main([*args, "--output", str(out)]) == 0
    s = json.loads((out / "scores.json").read_text())["overall"]["rules"]
    assert s[field] == expected and s["n"] > 0
    if model == "oracle":
        assert s["hallucination"] == 0.0


def test_baseline_answers_some_task_3_questions(world_with_questions: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert (
        main(
            ["--task", "3", "--model", "baseline", "--data", str(world_with_questions), "--output", str(out)]
        )
        == 0
    )
    s = json.loads((out / "scores.json").read_text())["overall"]["rules"]
    # the template-blind baseline declines most questions; it must still get some right end to end
    assert s["n_correct"] > 0 and s["missing"] < 1
