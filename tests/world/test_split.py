"""`--split dev|test`: a test world is another world (own directory, manifest field, content hash)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from small_world import SMALL_QUESTIONS

from mockapi.core.paths import MANIFEST, world_dir
from mockapi.world.build import build_world

CLI = [sys.executable, "-m", "mockapi.cli"]


def test_default_paths_keep_dev_plain_and_name_test(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path))
    assert world_dir(None, "default") == (tmp_path / "default").resolve()
    assert world_dir(None, "default", 0, "test") == (tmp_path / "default-test").resolve()
    assert world_dir(None, "tiny", 2, "test") == (tmp_path / "tiny-test-seed2").resolve()


@pytest.mark.slow  # builds a small world of the test split (tests/small_world.py)
def test_test_split_is_another_world(small_world: Path, tmp_path: Path) -> None:
    # in one process, as the session's worlds (tests/conftest.py, TINY_JOBS: helpers add CPU in the suite)
    test = build_world("tiny", 0, tmp_path / "tiny-test", split="test", jobs=1, questions=SMALL_QUESTIONS)
    dev = json.loads((small_world / MANIFEST).read_text())
    assert (dev["split"], test.split) == ("dev", "test")
    assert test.content_hash != dev["content_hash"]
    # the same inputs find the built world again; the other split does not reuse it
    again = build_world("tiny", 0, tmp_path / "tiny-test", split="test", questions=SMALL_QUESTIONS)
    assert again.build_seconds == test.build_seconds


def test_cli_rejects_an_unknown_split(tmp_path: Path) -> None:
    result = subprocess.run(
        [*CLI, "build", "--scale", "tiny", "--split", "validation", "--data", str(tmp_path / "w")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert "invalid choice: 'validation'" in result.stderr
    assert "Traceback" not in result.stderr


def test_meta_reports_the_split(tiny_world: Path) -> None:
    from fastapi.testclient import TestClient

    from mockapi.config.settings import Settings
    from mockapi.http.app import create_app

    with TestClient(create_app(Settings(world=tiny_world, task=None))) as client:
        assert client.get("/meta").json()["split"] == "dev"
