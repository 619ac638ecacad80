"""End-to-end runs over the real 10-question CRAG file, served over loopback by a real in-process server."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from crag_eval.cli import main
from crag_eval.files.rundir import load_predictions
from crag_eval.run.evaluate import RunConfig, evaluate


def run_cli(*args: str) -> int:
    return main(list(args))


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Imported worlds and the judge cache go to a per-session temp dir, never to the user's cache."""
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path_factory.getbasetemp() / "crag-home"))
    monkeypatch.setenv("CRAG_EVAL_CACHE", "off")


def test_fixture_file_dummy_is_all_missing(crag_fixture: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert run_cli("--task", "1", "--model", "dummy", "--data", str(crag_fixture), "--output", str(out)) == 0
    scores = json.loads((out / "scores.json").read_text())
    s = scores["overall"]["rules"]
    assert (s["n"], s["missing"], s["accuracy"], s["score_a"]) == (10, 1.0, 0.0, 0.0)
    run = json.loads((out / "run.json").read_text())
    assert run["status"] == "complete" and run["format"] == 1 and run["n_questions"] == 10
    preds = lines(out / "predictions.jsonl")
    assert len(preds) == 10 and all(len(p["pages"]) == 5 for p in preds)  # type: ignore[arg-type]
    assert "<svg" in (out / "report.html").read_text() and (out / "report.md").is_file()


def test_fixture_file_oracle_is_all_correct_and_rescore(crag_fixture: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert run_cli("--task", "3", "--model", "oracle", "--data", str(crag_fixture), "--output", str(out)) == 0
    s = json.loads((out / "scores.json").read_text())["overall"]["rules"]
    assert (s["accuracy"], s["hallucination"], s["score_a"]) == (1.0, 0.0, 1.0)
    labels = tmp_path / "labels.csv"
    ids = [str(p["interaction_id"]) for p in lines(out / "predictions.jsonl")]
    labels.write_text(
        "interaction_id,label\n"
        + "".join(f"{i},{'perfect' if n % 2 else 'acceptable'}\n" for n, i in enumerate(ids))
    )
    assert run_cli("score", str(out), "--labels", str(labels)) == 0
    human = json.loads((out / "scores.json").read_text())["overall"]["human"]
    assert human["score_h"] == 0.75
    assert run_cli("report", str(out)) == 0
    other = tmp_path / "dummy"
    assert (
        run_cli("--task", "3", "--model", "dummy", "--data", str(crag_fixture), "--output", str(other)) == 0
    )
    assert run_cli("compare", str(other), str(out)) == 0


ORIGINAL_MODEL = """
import os
import httpx  # the original baselines post with requests; same wire format

class OriginalModel:
    def get_batch_size(self):
        return 3

    def batch_generate_answer(self, batch):
        assert sorted(batch) == ["interaction_id", "query", "query_time", "search_results"]
        server = os.environ["CRAG_MOCK_API_URL"]
        assert os.environ["CRAG_SERVER"] == server
        out = []
        for query, pages in zip(batch["query"], batch["search_results"]):
            r = httpx.post(server + "/open/search_entity_by_name", json={"query": query},
                           headers={"accept": "application/json"})
            out.append(f"kg {r.status_code} pages {len(pages)}")
        return out
"""


def test_model_written_for_the_original_runs_unchanged(
    crag_fixture: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "orig_model.py").write_text(ORIGINAL_MODEL)
    monkeypatch.syspath_prepend(str(tmp_path))
    out = tmp_path / "run"
    code = run_cli(
        "--task",
        "1",
        "--model",
        "orig_model:OriginalModel",
        "--data",
        str(crag_fixture),
        "--output",
        str(out),
    )
    assert code == 0
    preds = lines(out / "predictions.jsonl")
    assert [p["prediction"] for p in preds] == ["kg 403 pages 5"] * 10  # Task 1 refuses the KG
    assert all(p["error"] is None for p in preds)


class FlakyModel:
    """Batch 1 fine, batch 2 raises, batch 3 wrong answer count, batch 4 stuck until the test releases it."""

    release = threading.Event()

    def __init__(self) -> None:
        self.calls = 0

    def get_batch_size(self) -> int:
        return 3

    def batch_generate_answer(self, batch: dict[str, list[object]]) -> list[str]:
        self.calls += 1
        if self.calls == 2:
            raise RuntimeError("boom")
        if self.calls == 3:
            return ["only one"]
        if self.calls == 4:
            self.release.wait(timeout=120)  # stuck past any budget: the run must time the batch out
        return ["i don't know"] * len(batch["query"])


def test_errors_are_recorded_never_dropped(
    crag_fixture: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "flaky_mod", type(sys)("flaky_mod"))
    sys.modules["flaky_mod"].FlakyModel = FlakyModel  # type: ignore[attr-defined]
    config = RunConfig(
        task=1,
        model="flaky_mod:FlakyModel",
        data=str(crag_fixture),
        output=str(tmp_path / "r"),
        seconds_per_question=0.3,
    )
    try:
        run_dir = evaluate(config, progress=False, say=lambda _m: None)
    finally:
        FlakyModel.release.set()  # the abandoned worker thread ends now, not minutes later
    preds = load_predictions(run_dir)
    errors = [preds[p].error or "" for p in preds]
    assert len(preds) == 10
    assert sum(e.startswith("exception: RuntimeError: boom") for e in errors) == 3
    assert sum(e.startswith("count-mismatch: 1 answers for 3") for e in errors) == 3
    assert sum(e.startswith("timeout") for e in errors) == 1  # the last batch holds one question
    s = json.loads((run_dir / "scores.json").read_text())["overall"]["rules"]
    assert (s["missing"], s["n_model_errors"]) == (1.0, 7)


SLOW_MODEL = """
import time

class SlowModel:
    def get_batch_size(self):
        return 1

    def batch_generate_answer(self, batch):
        time.sleep(0.4)
        return ["i don't know"]
"""


def test_sigkill_then_resume_gives_one_prediction_per_question(crag_fixture: Path, tmp_path: Path) -> None:
    (tmp_path / "slow_model.py").write_text(SLOW_MODEL)
    out = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    cmd = [
        sys.executable,
        "-m",
        "crag_eval.cli",
        "--task",
        "1",
        "--model",
        "slow_model:SlowModel",
        "--data",
        str(crag_fixture),
        "--output",
        str(out),
    ]
    proc = subprocess.Popen(cmd, env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    predictions = out / "predictions.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if predictions.is_file() and len(predictions.read_text().splitlines()) >= 3:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done_before = len(lines(predictions))
    assert 3 <= done_before < 10
    assert json.loads((out / "run.json").read_text())["status"] == "running"  # killed: no chance to update
    with predictions.open("a") as handle:
        handle.write('{"interaction_id": "torn')  # a write cut in the middle
    resumed = subprocess.run(
        [sys.executable, "-m", "crag_eval.cli", "--resume", str(out)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert resumed.returncode == 0, resumed.stderr
    ids = [p["interaction_id"] for p in lines(predictions)]
    assert len(ids) == 10 and len(set(ids)) == 10
    run = json.loads((out / "run.json").read_text())
    assert run["status"] == "complete" and len(run["resumed_at"]) == 1


def test_user_mistakes_give_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli("--model", "dummy") == 2
    assert run_cli("--task", "1", "--data", str(tmp_path / "nope.jsonl")) == 2
    assert run_cli("--task", "1", "--model", "nomodule:Nope", "--data", str(tmp_path)) == 2
    assert run_cli("score", str(tmp_path)) == 2
    errors = [line for line in capsys.readouterr().err.splitlines() if line.startswith("crag-eval: error:")]
    assert len(errors) == 4
