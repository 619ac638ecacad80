"""`crag-mock serve` as a user runs it: a subprocess on a free loopback port, flags reach every worker."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb
import httpx
import pytest
from fixture_paths import CRAG_DEV_10
from server_process import free_port, wait_healthy
from small_world import SMALL_QUESTIONS


@contextmanager
def serve(world: Path | None, *flags: str, env: dict[str, str] | None = None) -> Iterator[str]:
    port = free_port()
    data = ["--data", str(world)] if world is not None else []
    cmd = [sys.executable, "-m", "mockapi.cli", "serve", *data, "--port", str(port), *flags]
    environ = {**os.environ, **(env or {})}
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=environ)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base, proc)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_serve_task_1_refuses_kg_in_every_worker(tiny_world: Path) -> None:
    with serve(tiny_world, "--task", "1", "--workers", "2") as base:
        kg = httpx.post(base + "/open/search_entity_by_name", json={"query": "a"})
        assert kg.status_code == 403
        assert kg.json()["type"] == "forbidden_by_task"
        assert httpx.get(base + "/meta").json()["task"] == 1


def test_serve_rejects_bad_simulation_flags_before_building(tmp_path: Path) -> None:
    missing = tmp_path / "not-built"
    result = subprocess.run(
        [sys.executable, "-m", "mockapi.cli", "serve", "--data", str(missing), "--fault-rate", "2"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "--fault-rate must be 0..1" in result.stderr
    assert not missing.exists()


def crag_mock(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`crag-mock ARGS` with no terminal on stdin (as in a script), so nothing asks a question."""
    environ = {**os.environ, **(env or {})}
    cmd = [sys.executable, "-m", "mockapi.cli", *args]
    return subprocess.run(
        cmd, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL, env=environ
    )


def test_serve_data_typo_says_no_world_and_builds_nothing(tmp_path: Path) -> None:
    typo = tmp_path / "tiyn"
    result = crag_mock("serve", "--data", str(typo), "--port", str(free_port()))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"crag-mock serve: error: no world at {typo}; build one with "
        f"`crag-mock build --scale default --data {typo}` or add --build"
    ]
    assert not typo.exists()


def test_serve_data_file_typo_says_no_such_file(tmp_path: Path) -> None:
    typo = tmp_path / "crag_task_1_and_2_dev_v4.jsonl.bz"
    result = crag_mock("serve", "--data", str(typo) + "2", "--port", str(free_port()))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"crag-mock serve: error: --data {typo}2: no such file (a CRAG dataset file or a world directory)"
    ]
    assert list(tmp_path.iterdir()) == []


