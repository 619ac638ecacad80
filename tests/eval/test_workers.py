"""Issue 34: `--workers N` shards a run's questions over processes. The answers, their order, the scores,
the error accounting and resuming are those of a one-process run; SIGTERM stops the workers with the run;
a model that cannot be copied into a process (or says it must not be) keeps one process, in one line.
How much faster 2 workers are than 1 is a timing: bench/bench_main_job.py --workers 1,2."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from crag_eval.cli import main

MODELS = """
import os
import threading
import time
from pathlib import Path


class Picky:
    process_safe = True

    def get_batch_size(self):
        return 2

    def batch_generate_answer(self, batch):
        Path(os.environ["PIDS_DIR"], str(os.getpid())).touch()
        if any("the" in q.lower().split()[:3] for q in batch["query"]):
            raise ValueError("no questions starting with 'the'")
        return [f"{len(q)} letters" for q in batch["query"]]


class Slow(Picky):
    def batch_generate_answer(self, batch):
        time.sleep(1.0)
        return super().batch_generate_answer(batch)


class Locked(Picky):
    def __init__(self):
        self.lock = threading.Lock()


class Unsafe(Picky):
    process_safe = False
"""


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path.parent / "crag-home"))
    monkeypatch.setenv("PIDS_DIR", str(tmp_path / "pids"))
    (tmp_path / "pids").mkdir()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "worker_models.py").write_text(MODELS)
    monkeypatch.syspath_prepend(str(tmp_path))


def rows(run: Path, name: str = "predictions.jsonl") -> list[dict[str, Any]]:
    path = run / name
    return [json.loads(line) for line in path.read_text().splitlines()] if path.is_file() else []


def answers(run: Path) -> list[tuple[Any, ...]]:
    """Everything a prediction says but its latency."""
    return [tuple(v for k, v in sorted(r.items()) if k != "latency_s") for r in rows(run)]


def questions(run: Path) -> list[str]:
    return [r["interaction_id"] for r in rows(run, "questions.jsonl")]


def scores(run: Path) -> dict[str, Any]:
    data = json.loads((run / "scores.json").read_text())
    return {k: data[k] for k in ("primary", "overall", "counts", "slices", "retrieval")}


def test_two_workers_give_the_baselines_answers_and_scores_of_one(tiny_world: Path, tmp_path: Path) -> None:
    runs = {}
    for workers in (1, 2):
        runs[workers] = tmp_path / f"w{workers}"
        args = ["--task", "3", "--model", "baseline", "--data", str(tiny_world), "--first", "24"]
        assert main([*args, "--workers", str(workers), "--output", str(runs[workers])]) == 0
    assert len(answers(runs[2])) == 24
    assert answers(runs[2]) == answers(runs[1])
    assert [r["interaction_id"] for r in rows(runs[2])] == questions(runs[2])  # in question order
    assert scores(runs[2]) == scores(runs[1])
    assert json.loads((runs[2] / "run.json").read_text())["args"]["workers"] == 2


def test_errors_are_counted_and_logged_as_in_one_process(crag_fixture: Path, tmp_path: Path) -> None:
    runs = {}
    for workers in (1, 3):
        runs[workers] = tmp_path / f"w{workers}"
        args = ["--task", "1", "--model", "worker_models:Picky", "--data", str(crag_fixture)]
        main([*args, "--workers", str(workers), "--output", str(runs[workers]), "--max-error-rate", "1"])
    assert len({p.name for p in (tmp_path / "pids").iterdir()}) == 1 + 3  # this process, then 3 workers
    assert answers(runs[3]) == answers(runs[1])
    failed = sorted(i for r in rows(runs[1], "errors.jsonl") for i in r["interaction_ids"])
    assert failed and failed == sorted(i for r in rows(runs[3], "errors.jsonl") for i in r["interaction_ids"])
    assert scores(runs[3])["counts"] == scores(runs[1])["counts"]
    assert json.loads((runs[3] / "run.json").read_text())["model_errors"] == len(failed)


@pytest.mark.parametrize(("model", "why"), [("Locked", "cannot be pickled"), ("Unsafe", "not process-safe")])
def test_a_model_that_cannot_be_copied_keeps_one_process(
    crag_fixture: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], model: str, why: str
) -> None:
    args = ["--task", "1", "--model", f"worker_models:{model}", "--data", str(crag_fixture)]
    main([*args, "--workers", "2", "--output", str(tmp_path / "run"), "--max-error-rate", "1"])
    (line,) = [line for line in capsys.readouterr().err.splitlines() if line.startswith("--workers 2")]
    assert why in line and line.endswith("; one process")
    assert [p.name for p in (tmp_path / "pids").iterdir()] == [str(os.getpid())]
    assert len(rows(tmp_path / "run")) == 10


def test_sigterm_stops_the_workers_and_the_run_resumes_in_order(crag_fixture: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    cmd = [sys.executable, "-m", "crag_eval.cli", "--task", "1", "--model", "worker_models:Slow"]
    proc = subprocess.Popen(
        [*cmd, "--data", str(crag_fixture), "--output", str(out), "--workers", "2", "--max-error-rate", "1"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 600  # the first run imports the CRAG file: minutes on a loaded machine
    while time.monotonic() < deadline and proc.poll() is None and len(rows(out)) < 4:
        time.sleep(0.05)  # blocks 0 and 1 written: both workers have answered
    assert len(rows(out)) >= 4, "the run never answered"
    proc.send_signal(signal.SIGTERM)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 143, stderr
    assert json.loads((out / "run.json").read_text())["status"] == "terminated"
    kept = rows(out)
    assert 4 <= len(kept) < 10
    workers = [int(p.name) for p in (tmp_path / "pids").iterdir()]
    assert len(workers) == 2 and not any(Path(f"/proc/{pid}").exists() for pid in workers)
    assert [r["interaction_id"] for r in kept] == questions(out)[: len(kept)]  # a prefix, in order
    assert main(["--resume", str(out), "--workers", "3", "--max-error-rate", "1"]) in (0, 1)
    assert [r["interaction_id"] for r in rows(out)] == questions(out)
    assert json.loads((out / "run.json").read_text())["status"] == "complete"


def test_workers_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--task", "1", "--model", "dummy", "--workers", "0"]) == 2
    assert "--workers must be a positive number, got 0" in capsys.readouterr().err
