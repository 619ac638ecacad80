"""Issue 34: `crag-mock build --jobs N` spreads every costly stage of the build over helper processes (the
KG's domains, the serving tables, the shared pages, each question's own pages with their rows, the pages'
rendering, the passages when asked for: `--passages`) and writes the same world for any N: the content
hash (every store's rows, the serving tables, which read the KG in rowid order, the search postings, the
questions and the page tables) equals the session's small world's (tests/small_world.py: every stage, 8
questions), and the passages built with it are those the small world makes on first use
(mockapi/retrieve/ensure.py). N = 1 is the session's small world itself (tests/conftest.py, TINY_JOBS),
N = 2 the determinism test's rebuild (tests/world/test_build.py), N = 3 here: three values, one extra
small build each. How much faster 2 helpers are is a timing: bench/bench_build.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest
from small_world import SMALL_QUESTIONS

from mockapi.core import pipe_pool
from mockapi.core.paths import KG_DB, MANIFEST
from mockapi.retrieve.build import read_info
from mockapi.retrieve.ensure import ensure_passages
from mockapi.world.build import build_world


@pytest.mark.slow  # builds a small world
@pytest.mark.parametrize("jobs", [3])  # 1 and 2: see the module docstring
def test_any_number_of_helpers_builds_the_same_world(small_world: Path, tmp_path: Path, jobs: int) -> None:
    world = tmp_path / "tiny"
    manifest = build_world("tiny", 0, world, jobs=jobs, questions=SMALL_QUESTIONS, passages=True)
    session = json.loads((small_world / MANIFEST).read_text())
    assert manifest.content_hash == session["content_hash"]
    assert read_info(world) == ensure_passages(small_world)  # cut while rendering = made on first use
    assert pipe_pool.JOBS == []  # the override ends with the build
    con = duckdb.connect(str(tmp_path / "tiny" / KG_DB), read_only=True)
    try:  # every domain's rows are there, in the serial order (finance first)
        domains = [r[0] for r in con.execute("SELECT domain FROM entities ORDER BY rowid").fetchall()]
    finally:
        con.close()
    assert list(dict.fromkeys(domains)) == ["finance", "sports", "music", "movie", "open"]
    assert not (tmp_path / "tiny" / ".kg-parts").exists()
    assert not (tmp_path / "tiny" / ".pages-pools.pickle").exists()  # the helpers' pools, gone with the stage


def test_jobs_must_be_positive(tmp_path: Path) -> None:
    cmd = [sys.executable, "-m", "mockapi.cli", "build", "--scale", "tiny", "--jobs", "0"]
    done = subprocess.run([*cmd, "--data", str(tmp_path / "w")], capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "--jobs must be a positive number, got 0" in done.stderr
    assert "Traceback" not in done.stderr