def test_serve_build_refuses_a_non_empty_dir_that_is_not_a_world(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    result = crag_mock("serve", "--data", str(tmp_path), "--build", "--port", str(free_port()))
    assert result.returncode == 2
    assert "no world at" in result.stderr and "it is not empty" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


@pytest.mark.slow  # builds a small train world
def test_serve_without_data_still_builds_the_default_location_first(tmp_path: Path) -> None:
    # a train world of SMALL_QUESTIONS at its default folder (<scale>-train), as `build --split train
    # --questions N` allows without --data: the same path through serve as the scale's own world, for 35 of
    # the 69 CPU-s a whole tiny world took (tests/small_world.py, at 66c0ce5)
    flags = ("--scale", "tiny", "--split", "train", "--questions", str(SMALL_QUESTIONS))
    with serve(None, *flags, env={"CRAG_MOCK_HOME": str(tmp_path)}) as base:
        meta = httpx.get(base + "/meta").json()
        assert (meta["world"], meta["split"]) == ("tiny-train", "train")  # a name, never a path
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny-train"]
    with duckdb.connect(str(tmp_path / "tiny-train" / "questions.duckdb"), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM questions").fetchone() == (SMALL_QUESTIONS,)


@pytest.mark.slow  # builds a small world (tests/small_world.py)
def test_serve_build_builds_into_an_empty_dir_when_asked(tmp_path: Path) -> None:
    empty = tmp_path / "world"
    empty.mkdir()
    with serve(empty, "--build", "--scale", "tiny", "--questions", str(SMALL_QUESTIONS)) as base:
        assert httpx.get(base + "/meta").json()["scale"] == "tiny"
    assert (empty / "manifest.json").is_file()
    # --questions reached the build
    with duckdb.connect(str(empty / "questions.duckdb"), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM questions").fetchone() == (SMALL_QUESTIONS,)


def test_serve_questions_needs_data_and_names_it_in_the_build_hint(tmp_path: Path) -> None:
    alone = crag_mock("serve", "--scale", "tiny", "--questions", "8", env={"CRAG_MOCK_HOME": str(tmp_path)})
    assert alone.returncode == 2
    assert alone.stderr.strip().splitlines() == [
        "crag-mock serve: error: --questions needs --data DIR (or --split train): "
        "a world of another size than its scale's"
    ]
    assert list(tmp_path.iterdir()) == []
    missing = tmp_path / "w"
    hint = crag_mock("serve", "--data", str(missing), "--scale", "tiny", "--questions", "8")
    assert (
        hint.stderr.strip()
        .splitlines()[-1]
        .endswith(f"`crag-mock build --scale tiny --questions 8 --data {missing}` or add --build")
    )


@pytest.mark.parametrize("port", ["80000", "0", "-1", "http"])
def test_serve_rejects_ports_outside_1_to_65535(tiny_world: Path, port: str) -> None:
    result = crag_mock("serve", "--data", str(tiny_world), "--port", port)
    assert result.returncode == 2
    assert "argument --port: must be" in result.stderr.splitlines()[-1]
    assert "serving" not in result.stderr


@pytest.mark.parametrize("workers", ["1", "2"])
def test_serve_reports_a_taken_port_before_the_banner(tiny_world: Path, workers: str) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        result = crag_mock("serve", "--data", str(tiny_world), "--port", port, "--workers", workers)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"crag-mock serve: error: cannot listen on 127.0.0.1:{port}: Address already in use "
        "(another server is using it: stop it or pick another --port)"
    ]


def test_serve_dataset_file_no_cache_converts_into_a_temp_dir_removed_at_exit(tmp_path: Path) -> None:
    if not CRAG_DEV_10.is_file():
        pytest.skip(f"the real CRAG fixture {CRAG_DEV_10} is not present")
    home, tmp = tmp_path / "home", tmp_path / "tmp"
    tmp.mkdir()
    env = {"CRAG_MOCK_HOME": str(home), "TMPDIR": str(tmp)}
    with serve(CRAG_DEV_10, "--no-cache", env=env) as base:
        assert httpx.get(base + "/meta").json()["kind"] == "imported"
        # the converted world, next to the server's own per-process dirs (index shadow, serving tables)
        assert "crag-mock-dataset-" in [p.name[:18] for p in tmp.iterdir()]
    assert list(tmp.iterdir()) == []
    assert not home.exists()  # nothing cached


def test_dataset_file_is_cached_once_and_every_use_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not CRAG_DEV_10.is_file():
        pytest.skip(f"the real CRAG fixture {CRAG_DEV_10} is not present")
    from mockapi.process.dataset_world import cached_world_dir, dataset_world, file_sha256

    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path))
    said: list[str] = []
    for _ in range(2):
        with dataset_world(CRAG_DEV_10, say=said.append) as world:
            assert world == cached_world_dir(file_sha256(CRAG_DEV_10))
            assert world.parent == tmp_path / "datasets" and (world / "manifest.json").is_file()
    assert said[0].startswith(f"converting {CRAG_DEV_10.name} into {world} (cached for later runs;")
    assert "--no-cache" in said[0]
    assert said[1].startswith(f"using the converted copy of {CRAG_DEV_10.name} cached at {world}")
    shutil.rmtree(world / "web_serving")  # a copy converted before the web key tables existed
    with dataset_world(CRAG_DEV_10, say=said.append) as again:
        assert (again / "web_serving" / "meta.json").is_file()
    assert said[2].startswith(f"converting {CRAG_DEV_10.name} into {world}")


def test_serve_checks_the_port_before_converting_a_dataset_file(tmp_path: Path) -> None:
    result = crag_mock(
        "serve", "--data", str(CRAG_DEV_10), "--port", "70000", env={"CRAG_MOCK_HOME": str(tmp_path)}
    )
    assert result.returncode == 2
    assert list(tmp_path.iterdir()) == []


def test_serve_asks_on_a_terminal_and_no_builds_nothing(tmp_path: Path) -> None:
    import pty
    import select

    target = tmp_path / "world"
    leader, follower = pty.openpty()
    cmd = [sys.executable, "-m", "mockapi.cli", "serve", "--data", str(target), "--port", str(free_port())]
    proc = subprocess.Popen(cmd, stdin=follower, stdout=follower, stderr=follower)
    os.close(follower)
    try:
        asked, deadline = b"", time.monotonic() + 60
        while b"[y/N]" not in asked and time.monotonic() < deadline:
            if select.select([leader], [], [], 1)[0]:
                asked += os.read(leader, 1024)
        os.write(leader, b"n\n")
        assert proc.wait(timeout=60) == 2
    finally:
        proc.kill()
        os.close(leader)
    assert f"no world at {target}: build the default world there? [y/N]".encode() in asked
    assert not target.exists()
