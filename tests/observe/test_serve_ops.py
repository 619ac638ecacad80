"""`crag-mock serve` as a process: `--access-log json`, metrics summed over `--workers`, the probes, and the
drain on SIGTERM (not ready, in-flight requests finished, exit bounded by --drain-timeout)."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import orjson
from server_process import wait_healthy
from test_metrics import count

from mockapi.process.loopback import free_socket

EXACT_KEY_ROUTE = "/finance/get_info"


def _port() -> int:
    with free_socket() as sock:
        return int(sock.getsockname()[1])


@contextmanager
def serving(world: Path, *flags: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    port = _port()
    cmd = [sys.executable, "-m", "mockapi.cli", "serve", "--data", str(world), "--port", str(port), *flags]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base, proc)
        yield base, proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)


def _stop(proc: subprocess.Popen[bytes]) -> bytes:
    proc.send_signal(signal.SIGTERM)
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0
    return out


def test_access_log_json_one_line_per_request(tiny_world: Path) -> None:
    with serving(tiny_world, "--access-log", "json") as (base, proc):
        body = httpx.get(f"{base}/meta").json()["examples"][EXACT_KEY_ROUTE]
        fast = httpx.post(base + EXACT_KEY_ROUTE, json=body, headers={"x-interaction-id": "q-7"})
        missing = httpx.get(f"{base}/no/such/page")
        out = _stop(proc)
    lines = out.decode().splitlines()
    entries = [orjson.loads(line) for line in lines]  # each line parses on its own
    # /health (wait_healthy), /meta, the KG route, the 404
    assert [(e["method"], e["route"], e["status"]) for e in entries[-3:]] == [
        ("GET", "/meta", 200),
        ("POST", EXACT_KEY_ROUTE, 200),
        ("GET", "other", 404),
    ]
    kg, nope = entries[-2], entries[-1]
    assert kg["bytes"] == len(fast.content) and kg["interaction_id"] == "q-7"
    assert nope["path"] == "/no/such/page" and nope["bytes"] == len(missing.content)
    for e in entries:
        assert set(e) >= {"time", "route", "status", "latency_ms", "bytes", "peer", "team", "interaction_id"}
        assert e["peer"] == "127.0.0.1" and e["team"] is None and e["latency_ms"] >= 0


def test_metrics_are_summed_over_workers_and_the_log_is_off_by_default(tiny_world: Path) -> None:
    with serving(tiny_world, "--workers", "2") as (base, proc):
        body = httpx.get(f"{base}/meta").json()["examples"][EXACT_KEY_ROUTE]
        for _ in range(12):  # a new connection each: the kernel spreads them over both workers
            assert httpx.post(base + EXACT_KEY_ROUTE, json=body).status_code == 200
        # the worker that answers the scrape sums every worker's files; the other one writes its counts
        # there within a second (mockapi/observe/metrics.py: Metrics.flush)
        deadline = time.monotonic() + 30
        while count(base, route=EXACT_KEY_ROUTE, status="200") < 12 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert count(base, route=EXACT_KEY_ROUTE, status="200") == 12
        assert _stop(proc) == b""  # no access log without --access-log


def test_probes_and_drain_on_sigterm(tiny_world: Path) -> None:
    """During --drain-delay /readyz says 503 and requests are still served; a request in flight when the
    signal came is finished; then the process exits 0."""
    flags = ("--latency", "fixed:2s", "--drain-delay", "1.5", "--drain-timeout", "20")
    with serving(tiny_world, *flags) as (base, proc):
        assert httpx.get(f"{base}/livez").json() == {"status": "ok"}
        assert httpx.get(f"{base}/readyz").json() == {"status": "ready"}
        slow: list[int] = []
        request = threading.Thread(
            target=lambda: slow.append(httpx.post(f"{base}/open/get_entity", json={"query": "x"}).status_code)
        )
        request.start()
        time.sleep(0.5)  # the request is in flight (2 s of simulated latency)
        proc.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        ready = httpx.get(f"{base}/readyz")
        assert (ready.status_code, ready.json()) == (503, {"status": "draining"})
        assert httpx.get(f"{base}/livez").status_code == 200
        request.join(timeout=30)
        assert slow == [200]
        assert proc.wait(timeout=30) == 0
    try:
        httpx.get(f"{base}/livez", timeout=2)
        raise AssertionError("still answering after exit")
    except httpx.TransportError:
        pass


def test_drain_timeout_bounds_the_exit(tiny_world: Path) -> None:
    """A request that would take 60 s does not hold the process: it exits after --drain-timeout."""
    flags = ("--latency", "fixed:60s", "--drain-timeout", "1")
    with serving(tiny_world, *flags) as (base, proc):
        request = threading.Thread(
            target=lambda: httpx.post(f"{base}/open/get_entity", json={"query": "x"}, timeout=90),
            daemon=True,
        )
        request.start()
        time.sleep(0.5)
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)  # far below the 60 s the request would take
        assert proc.returncode == 0


def test_a_dual_stack_listener_trusts_an_ipv4_proxy_by_its_ipv4_address(tiny_world: Path) -> None:
    """`--host ::` also accepts IPv4, where a proxy at 127.0.0.1 arrives as ::ffff:127.0.0.1: it is still the
    trusted 127.0.0.1, so its X-Team label is kept (before: not trusted, the label was lost)."""
    with serving(tiny_world, "--host", "::", "--forwarded-allow-ips", "127.0.0.1") as (base, _proc):
        for _ in range(3):
            assert httpx.get(f"{base}/health", headers={"x-team": "team-v4"}).status_code == 200
        assert count(base, route="/health", team="team-v4") == 3
