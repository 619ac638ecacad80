"""Bounded load test on loopback: a route mix at many connections for a fixed time; errors, latency, memory.

    python bench/bench_load.py [--data WORLD] [--seconds 60] [--connections 64] [--workers 1] [--rounds 3]

Starts `crag-mock serve` on the world (the tiny world is built into a temp dir when --data is not given) as
its own process, then drives it from this process (asyncio + httpx, closed loop: each connection sends its
next request as soon as the last one returns) with a mix of:
- the 38 KG routes with /meta's try-it bodies (round-robin),
- /web/search by interaction id without HTML (k=10), free-text /web/search without HTML (k=10),
- /web/search by interaction id with HTML (k=5, ~1.5 MB), /web/get_page (one full page),
- /health.
`--rounds` repeats the timed run so resident memory can be read as a trend (RSS sampled every second,
summed over the server's processes). Prints figures only: any error is counted and shown, never raised.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import duckdb
import httpx
import psutil

sys.path.insert(0, str(Path(__file__).parent))
from bench_server import free_port, wait_ready

Call = tuple[str, str, Any]  # class, path, body (None: no body)
WEIGHTS = {"kg": 60, "search_id": 12, "search_text": 12, "search_html": 3, "get_page": 5, "health": 8}


def build_calls(base: str, world: Path, rng: random.Random) -> list[Call]:
    """A shuffled list of requests in the WEIGHTS proportions (cycled through by the connections)."""
    examples = httpx.get(f"{base}/meta", timeout=60).json()["examples"]
    kg = [("kg", p, None if p == "/music/grammy_get_all_awarded_artists" else b) for p, b in examples.items()]
    with duckdb.connect(str(world / "pages.duckdb"), read_only=True) as con:
        queries = con.execute("SELECT interaction_id, query FROM queries ORDER BY 1 LIMIT 500").fetchall()
        urls = [
            u for (u,) in con.execute("SELECT DISTINCT page_url FROM results ORDER BY 1 LIMIT 500").fetchall()
        ]
    pools: dict[str, list[Call]] = {
        "kg": kg,
        "search_id": [("search_id", "/web/search", {"interaction_id": q, "k": 10, "include_html": False})
                      for q, _ in queries],
        "search_text": [("search_text", "/web/search",
                         {"query": " ".join(t.split()[1:]) or t, "k": 10, "include_html": False})
                        for _, t in queries],
        "search_html": [("search_html", "/web/search", {"interaction_id": q, "k": 5}) for q, _ in queries],
        "get_page": [("get_page", "/web/get_page", {"url": u}) for u in urls],
        "health": [("health", "/health", None)],
    }  # fmt: skip
    calls: list[Call] = []
    for name, weight in WEIGHTS.items():
        pool = pools[name]
        calls += [pool[i % len(pool)] for i in range(weight * 20)]
    rng.shuffle(calls)
    return calls


def server_rss_mb(pid: int) -> float:
    """Resident memory of the server and its worker processes."""
    proc = psutil.Process(pid)
    procs = [proc, *proc.children(recursive=True)]
    return sum(p.memory_info().rss for p in procs if p.is_running()) / 2**20


async def run_load(
    base: str, calls: list[Call], seconds: float, connections: int, pid: int
) -> dict[str, Any]:
    latencies: dict[str, list[float]] = defaultdict(list)
    errors: dict[str, int] = defaultdict(int)
    reasons: dict[str, int] = defaultdict(int)
    rss: list[float] = []
    deadline = time.perf_counter() + seconds
    limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=120) as client:

        async def worker(offset: int) -> None:
            i = offset * 7
            while time.perf_counter() < deadline:
                kind, path, body = calls[i % len(calls)]
                i += 1
                t0 = time.perf_counter()
                try:
                    if path == "/health":
                        response = await client.get(path)
                    elif body is None:
                        response = await client.post(path)
                    else:
                        response = await client.post(path, json=body)
                    reason = "" if response.status_code == 200 else f"{path}: HTTP {response.status_code}"
                except httpx.HTTPError as exc:
                    reason = f"{path}: {type(exc).__name__} {exc}"[:160]
                latencies[kind].append(time.perf_counter() - t0)
                if reason:
                    errors[kind] += 1
                    reasons[reason] += 1

        async def sampler() -> None:
            while time.perf_counter() < deadline:
                rss.append(server_rss_mb(pid))
                await asyncio.sleep(1)

        started = time.perf_counter()
        await asyncio.gather(sampler(), *(worker(k) for k in range(connections)))
        elapsed = time.perf_counter() - started
    return {"latencies": latencies, "errors": errors, "reasons": reasons, "elapsed": elapsed, "rss": rss}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(round_no: int, fig: dict[str, Any]) -> None:
    lat: dict[str, list[float]] = fig["latencies"]
    every = [x for xs in lat.values() for x in xs]
    n, errs = len(every), sum(fig["errors"].values())
    rss = fig["rss"]
    print(
        f"round {round_no}: {n} requests in {fig['elapsed']:.0f} s = {n / fig['elapsed']:.0f} req/s, "
        f"{errs} errors; p50 {pct(every, 0.5):.1f} ms, p99 {pct(every, 0.99):.1f} ms, "
        f"max {1000 * max(every):.0f} ms; server RSS {rss[0]:.0f} → {rss[-1]:.0f} MB (peak {max(rss):.0f})"
    )
    for reason, count in sorted(fig["reasons"].items(), key=lambda kv: -kv[1])[:5]:
        print(f"    error ×{count}: {reason}")
    for kind in WEIGHTS:
        xs = lat.get(kind, [])
        if xs:
            print(
                f"    {kind:12s} {len(xs):7d} req  p50 {pct(xs, 0.5):7.1f} ms  p99 {pct(xs, 0.99):7.1f} ms"
                f"  errors {fig['errors'][kind]}"
            )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", help="world directory (default: a tiny world built into a temp dir)")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    crag_mock = str(Path(sys.executable).parent / "crag-mock")
    with tempfile.TemporaryDirectory() as tmp:
        world = Path(args.data) if args.data else Path(tmp) / "tiny"
        if not (world / "manifest.json").is_file():
            print(f"building the tiny world into {world} …", flush=True)
            subprocess.run([crag_mock, "build", "--scale", "tiny", "--data", str(world)], check=True,
                           stdout=subprocess.DEVNULL)  # fmt: skip
        port = free_port()
        cmd = [crag_mock, "serve", "--data", str(world), "--port", str(port), "--workers", str(args.workers)]
        server = subprocess.Popen(cmd, stderr=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            startup = wait_ready(f"{base}/health", server)
            calls = build_calls(base, world, random.Random(0))
            print(f"world {world}; {args.workers} worker(s), {args.connections} connections, "
                  f"{args.rounds} × {args.seconds:.0f} s; start-up {startup:.2f} s, "
                  f"RSS idle {server_rss_mb(server.pid):.0f} MB; mix {WEIGHTS}")  # fmt: skip
            asyncio.run(run_load(base, calls, 3, args.connections, server.pid))  # warm-up
            for round_no in range(1, args.rounds + 1):
                report(
                    round_no, asyncio.run(run_load(base, calls, args.seconds, args.connections, server.pid))
                )
            print(f"server RSS after the runs: {server_rss_mb(server.pid):.0f} MB")
        finally:
            server.terminate()
            server.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
