"""`crag-eval --data FILE`: it says where the converted world is cached, and `--no-cache` keeps nothing."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from crag_eval.cli import main

from mockapi.process.dataset_world import cached_world_dir, file_sha256


def test_data_file_says_where_it_caches(
    crag_fixture: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path / "home"))
    args = [
        "--task",
        "1",
        "--model",
        "oracle",
        "--data",
        str(crag_fixture),
        "--output",
        str(tmp_path / "run"),
    ]
    assert main(args) == 0
    cached = cached_world_dir(file_sha256(crag_fixture))
    assert cached.parent == tmp_path / "home" / "datasets" and (cached / "manifest.json").is_file()
    out = capsys.readouterr()
    assert f"into {cached} (cached for later runs;" in out.out + out.err
    assert "--no-cache" in out.out + out.err


def test_data_file_no_cache_converts_into_a_temp_dir_removed_at_exit(
    crag_fixture: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home, tmp = tmp_path / "home", tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setenv("CRAG_MOCK_HOME", str(home))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))  # where mkdtemp puts the temporary world
    args = ["--task", "1", "--model", "oracle", "--data", str(crag_fixture), "--no-cache"]
    assert main([*args, "--output", str(tmp_path / "run")]) == 0
    out = capsys.readouterr()
    assert "into a temporary world at " in out.out + out.err
    assert list(tmp.iterdir()) == []  # removed at exit
    assert not (home / "datasets").exists()  # nothing cached
    assert (tmp_path / "run" / "scores.json").is_file()
