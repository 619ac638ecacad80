"""Issue 34: `crag-mock build --questions N` draws N questions (CRAG's mix) over the scale's KG instead of
the scale's count, into the directory given by --data; a rebuild with the same inputs reuses the world. The
world of N questions is the session's small world (tests/small_world.py, built with TINY_JOBS = 1)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest
from small_world import SMALL_QUESTIONS

from mockapi.core.paths import MANIFEST, QUESTIONS_DB
from mockapi.formats.manifest import load_manifest
from mockapi.world.build import build_world


def test_a_world_of_n_questions(small_world: Path) -> None:
    world = small_world
    manifest = load_manifest(world / MANIFEST)
    con = duckdb.connect(str(world / QUESTIONS_DB), read_only=True)
    try:
        count, domains = con.execute("SELECT count(*), count(DISTINCT domain) FROM questions").fetchone() or (
            0,
            0,
        )
    finally:
        con.close()
    assert (count, domains) == (SMALL_QUESTIONS, 5)
    assert manifest.web_stage is not None and manifest.web_stage.summary.questions == SMALL_QUESTIONS
    # the same inputs: reused, not rebuilt
    again = build_world("tiny", 0, world, questions=SMALL_QUESTIONS, jobs=1)
    assert again.content_hash == manifest.content_hash and again.build_seconds == manifest.build_seconds


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--questions", "5"], "--questions needs --data DIR"),
        (["--questions", "0", "--data", "{tmp}/w"], "--questions must be between 1 and 100,000, got 0"),
    ],
)
def test_bad_question_counts_are_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    cmd = [sys.executable, "-m", "mockapi.cli", "build", "--scale", "tiny"]
    cmd += [a.format(tmp=tmp_path) for a in args]
    env_home = {"CRAG_MOCK_HOME": str(tmp_path / "home")}
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env={**os.environ, **env_home})
    assert done.returncode != 0
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "home").exists() or not any((tmp_path / "home").iterdir())
