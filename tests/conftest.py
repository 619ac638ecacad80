"""Shared fixtures: a real tiny world built once per test run (the generator's own `tiny` scale), shared by
every xdist worker, and real uvicorn serving it."""

from __future__ import annotations

import fcntl
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from file_order import pytest_collection_modifyitems  # noqa: F401 (a hook: slow files first)
from small_world import SMALL_BUILD, SMALL_QUESTIONS

from mockapi.core.paths import is_complete
from mockapi.process.loopback import serve_in_thread
from mockapi.world.build import build_world

pytest_plugins = ["cpu_account"]  # CRAG_CPU_ACCOUNT=FILE: per-test CPU seconds (tests/cpu_account.py)

TINY_JOBS = 1
"""The session's tiny and small worlds are built in one process (`--jobs 1`), whatever the machine: the
suite's xdist workers already keep CI's cores busy, and helpers only add CPU of their own (a small world 9
against 16 CPU-s with 2 helpers, the tiny one 21 against 28; load 5-8, at 8570099). tests/world/
test_build.py and test_build_jobs.py build the small world again with 2 and 3 helpers and compare content
hashes."""


def shared_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory every xdist worker of this run sees (the run's base temp dir; the session's own without
    xdist)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if base.name.startswith("popen-gw") else base


def build_once(tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], object]) -> Path:
    """The world `name`, built by `build(dir)` once per test run: the first worker to ask builds it under a
    file lock, the others wait for it and read it (a tiny build costs a minute of a CI core)."""
    world = shared_dir(tmp_path_factory) / "shared-worlds" / name
    world.parent.mkdir(parents=True, exist_ok=True)
    with open(world.parent / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, even if the build fails
        if not is_complete(world):
            build(world)
    return world


PREBUILD = """
import fcntl, sys
from pathlib import Path
from mockapi.core.paths import is_complete
from mockapi.world.build import build_world
shared, jobs, small = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
for name, questions in (("tiny", None), ("small", small)):
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not is_complete(shared / name):
            build_world("tiny", 0, shared / name, jobs=jobs, questions=questions)
"""


@pytest.hookimpl(trylast=True)  # after the tmp_path plugin has set up the run's base temp dir
def pytest_configure(config: pytest.Config) -> None:
    """A whole-suite run over xdist (`pytest -q`, as .ci/run runs it) starts building the shared tiny world,
    then the small one, in the controller at once, under the workers' locks: the builds overlap the first
    files, which do not need them (the image's debootstrap, the install's pip: network waits), instead of one
    worker building while the other waits on the lock. Any other run builds each when a test first asks
    (`build_once`)."""
    whole_suite = config.args_source == pytest.Config.ArgsSource.TESTPATHS
    controller = not hasattr(config, "workerinput") and (getattr(config.option, "numprocesses", 0) or 0) > 1
    factory = getattr(config, "_tmp_path_factory", None)
    if not (whole_suite and controller and factory and config.option.markexpr == "not default_world"):
        return
    shared = factory.getbasetemp() / "shared-worlds"
    shared.mkdir(parents=True, exist_ok=True)
    log = open(shared / "tiny.log", "w")  # noqa: SIM115 (open while the build runs)
    config._tiny_prebuild = subprocess.Popen(  # type: ignore[attr-defined]
        [sys.executable, "-c", PREBUILD, str(shared), str(TINY_JOBS), str(SMALL_QUESTIONS)],
        stdout=log,
        stderr=log,
    )


def pytest_unconfigure(config: pytest.Config) -> None:
    prebuild = getattr(config, "_tiny_prebuild", None)
    if prebuild is not None and prebuild.poll() is None:
        prebuild.terminate()  # an interrupted run: the build's staging dir is removed on SIGTERM
        prebuild.wait(timeout=60)


@pytest.fixture(scope="session")
def tiny_world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A complete tiny world directory (seed 0), shared read-only by the whole run."""
    return build_once(tmp_path_factory, "tiny", lambda world: build_world("tiny", 0, world, jobs=TINY_JOBS))


@pytest.fixture(scope="session")
def small_world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A complete seed-0 world of SMALL_QUESTIONS questions over the tiny KG (tests/small_world.py), built
    once per run and shared read-only: the reference the mechanics tests build their own small worlds
    against, and the world of the export tests."""
    return build_once(
        tmp_path_factory,
        "small",
        lambda world: build_world("tiny", 0, world, jobs=TINY_JOBS, questions=SMALL_QUESTIONS),
    )


@pytest.fixture(scope="session")
def secret_tiny_world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small seed-0 challenge world (`crag-mock build --secret --questions 8`, its own secret), built once
    per run and shared read-only by the secret-world and gold-file tests (tests/hardening)."""
    from mockapi.cli import main

    def build(world: Path) -> None:
        flags = [*SMALL_BUILD, "--seed", "0", "--secret", "--jobs", str(TINY_JOBS)]
        assert main(["build", *flags, "--data", str(world)]) == 0

    return build_once(tmp_path_factory, "secret", build)


# ───────────────────────── real uvicorn on loopback (server part; reuse freely) ─────────────────────────


@pytest.fixture
def serve_world() -> Iterator[Callable[..., str]]:
    """`serve_world(world, **settings) -> base_url`: create_app(world) on real uvicorn, stopped after."""
    from mockapi.config.settings import Settings
    from mockapi.http.app import create_app

    with ExitStack() as stack:

        def start(world: Path, **settings: Any) -> str:
            app = create_app(Settings(world=world, **settings))
            return stack.enter_context(serve_in_thread(app))

        yield start


@pytest.fixture(scope="session")
def tiny_server(tiny_world: Path) -> Iterator[str]:
    """Base URL of one real uvicorn serving the tiny world (all tasks) for the whole session."""
    from mockapi.config.settings import Settings
    from mockapi.http.app import create_app

    with serve_in_thread(create_app(Settings(world=tiny_world))) as url:
        yield url
