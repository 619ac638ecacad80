"""Issue 22 items 1–3, 5 and 6: what surprised a researcher running crag-eval. Each test fails on the code
before the fix: a second process on a live run, a model constructor blamed on the server, SIGTERM without a
line or a final status, labels of unknown ids crashing `score`, and the smaller items."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import cast

import pytest
from crag_eval.cli import main
from crag_eval.files.records import ScoreData
from crag_eval.report.render import SVG_CHAR_W, slice_svg
from crag_eval.run.runlock import build_lock
from crag_eval.run.sources import _world

from mockapi.core.paths import MANIFEST

MODELS = """
import time


class Slow:
    def get_batch_size(self):
        return 1

    def batch_generate_answer(self, batch):
        time.sleep(0.4)
        return ["i don't know"]


class BrokenInit:
    def __init__(self):
        raise RuntimeError("CUDA out of memory. Tried to allocate 2.00 GiB")

    def get_batch_size(self):
        return 1

    def batch_generate_answer(self, batch):
        return ["never"]
"""


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path.parent / "crag-home"))
    monkeypatch.setenv("CRAG_EVAL_CACHE", "off")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "surprise_models.py").write_text(MODELS)
    monkeypatch.syspath_prepend(str(tmp_path))


def start_slow_run(tmp_path: Path, fixture: Path, out: Path) -> subprocess.Popen[str]:
    """A real `crag-eval` process answering slowly, returned once it has written two answers."""
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    cmd = [sys.executable, "-m", "crag_eval.cli", "--task", "1", "--model", "surprise_models:Slow"]
    proc = subprocess.Popen(
        [*cmd, "--data", str(fixture), "--output", str(out)],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    predictions = out / "predictions.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if predictions.is_file() and len(predictions.read_text().splitlines()) >= 2:
            return proc
        time.sleep(0.05)
    proc.kill()
    raise AssertionError(f"the slow run never answered: {proc.communicate()[1]}")


def error_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if line.startswith("crag-eval: ")]


def test_a_second_process_on_a_live_run_is_refused_naming_its_pid(
    crag_fixture: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    proc = start_slow_run(tmp_path, crag_fixture, out)
    try:
        assert main(["--resume", str(out)]) == 2
        errors = error_lines(capsys)
        assert len(errors) == 1 and f"pid {proc.pid}" in errors[0], errors
        assert main(["--task", "1", "--model", "dummy", "--data", str(crag_fixture)]) == 0  # others run
    finally:
        proc.kill()
        proc.wait()
    ids = [
        json.loads(line)["interaction_id"] for line in (out / "predictions.jsonl").read_text().splitlines()
    ]
    assert len(ids) == len(set(ids))  # nobody else answered into it
    assert main(["--resume", str(out)]) == 0  # the lock died with its holder (SIGKILL)
    assert len((out / "predictions.jsonl").read_text().splitlines()) == 10


def test_sigterm_ends_a_run_like_ctrl_c_with_a_line_and_a_final_status(
    crag_fixture: Path, tmp_path: Path
) -> None:
    out = tmp_path / "run"
    proc = start_slow_run(tmp_path, crag_fixture, out)
    proc.send_signal(signal.SIGTERM)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 143, stderr
    assert (
        stderr.strip().splitlines()[-1] == f"crag-eval: terminated; continue with: crag-eval --resume {out}"
    )
    run = json.loads((out / "run.json").read_text())
    assert run["status"] == "terminated" and run["finished_at"]
    assert main(["--resume", str(out)]) == 0


def test_a_model_constructor_that_raises_is_named_with_its_exception_and_traceback(
    crag_fixture: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    args = ["--task", "1", "--model", "surprise_models:BrokenInit", "--data", str(crag_fixture)]
    assert main([*args, "--output", str(out)]) == 2
    (error,) = [line for line in error_lines(capsys) if "error" in line]
    assert "server" not in error
    assert "surprise_models:BrokenInit" in error and "RuntimeError: CUDA out of memory" in error
    assert str(out / "errors.jsonl") in error
    logged = json.loads((out / "errors.jsonl").read_text().splitlines()[0])
    assert "__init__" in logged["traceback"] and "CUDA out of memory" in logged["traceback"]
    assert json.loads((out / "run.json").read_text())["status"] == "failed"


def test_a_failed_run_never_names_a_directory_it_does_not_keep(
    crag_fixture: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--task", "1", "--model", "no_such_module:Model", "--data", str(crag_fixture)]) == 2
    named = re.findall(r"run directory: (\S+)", capsys.readouterr().err)
    assert all(Path(d).exists() for d in named), named
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_labels_of_ids_the_run_lacks_are_ignored_with_one_line(
    crag_fixture: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    assert main(["--task", "1", "--model", "oracle", "--data", str(crag_fixture), "--output", str(out)]) == 0
    first = json.loads((out / "questions.jsonl").read_text().splitlines()[0])["interaction_id"]
    labels = tmp_path / "labels.csv"
    labels.write_text(f"interaction_id,label\n{first},perfect\nnot-in-this-run,incorrect\n")
    capsys.readouterr()
    assert main(["score", str(out), "--labels", str(labels)]) == 0
    said = [line for line in capsys.readouterr().err.splitlines() if "not-in-this-run" in line]
    assert said == [f"{labels}: ignored 1 labels of ids this run has no answer for: not-in-this-run"]


def test_score_h_is_a_dash_without_human_labels(crag_fixture: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert main(["--task", "1", "--model", "dummy", "--data", str(crag_fixture), "--output", str(out)]) == 0
    assert json.loads((out / "scores.json").read_text())["overall"]["rules"]["score_h"] is None
    header, _rule, row = [ln for ln in (out / "report.md").read_text().splitlines() if ln.startswith("|")][:3]
    assert header.rstrip(" |").endswith("Score_h %") and row.rstrip(" |").endswith("–")


def test_report_html_has_the_retrieval_section_of_report_md(tiny_world: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["--task", "3", "--model", "baseline", "--data", str(tiny_world), "--limit", "6"]
    assert main([*args, "--output", str(out)]) == 0
    assert "## Retrieval (key phrases)" in (out / "report.md").read_text()
    html = (out / "report.html").read_text()
    assert "<h2>Retrieval (key phrases)</h2>" in html and "key-phrase recall" in html


def test_slice_bar_figures_fit_in_the_chart() -> None:
    s = {"score_a": -1.0, "accuracy": 0.0, "missing": 0.0, "hallucination": 1.0, "n": 1200}
    score = cast(ScoreData, {**s, "ci": {"score_a": (-1.0, -1.0)}})  # the keys the bar chart reads
    svg = str(slice_svg("domain", {"finance": score}))
    width = float(re.search(r'width="([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
    x, label = re.findall(r'<text x="([\d.]+)" y="\d+" font-size="12">([^<]+)</text>', svg)[0]
    assert "n=1200" in label
    assert width >= float(x) + 7.0 * len(label)  # 7 px a character of 12 px sans: none cut off
    assert SVG_CHAR_W >= 7.0


def test_two_first_use_runs_build_the_default_world_once(
    tiny_world: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While another process builds the default world (here: a thread holding the build lock, then placing a
    world), a second run waits and uses it instead of building its own copy at the same time."""
    home = tmp_path / "home"
    monkeypatch.setenv("CRAG_MOCK_HOME", str(home))
    world = home / "default"
    locked = threading.Event()

    def other_builder() -> None:
        with build_lock(world):
            locked.set()
            time.sleep(0.5)
            shutil.copytree(tiny_world, world)

    thread = threading.Thread(target=other_builder)
    thread.start()
    locked.wait(10)
    said: list[str] = []

    def say(message: str) -> None:
        said.append(message)
        if message.startswith("building"):
            raise AssertionError("a second build of the default world started")

    assert _world(None, say) == world
    thread.join()
    assert (world / MANIFEST).is_file()
    assert said == [f"waiting for another process building the default world at {world}…"]
