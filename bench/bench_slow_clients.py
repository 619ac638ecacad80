"""Slow and huge request heads against `crag-mock serve`'s HTTP protocol (GuardedHTTP) and uvicorn's own
(BatchedWrites, the protocol before), in the same run: a probe's latency (a fresh connection per GET
/health) with no attack, then during a slowloris of N connections plus one client streaming a 30 MB header;
how many probes failed, and how many attacker sockets are still open after the attack's first 8 s.

    python bench/bench_slow_clients.py [--data WORLD] [--attackers 300] [--seconds 8]

Figures only, never a pass/fail threshold (tests/hardening/test_slow_clients.py checks the behaviour).
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import statistics
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

from mockapi.config.settings import Settings
from mockapi.core.paths import world_dir
from mockapi.http.app import create_app
from mockapi.process.batched_writes import BatchedWrites
from mockapi.process.guard import GuardedHTTP
from mockapi.process.loopback import serve_in_thread


def probe(url: str, seconds: float) -> tuple[list[float], int]:
    """Latencies (ms) of GET /health on fresh connections for `seconds`, and the failures."""
    times, failed = [], 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.perf_counter()
        try:
            with httpx.Client(timeout=10) as client:
                ok = client.get(url + "/health").status_code == 200
        except httpx.HTTPError:
            ok = False
        if ok:
            times.append((time.perf_counter() - started) * 1000)
        else:
            failed += 1
        time.sleep(0.02)
    return times, failed


def attack(port: int, n: int, stop: threading.Event) -> list[socket.socket]:
    socks = []
    for _ in range(n):
        with contextlib.suppress(OSError):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
            socks.append(s)

    def dribble() -> None:
        while not stop.wait(1.0):
            for s in socks:
                with contextlib.suppress(OSError):
                    s.sendall(b"X-a: b\r\n")

    def big_header() -> None:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ")
            chunk = b"a" * (1 << 20)
            for _ in range(30):
                if stop.is_set():
                    return
                s.sendall(chunk)

    threading.Thread(target=dribble, daemon=True).start()
    threading.Thread(target=big_header, daemon=True).start()
    return socks


def still_open(socks: list[socket.socket]) -> int:
    count = 0
    for s in socks:
        s.setblocking(False)
        try:
            count += s.recv(1) != b""
        except BlockingIOError:
            count += 1
        except OSError:
            pass
    return count


def pct(times: list[float], q: float) -> str:
    if not times:
        return "-"
    ordered = sorted(times)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.1f}"


def run(world: Path, protocol: Any, attackers: int, seconds: float) -> None:
    with serve_in_thread(create_app(Settings(world=world)), http=protocol) as url:
        port = int(urlsplit(url).port or 0)
        calm, calm_failed = probe(url, 3.0)
        stop = threading.Event()
        socks = attack(port, attackers, stop)
        hit, hit_failed = probe(url, seconds)
        left = still_open(socks)
        stop.set()
        for s in socks:
            s.close()
    print(f"{protocol.__name__}:")
    print(f"  no attack: probe p50 {pct(calm, 0.5)} ms, p99 {pct(calm, 0.99)} ms, {calm_failed} failed")
    print(
        f"  attack ({len(socks)} slowloris + a 30 MB header): probe p50 {pct(hit, 0.5)} ms, p99 "
        f"{pct(hit, 0.99)} ms, {hit_failed} of {len(hit) + hit_failed} failed; "
        f"attackers still open after {seconds:.0f} s: {left}"
    )
    if calm and hit:
        print(f"  p50 ratio attack/no attack: {statistics.median(hit) / statistics.median(calm):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=None, help="a world (default: the tiny one)")
    parser.add_argument("--attackers", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    world = args.data or world_dir(None, "tiny")
    print(f"world {world}")
    for protocol in (BatchedWrites, GuardedHTTP):
        run(world, protocol, args.attackers, args.seconds)


if __name__ == "__main__":
    main()
