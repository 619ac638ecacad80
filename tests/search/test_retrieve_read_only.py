"""`/retrieve` on a world built without passages that its server cannot write: a JSON 503 whose one line
says how to fix it, every other route unharmed.

The server runs as an unprivileged user (nobody) over a copy of the tiny world owned by root: as root the
server could write into any directory, read-only or not, and would quietly make the passages instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_process import free_port, wait_healthy

from mockapi.http.routers.retrieve import MISSING

NOBODY = 65534
AS_NOBODY = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "--"]


@pytest.fixture(scope="module")
def read_only_server(tiny_world: Path) -> Iterator[tuple[str, Path]]:
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv, to run the server as another user than the world's owner")
    root = Path(tempfile.mkdtemp(prefix="crag-ro-"))  # under /tmp, not pytest's 0700 base: nobody reads it
    try:
        world, home = root / "world", root / "home"
        shutil.copytree(tiny_world, world, ignore=shutil.ignore_patterns("passages"))
        home.mkdir()
        os.chown(home, NOBODY, NOBODY)
        for path in (root, *root.rglob("*")):  # readable by all, writable by root only
            path.chmod(0o755 if path.is_dir() else 0o644)
        probe = subprocess.run([*AS_NOBODY, sys.executable, "-c", "import mockapi.cli"], capture_output=True)
        if probe.returncode != 0:
            pytest.skip(f"the checkout or its venv is not readable by nobody: {probe.stderr[-300:]!r}")
        port = free_port()
        env = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(home), "PYTHONDONTWRITEBYTECODE": "1"}
        command = [
            *AS_NOBODY,
            sys.executable,
            "-m",
            "mockapi.cli",
            "serve",
            "--data",
            str(world),
            "--port",
            str(port),
        ]
        proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_healthy(base, proc)
            yield base, world
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_retrieve_answers_503_with_the_fix_and_writes_nothing(read_only_server: tuple[str, Path]) -> None:
    base, world = read_only_server
    answer = httpx.post(f"{base}/retrieve", json={"queries": ["who founded it"], "topk": 3}, timeout=60)
    assert answer.status_code == 503
    assert answer.headers["content-type"].startswith("application/json")
    assert MISSING in answer.text
    assert not (world / "passages").exists()


def test_the_other_routes_still_answer(read_only_server: tuple[str, Path]) -> None:
    base, _ = read_only_server
    assert httpx.get(f"{base}/health", timeout=10).status_code == 200
    found = httpx.post(f"{base}/web/search", json={"query": "founded"}, timeout=60)
    assert found.status_code == 200, found.text[:500]
