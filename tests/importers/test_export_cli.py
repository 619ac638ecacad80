"""`crag-mock export` as a user meets it: a size warning before a large uncompressed file, progress lines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fixture_paths import CRAG_DEV_10 as FIXTURE

from mockapi.cli import main
from mockapi.importers.dataset import import_dataset
from mockapi.process.exporter import estimate_bytes, question_count


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not FIXTURE.is_file():
        pytest.skip(f"the real CRAG fixture {FIXTURE} is not present")
    target = tmp_path_factory.mktemp("export") / "world"
    import_dataset([FIXTURE], target)
    return target


def test_task3_uncompressed_warns_with_the_estimated_size_first(
    world: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t3.jsonl"
    assert main(["export", "--task", "3", "--out", str(out), "--data", str(world)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("warning: task 3 uncompressed: about ")
    assert "for 10 questions" in err[0] and "free at" in err[0] and "t3.jsonl.bz2" in err[0]
    estimated = re.search(r"about ([\d.]+) MB", err[0])
    assert estimated is not None
    assert abs(float(estimated.group(1)) * 1e6 - out.stat().st_size) < 0.5 * out.stat().st_size


def test_export_prints_progress_lines_when_stderr_is_not_a_terminal(
    world: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t1.jsonl.bz2"
    assert main(["export", "--task", "1", "--out", str(out), "--data", str(world)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert not any(line.startswith("warning") for line in err)  # compressed: no size warning
    progress = [line for line in err if line.startswith("exported ")]
    assert len(progress) == 10  # every 10% of the 10 questions
    assert progress[-1].startswith("exported 10/10 questions (100%) · ")


def test_estimate_is_close_to_the_written_size(world: Path, tmp_path: Path) -> None:
    out = tmp_path / "t3.jsonl"
    assert main(["export", "--task", "3", "--out", str(out), "--data", str(world)]) == 0
    estimate = estimate_bytes(world, 3, question_count(world), sample=10)
    assert estimate == out.stat().st_size  # every question sampled: exact
