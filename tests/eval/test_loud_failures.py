"""Issue 14, items 1–2: a misconfigured model or judge fails before question 1 with one line saying what to
set; model errors keep their tracebacks (errors.jsonl), push the exit code non-zero past --max-error-rate,
and `--resume --retry-errors` asks those questions again."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from crag_eval.cli import main

MODELS = '''
import os
import threading


class AlwaysRaises:
    def get_batch_size(self):
        return 3

    def batch_generate_answer(self, batch):
        raise RuntimeError("the model is broken")


class FailsOnce:
    """Raises for one question of ten unless $FIXED is set (batch size 1)."""

    def get_batch_size(self):
        return 1

    def batch_generate_answer(self, batch):
        if batch["query"][0] == FailsOnce.victim and not os.environ.get("FIXED"):
            raise ValueError("cannot parse this one")
        return ["i don't know"]


STUCK = threading.Event()


class Sleeper:
    def get_batch_size(self):
        return 1

    def batch_generate_answer(self, batch):
        STUCK.wait(timeout=120)  # stuck until the test releases it
        return ["late"]
'''


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Own cache, no OpenAI settings from the environment, runs/ and the models in the test's directory."""
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path.parent / "crag-home"))
    monkeypatch.setenv("CRAG_EVAL_CACHE", "off")
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    for prefix in ("CRAG_EVAL_MODEL", "CRAG_EVAL_JUDGE"):
        for suffix in ("_API_KEY", "_BASE_URL", "_MODEL"):
            monkeypatch.delenv(prefix + suffix, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "loud_models.py").write_text(MODELS)
    monkeypatch.syspath_prepend(str(tmp_path))


def dead_port() -> int:
    """A loopback port with nothing listening (bound, then closed)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def errors_of(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if line.startswith("crag-eval: error:")]


def no_run_left(tmp_path: Path) -> bool:
    runs = tmp_path / "runs"
    return not runs.exists() or not any(runs.iterdir())


def test_openai_model_without_a_key_fails_before_question_one(
    crag_fixture: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--task", "1", "--model", "openai", "--data", str(crag_fixture)]) == 2
    (line,) = errors_of(capsys)
    assert "OPENAI_API_KEY" in line and "CRAG_EVAL_MODEL_API_KEY" in line
    assert no_run_left(tmp_path)  # failed before its first answer: nothing left behind


def test_openai_model_with_an_unreachable_endpoint_fails_before_question_one(
    crag_fixture: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRAG_EVAL_MODEL_BASE_URL", f"http://127.0.0.1:{dead_port()}/v1")
    monkeypatch.setenv("CRAG_EVAL_MODEL_API_KEY", "k")
    assert main(["--task", "1", "--model", "openai", "--data", str(crag_fixture)]) == 2
    (line,) = errors_of(capsys)
    assert "cannot reach" in line and "CRAG_EVAL_MODEL_BASE_URL" in line
    assert no_run_left(tmp_path)


def test_openai_judge_with_an_unreachable_endpoint_fails_before_question_one(
    crag_fixture: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRAG_EVAL_JUDGE_BASE_URL", f"http://127.0.0.1:{dead_port()}/v1")
    out = tmp_path / "run"
    args = ["--task", "1", "--model", "dummy", "--judge", "openai", "--data", str(crag_fixture)]
    assert main([*args, "--output", str(out)]) == 2
    (line,) = errors_of(capsys)
    assert "--judge openai cannot reach" in line and "CRAG_EVAL_JUDGE_BASE_URL" in line
    assert not out.exists()


def test_a_model_that_always_raises_exits_non_zero_with_its_traceback(
    crag_fixture: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    code = main(
        [
            "--task",
            "1",
            "--model",
            "loud_models:AlwaysRaises",
            "--data",
            str(crag_fixture),
            "--output",
            str(out),
        ]
    )
    assert code == 1
    (line,) = errors_of(capsys)
    assert "10 of 10 answers" in line and "errors.jsonl" in line and "--retry-errors" in line
    rows = [json.loads(x) for x in (out / "errors.jsonl").read_text().splitlines()]
    assert sum(len(r["interaction_ids"]) for r in rows) == 10  # one row per failed batch (3 + 3 + 3 + 1)
    assert all("loud_models.py" in r["traceback"] and "the model is broken" in r["traceback"] for r in rows)
    assert "[errors.jsonl](errors.jsonl)" in (out / "report.md").read_text()  # the report links it
    assert 'href="errors.jsonl"' in (out / "report.html").read_text()


def test_a_timeout_keeps_the_stack_where_the_model_was_stuck(crag_fixture: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["--task", "1", "--model", "loud_models:Sleeper", "--data", str(crag_fixture), "--first", "1"]
    import loud_models

    try:
        assert main([*args, "--timeout", "0.2", "--output", str(out)]) == 1
    finally:
        loud_models.STUCK.set()  # the abandoned worker thread ends now
    (row,) = [json.loads(x) for x in (out / "errors.jsonl").read_text().splitlines()]
    assert row["error"].startswith("timeout") and "STUCK.wait(timeout=120)" in row["traceback"]


def test_max_error_rate_then_resume_retry_errors(
    crag_fixture: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import loud_models
    from crag_eval.files.questions import load_dataset_questions

    monkeypatch.setattr(
        loud_models.FailsOnce, "victim", load_dataset_questions(crag_fixture)[4].query, raising=False
    )
    base = ["--task", "1", "--model", "loud_models:FailsOnce", "--data", str(crag_fixture)]
    strict, lenient = tmp_path / "strict", tmp_path / "lenient"
    assert main([*base, "--output", str(strict)]) == 1  # 1 of 10 = 10% > 5%
    assert "1 of 10 answers (10%)" in errors_of(capsys)[0]
    assert main([*base, "--max-error-rate", "0.1", "--output", str(lenient)]) == 0
    monkeypatch.setenv("FIXED", "1")
    assert main(["--resume", str(strict)]) == 1  # a plain resume leaves answered (errored) questions alone
    capsys.readouterr()
    assert main(["--resume", str(strict), "--retry-errors"]) == 0
    scores = json.loads((strict / "scores.json").read_text())
    assert scores["counts"]["model_errors"] == 0 and scores["counts"]["predictions"] == 10
    ids = [json.loads(x)["interaction_id"] for x in (strict / "predictions.jsonl").read_text().splitlines()]
    assert len(ids) == 10 == len(set(ids))
    assert len((strict / "errors.jsonl").read_text().splitlines()) == 1  # the first failure is kept
    assert main(["--retry-errors"]) == 2  # only with --resume
