"""Issue 22: `--max-concurrency N` keeps N batches in flight, writes answers in dataset order and resumes.
How much faster a waiting model runs with 8 than with 1 is a timing, measured by
bench/bench_concurrency.py (never asserted here: the machines are shared); the test asserts the cause, that
the model holds several batches at once with 8 and one with 1."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from crag_eval.cli import main
from crag_eval.files.questions import load_world_questions
from crag_eval.files.rundir import PredictionLog
from crag_eval.run.runner import Loop, run_batches


class Waits:
    """Answers each question after 0.3 s; records how many batches were in its hands at once."""

    def __init__(self) -> None:
        self.active = 0
        self.peak = 0
        self._lock = threading.Lock()

    def get_batch_size(self) -> int:
        return 1

    def batch_generate_answer(self, batch: dict[str, list[Any]]) -> list[str]:
        with self._lock:
            self.active += 1
            self.peak = max(self.peak, self.active)
        time.sleep(0.3)
        with self._lock:
            self.active -= 1
        return [f"answer to {q}" for q in batch["interaction_id"]]


def timed_run(tiny_server: str, tiny_world: Path, out: Path, concurrency: int) -> tuple[float, Waits]:
    questions = load_world_questions(tiny_world)[:24]
    out.mkdir()
    log = PredictionLog(out)
    model = Waits()
    started = time.perf_counter()
    try:
        run_batches(model, questions, Loop(tiny_server, 1, max_concurrency=concurrency), log)
    finally:
        log.close()
    elapsed = time.perf_counter() - started
    rows = [json.loads(line) for line in (out / "predictions.jsonl").read_text().splitlines()]
    assert [r["interaction_id"] for r in rows] == [q.interaction_id for q in questions]  # dataset order
    assert all(r["prediction"] == f"answer to {r['interaction_id']}" for r in rows)
    return elapsed, model


def test_eight_in_flight_overlap_where_one_never_does(
    tiny_server: str, tiny_world: Path, tmp_path: Path
) -> None:
    _one, model_one = timed_run(tiny_server, tiny_world, tmp_path / "one", 1)
    _eight, model_eight = timed_run(tiny_server, tiny_world, tmp_path / "eight", 8)
    assert model_one.peak == 1
    # 24 questions of 0.3 s each: the page fetches of the next batches run while one sleeps, so several
    # batches are in the model's hands at once (8 on a quiet machine; never more than asked)
    assert 4 <= model_eight.peak <= 8


MODEL = """
import time


class Sleepy:
    def get_batch_size(self):
        return 2

    def get_max_concurrency(self):
        return 4

    def batch_generate_answer(self, batch):
        time.sleep(0.05)
        return ["i don't know"] * len(batch["query"])
"""


def test_the_default_comes_from_the_model_and_a_run_resumes(
    crag_fixture: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sleepy_model.py").write_text(MODEL)
    monkeypatch.syspath_prepend(str(tmp_path))
    out = tmp_path / "run"
    args = [
        "--task",
        "1",
        "--model",
        "sleepy_model:Sleepy",
        "--data",
        str(crag_fixture),
        "--output",
        str(out),
    ]
    assert main(args) == 0
    predictions = out / "predictions.jsonl"
    rows = predictions.read_text().splitlines()
    questions = [
        json.loads(line)["interaction_id"] for line in (out / "questions.jsonl").read_text().splitlines()
    ]
    assert [json.loads(r)["interaction_id"] for r in rows] == questions
    predictions.write_text("\n".join(rows[:3]) + "\n")  # as if killed after three answers
    assert main(["--resume", str(out), "--max-concurrency", "3"]) == 0
    resumed = [json.loads(line)["interaction_id"] for line in predictions.read_text().splitlines()]
    assert resumed == questions
    assert json.loads((out / "run.json").read_text())["args"]["max_concurrency"] == 3


def test_max_concurrency_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--task", "1", "--model", "dummy", "--max-concurrency", "0"]) == 2
    assert "--max-concurrency must be a positive number, got 0" in capsys.readouterr().err
