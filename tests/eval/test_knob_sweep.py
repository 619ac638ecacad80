"""CRUD-RAG sweeps: a two-knob grid over --model-args on the tiny world, its table and plot, and a resume
after the sweep process is killed (SIGKILL: nothing of the sweep's own code runs on the way out)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from crag_eval.cli import main
from crag_eval.sweep.knobs import parse_sweep

HERE = Path(__file__).resolve().parent
SPEC = "top_k=1,5;chunk_size=256,512"
POINTS = [
    "top_k-1_chunk_size-256",
    "top_k-1_chunk_size-512",
    "top_k-5_chunk_size-256",
    "top_k-5_chunk_size-512",
]


def test_parse_sweep_is_the_grid_in_spec_order() -> None:
    points = parse_sweep(SPEC)
    assert [name for name, _ in points] == POINTS
    assert points[1][1] == {"top_k": 1, "chunk_size": 512}
    assert parse_sweep("mode=fast")[0][1] == {"mode": "fast"}


@pytest.mark.parametrize("bad", ["top_k", "top_k=", "=1,2", "a=1;a=2", " ; "])
def test_a_bad_spec_is_one_line(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--task", "1", "--sweep", bad]) == 2
    err = capsys.readouterr().err
    assert err.startswith("crag-eval: error: --sweep") and "Traceback" not in err


def _complete(run: Path) -> bool:
    try:
        return bool(json.loads((run / "run.json").read_text()).get("status") == "complete")
    except (OSError, ValueError):
        return False


def test_a_killed_two_knob_sweep_resumes_and_writes_its_table_and_plot(
    tiny_world: Path, tmp_path: Path
) -> None:
    root = tmp_path / "sweep"
    env = {**os.environ, "PYTHONPATH": f"{HERE}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    cmd = [sys.executable, "-m", "crag_eval.cli", "--task", "1", "--model", "knob_model:KnobModel"]
    cmd += ["--data", str(tiny_world), "--first", "6", "--output", str(root), "--sweep", SPEC]
    cmd += ["--model-args", json.dumps({"delay": 0.4})]
    proc = subprocess.Popen(cmd, env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 300
        while not _complete(root / POINTS[0]) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert proc.stderr is not None
        assert _complete(root / POINTS[0]), proc.stderr.read().decode() if proc.poll() is not None else "slow"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert not _complete(root / POINTS[-1])  # killed part-way
    first = (root / POINTS[0] / "predictions.jsonl").stat().st_mtime_ns
    assert (
        subprocess.run(
            [*cmd[:3], "--resume", str(root)], env=env, cwd=tmp_path, capture_output=True
        ).returncode
        == 0
    )
    assert all(_complete(root / name) for name in POINTS)
    assert (root / POINTS[0] / "predictions.jsonl").stat().st_mtime_ns == first  # the finished point kept
    table = (root / "knobs.md").read_text()
    assert all(f"| {k} | {c} |" in table for k in (1, 5) for c in (256, 512))
    figures = json.loads((root / "knobs.json").read_text())
    assert set(figures) == set(POINTS)
    # ranking more served pages finds more answer pages: recall@10 rises with top_k, chunk_size aside
    assert figures[POINTS[2]]["recall"] > figures[POINTS[0]]["recall"]
    assert figures[POINTS[0]]["recall_source"] == "recall@10"
    svg = (root / "knobs.svg").read_text()
    assert svg.startswith("<svg") and svg.count("<rect") >= 8 and "retrieval recall" in svg
