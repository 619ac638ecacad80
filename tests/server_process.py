"""Waiting for a server started as a subprocess (`crag-mock serve`, the image's entrypoint) to answer."""

from __future__ import annotations

import subprocess
import time
from typing import Any

import httpx
import pytest

from mockapi.process.loopback import free_socket

START_DEADLINE_S = 300.0
"""A guard against a hung start, not a speed check: start-up figures belong in bench/. A start that builds the
tiny world first also renders its 2,725 pages once (web_serving/html): over 120 s at load 25."""


def free_port() -> int:
    """A loopback port free at the time of asking (the server binds it moments later)."""
    with free_socket() as sock:
        return int(sock.getsockname()[1])


def wait_healthy(base: str, proc: subprocess.Popen[Any]) -> float:
    """Poll `base`/health until it answers 200; fails the test with the process's output if it exits first
    (or never answers). Returns the seconds it took."""
    started = time.monotonic()
    while True:
        if proc.poll() is not None:
            pytest.fail(f"the server exited with {proc.returncode}:\n{_output(proc)[-3000:]}")
        try:
            if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                return time.monotonic() - started
        except httpx.TransportError:
            pass
        if time.monotonic() - started > START_DEADLINE_S:
            pytest.fail(f"no /health 200 within {START_DEADLINE_S:.0f} s")
        time.sleep(0.05)


def _output(proc: subprocess.Popen[Any]) -> str:
    stream = proc.stdout or proc.stderr
    data = stream.read() if stream is not None else ""
    return data.decode(errors="replace") if isinstance(data, bytes) else data
