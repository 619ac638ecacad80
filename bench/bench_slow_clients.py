"""Hostile clients against `crag-mock serve` run as users run it (its own process, under a descriptor limit):
a probe's latency (a fresh connection per GET /health) with no attack, then during each attack, with how many
probes failed and what the attack kept:
- slowloris: N connections dribbling a head that never ends, plus one client streaming a 30 MB header;
- idle keep-alive: N connections that each sent one GET /health, read the answer and went quiet;
- slow read: 20 clients asking for a 50-page search with HTML and never reading (server RSS before, peak,
  and after the write timeout, and the growth; connections still open after it);
Before the attacks, one client reads a 50-page search with HTML in full, identity and gzip (p50, best).
- pipelined heads: clients sending GET /health, a 150 KB head pipelined behind it (big heads answered 200).

    python bench/bench_slow_clients.py [--data WORLD] [--nofile 512] [--seconds 6] [--server-path DIR]
                                       [--attacks slowloris,idle,slow-read,pipelined]

`--server-path DIR` puts DIR first on the server's PYTHONPATH (e.g. an export of an older commit's tree, for
before/after figures in one run of this script). Figures only, never a pass/fail threshold
(tests/hardening/test_slow_clients.py, test_idle_clients.py and test_pipelined_heads.py check behaviour).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from mockapi.core.paths import world_dir
from mockapi.process.loopback import free_socket

Attack = Callable[[int, threading.Event], list[socket.socket]]
ATTACKS = ("slowloris", "idle", "slow-read", "pipelined")


@contextmanager
def server(world: Path, nofile: int, server_path: str | None) -> Iterator[tuple[str, int]]:
    """`crag-mock serve` in its own process with RLIMIT_NOFILE = `nofile`; yields (base URL, pid)."""
    with free_socket() as sock:
        port = int(sock.getsockname()[1])
    env = dict(os.environ)
    if server_path:
        env["PYTHONPATH"] = server_path + os.pathsep + env.get("PYTHONPATH", "")
    cmd = [sys.executable, "-m", "mockapi.cli", "serve", "--data", str(world), "--port", str(port)]

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    # run from DIR too: `python -m` puts the working directory first on sys.path, before PYTHONPATH
    proc = subprocess.Popen(
        cmd, env=env, cwd=server_path, preexec_fn=limit, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    try:
        while True:
            if proc.poll() is not None:
                raise SystemExit(f"the server exited with {proc.returncode}")
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(base + "/health", timeout=2).status_code == 200:
                    break
            time.sleep(0.1)
        yield base, proc.pid
    finally:
        proc.terminate()
        proc.wait(timeout=60)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def probe(url: str, seconds: float, pid: int) -> tuple[list[float], int, float]:
    """Latencies (ms) of GET /health on fresh connections for `seconds`, failures, the server peak RSS."""
    times, failed, peak = [], 0, rss_mb(pid)
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
        peak = max(peak, rss_mb(pid))
        time.sleep(0.02)
    return times, failed, peak


def full_read(base: str, body: bytes, encoding: str, rounds: int = 15) -> str:
    """p50 and best time (ms) of a 50-page search read in full by a client that reads at once."""
    headers = {"content-type": "application/json", "accept-encoding": encoding}
    times = []
    with httpx.Client(timeout=120) as client:
        for _ in range(rounds):
            started = time.perf_counter()
            client.post(base + "/web/search", content=body, headers=headers).raise_for_status()
            times.append((time.perf_counter() - started) * 1000)
    return f"p50 {pct(times, 0.5)} ms, best {min(times):.1f} ms"


def connect(port: int, first: bytes, rcvbuf: int | None = None) -> socket.socket | None:
    with contextlib.suppress(OSError):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        sock.settimeout(5)
        sock.connect(("127.0.0.1", port))
        sock.sendall(first)
        return sock
    return None


def slowloris(n: int) -> Attack:
    def attack(port: int, stop: threading.Event) -> list[socket.socket]:
        socks = [s for _ in range(n) if (s := connect(port, b"GET /health HTTP/1.1\r\nHost: x\r\n"))]

        def dribble() -> None:
            while not stop.wait(1.0):
                for s in socks:
                    with contextlib.suppress(OSError):
                        s.sendall(b"X-a: b\r\n")

        def big_header() -> None:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ")
                for _ in range(30):
                    if stop.is_set():
                        return
                    s.sendall(b"a" * (1 << 20))

        threading.Thread(target=dribble, daemon=True).start()
        threading.Thread(target=big_header, daemon=True).start()
        return socks

    return attack


def idle_keep_alive(n: int) -> Attack:
    def attack(port: int, stop: threading.Event) -> list[socket.socket]:
        socks = []
        for _ in range(n):
            sock = connect(port, b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.recv(65536)  # the answer (~200 bytes); then silence
                socks.append(sock)
        return socks

    return attack


def slow_read(search: bytes, n: int = 20) -> Attack:
    def attack(port: int, stop: threading.Event) -> list[socket.socket]:
        return [s for _ in range(n) if (s := connect(port, search, rcvbuf=4096))]

    return attack


def pipelined(n: int, answers: list[bytes]) -> Attack:
    big = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\nX-Big: "
    big += b"a" * 150_000 + b"\r\n\r\n"

    def attack(port: int, stop: threading.Event) -> list[socket.socket]:
        def hammer() -> None:
            while not stop.is_set():
                sock = connect(port, big)
                if sock is None:
                    continue
                data = b""
                with contextlib.suppress(OSError), sock:
                    while chunk := sock.recv(65536):
                        data += chunk
                answers.append(data)

        for _ in range(n):
            threading.Thread(target=hammer, daemon=True).start()
        return []

    return attack


def still_open(socks: list[socket.socket]) -> int:
    count = 0
    for s in socks:
        with contextlib.suppress(OSError):
            info = s.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)
            count += info[0] == 1  # TCP_ESTABLISHED
    return count


def pct(times: list[float], q: float) -> str:
    if not times:
        return "-"
    ordered = sorted(times)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.1f}"


def run_attack(name: str, attack: Attack, base: str, pid: int, seconds: float, drain: float = 0.0) -> None:
    """Probe for `seconds` during the attack; then, with `drain`, wait up to that long for every attacker
    to be closed (the server's peak RSS sampled all along)."""
    port = int(base.rsplit(":", 1)[1])
    before = rss_mb(pid)
    stop = threading.Event()
    started = time.monotonic()
    socks = attack(port, stop)
    times, failed, peak = probe(base, seconds, pid)
    while drain and still_open(socks) and time.monotonic() - started < seconds + drain:
        peak = max(peak, rss_mb(pid))
        time.sleep(0.2)
    elapsed = time.monotonic() - started
    left, after = still_open(socks), rss_mb(pid)
    stop.set()
    for s in socks:
        s.close()
    print(
        f"  {name}: probe p50 {pct(times, 0.5)} ms, p99 {pct(times, 0.99)} ms, {failed} of "
        f"{len(times) + failed} failed; attackers {len(socks)}, open after {elapsed:.0f} s: {left}; "
        f"server RSS {before:.0f} -> peak {peak:.0f} -> {after:.0f} MB "
        f"(growth: peak {peak - before:+.0f} MB, after {after - before:+.0f} MB)"
    )
    time.sleep(2.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=None, help="a world (default: the tiny one)")
    parser.add_argument("--nofile", type=int, default=512, help="the server's descriptor limit (512)")
    parser.add_argument("--attackers", type=int, default=300, help="slowloris connections (300)")
    parser.add_argument("--idle", type=int, default=420, help="idle keep-alive connections (420)")
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--server-path", default=None)
    parser.add_argument("--attacks", default=",".join(ATTACKS), help=f"some of {','.join(ATTACKS)} (all)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4096)), hard))
    world = args.data or world_dir(None, "tiny")
    print(f"world {world}, server ulimit -n {args.nofile}, server code {args.server_path or 'this tree'}")
    with server(world, args.nofile, args.server_path) as (base, pid):
        example = httpx.get(base + "/meta").json()["examples"]["/web/search"]
        body = json.dumps(dict(example, k=50, include_html=True)).encode()
        search = b"POST /web/search HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
        search += b"content-length: %d\r\n\r\n" % len(body) + body
        # one search read in full first: the page store's caches are then warm, so RSS growth is the attack's
        json_type = {"content-type": "application/json"}
        httpx.post(base + "/web/search", content=body, headers=json_type, timeout=120)
        for encoding in ("identity", "gzip"):
            figures = full_read(base, body, encoding)
            print(f"  one reader, 50-page HTML search read in full ({encoding}): {figures}")
        calm, calm_failed, _ = probe(base, 3.0, pid)
        print(f"  no attack: probe p50 {pct(calm, 0.5)} ms, p99 {pct(calm, 0.99)} ms, {calm_failed} failed")
        chosen = set(args.attacks.split(","))
        if "slowloris" in chosen:
            run_attack(f"slowloris ({args.attackers} + a 30 MB header)", slowloris(args.attackers), base, pid,
                       args.seconds)  # fmt: skip
        if "idle" in chosen:
            run_attack(f"idle keep-alive ({args.idle})", idle_keep_alive(args.idle), base, pid, args.seconds)
        if "slow-read" in chosen:
            name = "slow read (20 x 50-page HTML search)"
            run_attack(name, slow_read(search), base, pid, 12.0, drain=150.0)
        if "pipelined" in chosen:
            answers: list[bytes] = []
            run_attack("pipelined 150 KB heads (4 clients)", pipelined(4, answers), base, pid, args.seconds)
            served = sum(a.count(b"HTTP/1.1 200 ") > 1 for a in answers)
            print(f"    pipelined big heads answered 200: {served} of {len(answers)} connections")


if __name__ == "__main__":
    main()
