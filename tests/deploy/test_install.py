"""The Dockerfile's install and start steps without a Docker engine: fresh venv, `pip install .`, serve.

Mirrors the image: only the paths the Dockerfile COPYs go into the build context; `pip install .` (not
editable; uv's pip when the suite has it, `install_command`) into a new venv; `crag-mock build` of a small
world (tests/small_world.py: every stage of the build, 8 questions) from the installed package (so missing
package data fails here) with questions.duckdb removed as the image does by default; the ENTRYPOINT's
`crag-mock serve` as a subprocess over a read-only world, run as an unprivileged user when the test runs as
root and an unprivileged user can reach the interpreter (the image's `USER crag`); the HEALTHCHECK command;
then SIGTERM and a clean exit.
With uv every dependency comes from its cache: this costs a venv, one wheel build and the small world.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_process import free_port, wait_healthy
from small_world import SMALL_BUILD

REPO = Path(__file__).resolve().parents[2]
DOCKERFILE = REPO / "Dockerfile"
UNPRIVILEGED = 65534  # nobody


def copied_paths() -> list[str]:
    """Sources of the `COPY <src>… <dest>` lines of the install stage (before the first `--from` stage)."""
    text = DOCKERFILE.read_text()
    install_stage = text.split("FROM install AS world")[0]
    out: list[str] = []
    for line in install_stage.splitlines():
        if line.startswith("COPY ") and "--from" not in line:
            out += line.split()[1:-1]
    return out


@pytest.fixture(scope="module")
def workdir() -> Iterator[Path]:
    # world-readable (not pytest's 0700 tmp root) so the server can run as an unprivileged user
    path = Path(tempfile.mkdtemp(prefix="crag-install-"))
    path.chmod(0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def install_command(target: Path) -> list[str]:
    """`pip install .[world]` into the venv `target`: uv's pip interface when the suite's own venv has uv
    (.ci/run installs the suite with it: its cache holds every wheel requirements.lock pins, so only our
    package's wheel is built: 4.4 CPU-s and 21 s at load 14, where pip on CI's fresh machine downloaded every
    dependency again, most of the test's 210 s of setup at fdd9835), else the venv's own pip. Either builds
    our wheel through its build backend with build isolation and installs the extra's dependencies from
    pyproject.toml: a file missing from the package or a dependency missing from `[world]` fails either way
    (the image test runs the Dockerfile's own pip). Neither compiles byte code (uv does not by default; pip
    with --no-compile: 60 CPU-s against 33, warm cache, load 18, at 66c0ce5): the test compiles what it
    imports."""
    uv = Path(sys.executable).parent / "uv"
    if uv.is_file():
        lock = ["-c", str(REPO / "requirements.lock")] if (REPO / "requirements.lock").is_file() else []
        python = str(target / "bin" / "python")
        return [str(uv), "pip", "install", "--quiet", "--python", python, *lock, ".[world]"]
    pip = str(target / "bin" / "pip")
    return [pip, "install", "--quiet", "--no-compile", "--disable-pip-version-check", ".[world]"]


@pytest.fixture(scope="module")
def venv(workdir: Path) -> Path:
    context = workdir / "src"
    context.mkdir()
    for name in copied_paths():
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, context / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, context / name)
    target = workdir / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(target)], check=True)
    install = subprocess.run(install_command(target), cwd=context, capture_output=True, text=True)
    assert install.returncode == 0, install.stderr[-3000:]
    return target


@pytest.fixture(scope="module")
def world(venv: Path, workdir: Path) -> Path:
    """The world stage: build with the installed CLI, drop the gold answers, make everything read-only."""
    target = workdir / "world"
    build = subprocess.run(
        # in one process, as the session's worlds (tests/conftest.py, TINY_JOBS: helpers add CPU in the suite)
        [str(venv / "bin" / "crag-mock"), "build", *SMALL_BUILD, "--jobs", "1", "--data", str(target)],
        capture_output=True,
        text=True,
        cwd=workdir,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    (target / "questions.duckdb").unlink()
    for path in [target, *target.rglob("*")]:
        mode = path.stat().st_mode
        path.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) | stat.S_IRGRP | stat.S_IROTH)
    return target


def _others_can_run(prefix: Path) -> bool:
    """Can an unprivileged user reach the base interpreter (not so under a 0700 /root/.pyenv)?"""
    return all(p.stat().st_mode & stat.S_IXOTH for p in [prefix, *prefix.parents])


def test_the_dockerfile_copies_what_the_package_needs() -> None:
    assert set(copied_paths()) >= {
        "pyproject.toml",
        "README.md",
        "mockapi",
        "kg_data",
        "web_pages",
        "clients",
    }
    assert '--host", "0.0.0.0"' in DOCKERFILE.read_text()
    assert re.search(r"^USER (?!root)", DOCKERFILE.read_text(), re.M)


@pytest.mark.slow  # a venv, a wheel build and a small world: about a minute on 2 cores
@pytest.mark.timeout(1800)  # pip waits on PyPI: 600 s is too short for it on a busy machine
def test_install_start_and_health(venv: Path, world: Path, workdir: Path) -> None:
    port = free_port()
    as_root = os.geteuid() == 0 and _others_can_run(Path(sys.base_prefix))
    env = {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": str(workdir), "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen(
        [str(venv / "bin" / "crag-mock"), "serve", "--host", "127.0.0.1", "--port", str(port),
         "--data", str(world)],
        env=env,
        cwd="/",
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        user=UNPRIVILEGED if as_root else None,
        group=UNPRIVILEGED if as_root else None,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        print(f"\n/health answered {wait_healthy(base, server):.1f} s after start")
        # the image's HEALTHCHECK command, with the venv's python
        probe = f"import urllib.request; urllib.request.urlopen('{base}/health', timeout=2)"
        subprocess.run([str(venv / "bin" / "python"), "-c", probe], check=True, env=env)
        examples = httpx.get(f"{base}/meta", timeout=30).json()["examples"]
        path, body = next(iter(examples.items()))
        assert httpx.post(f"{base}{path}", json=body, timeout=30).json()["result"] not in (None, [])
        search = httpx.post(f"{base}/web/search", json={"query": "the", "k": 3}, timeout=60)
        assert search.status_code == 200 and len(search.json()["result"]) == 3
    finally:
        server.send_signal(signal.SIGTERM)
        code = server.wait(timeout=30)
    # uvicorn shuts down gracefully, then re-raises the signal it caught (exit status 143 in a container)
    assert code in (0, -signal.SIGTERM)
