"""`crag-mock serve` as a user runs it: a subprocess on a free loopback port, flags reach every worker."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(world: Path, *flags: str) -> Iterator[str]:
    port = free_port()
    cmd = [sys.executable, "-m", "mockapi.cli", "serve", "--data", str(world), "--port", str(port), *flags]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                err = proc.stderr.read() if proc.stderr else ""
                raise AssertionError(f"serve exited {proc.returncode}: {err}")
            try:
                if httpx.get(base + "/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
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
