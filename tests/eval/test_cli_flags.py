"""Issue 14, items 8 and 10: --version, --seed/--limit (a seeded sample) and --first, --model-args,
--batch-size, and plain progress lines with an ETA when stderr is not a terminal."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from crag_eval.cli import main
from crag_eval.files.questions import load_dataset_questions
from crag_eval.run.evaluate import RunConfig, pick_questions
from crag_eval.run.progress import PlainProgress

MODEL = '''
class Echo:
    """Answers `answer`; remembers the batch sizes it was given."""

    sizes = []

    def __init__(self, answer="i don't know", batch=5):
        self.answer, self.batch = answer, batch

    def get_batch_size(self):
        return self.batch

    def batch_generate_answer(self, batch):
        Echo.sizes.append(len(batch["query"]))
        return [self.answer] * len(batch["query"])
'''


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path.parent / "crag-home"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "flag_model.py").write_text(MODEL)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("flag_model", None)


def ids(run: Path) -> list[str]:
    return [json.loads(line)["interaction_id"] for line in (run / "questions.jsonl").read_text().splitlines()]


def test_version() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "crag_eval.cli", "--version"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and result.stdout.startswith("crag-eval (crag-mockapi) ")


def test_limit_is_a_seeded_sample_and_first_the_old_prefix(crag_fixture: Path, tmp_path: Path) -> None:
    every = [q.interaction_id for q in load_dataset_questions(crag_fixture)]
    base = ["--task", "1", "--model", "dummy", "--data", str(crag_fixture)]
    runs = {}
    for name, flags in {
        "a": ["--limit", "4", "--seed", "3"],
        "b": ["--limit", "4", "--seed", "3"],
        "c": ["--limit", "4", "--seed", "4"],
        "first": ["--first", "4"],
    }.items():
        assert main([*base, *flags, "--output", str(tmp_path / name)]) == 0
        runs[name] = ids(tmp_path / name)
    assert runs["a"] == runs["b"] != runs["c"]
    assert runs["first"] == every[:4] != runs["a"]
    assert all(len(v) == 4 for v in runs.values())
    assert runs["a"] == sorted(runs["a"], key=every.index)  # kept in dataset order
    assert json.loads((tmp_path / "a" / "run.json").read_text())["args"]["seed"] == 3


def test_pick_questions_sample_is_seeded() -> None:
    from crag_eval.files.types import Question

    qs = [Question(f"q{i}", "?", "t", "a") for i in range(50)]
    one = pick_questions(qs, RunConfig(task=1, limit=5, seed=1))
    assert one == pick_questions(qs, RunConfig(task=1, limit=5, seed=1)) != qs[:5]
    assert pick_questions(qs, RunConfig(task=1, first=5)) == qs[:5]


def test_model_args_and_batch_size(crag_fixture: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["--task", "1", "--model", "flag_model:Echo", "--data", str(crag_fixture), "--output", str(out)]
    assert main([*args, "--model-args", '{"answer": "paris", "batch": 5}', "--batch-size", "3"]) == 0
    import flag_model

    assert flag_model.Echo.sizes == [3, 3, 3, 1]  # --batch-size beats get_batch_size()
    answers = {
        json.loads(line)["prediction"] for line in (out / "predictions.jsonl").read_text().splitlines()
    }
    assert answers == {"paris"}
    assert json.loads((out / "run.json").read_text())["args"]["model_args"] == {"answer": "paris", "batch": 5}


def test_bad_flag_values_are_one_line_errors(crag_fixture: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--task", "1", "--model", "dummy", "--data", str(crag_fixture)]
    for flags in (
        ["--model-args", "{not json"],
        ["--model-args", "[1]"],
        ["--limit", "3", "--first", "3"],
        ["--timeout", "0"],
        ["--batch-size", "0"],
        ["--max-error-rate", "2"],
    ):
        assert main([*base, *flags]) == 2, flags
    errors = [line for line in capsys.readouterr().err.splitlines() if line.startswith("crag-eval: error:")]
    assert len(errors) == 6


def test_bad_simulation_flags_are_one_line_errors(
    crag_fixture: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # generated from mockapi.config.settings.Settings and checked as `crag-mock serve` checks them
    base = ["--task", "1", "--model", "dummy", "--data", str(crag_fixture)]
    for flags, message in (
        (["--fault-rate", "2"], "--fault-rate must be 0..1, got 2"),
        (["--rate-limit", "-1"], "--rate-limit must be >= 0, got -1"),
        (["--latency", "gauss:5ms"], "bad latency 'gauss:5ms'"),
        (["--faults", "429,teapot"], "bad --faults '429,teapot'"),
    ):
        assert main([*base, *flags]) == 2, flags
        errors = [line for line in capsys.readouterr().err.splitlines() if "error" in line]
        assert len(errors) == 1 and errors[0].startswith("crag-eval: error: ") and message in errors[0], (
            errors
        )


def test_plain_progress_lines_with_eta_off_a_terminal(
    crag_fixture: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--task", "1", "--model", "flag_model:Echo", "--batch-size", "1", "--data", str(crag_fixture)]
    assert main([*args, "--output", str(tmp_path / "run")]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("answered ")]
    assert [line.split()[1] for line in lines] == [f"{n}/10" for n in range(1, 11)]  # every 10% of 10
    assert all(" ETA " in line and " q/s " in line for line in lines)


def test_plain_progress_every_n() -> None:
    stream = io.StringIO()
    bar = PlainProgress(total=200, done=0, stream=stream)
    for _ in range(200):
        bar.advance(1)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 10 and lines[-1].startswith("answered 200/200 (100%)")
