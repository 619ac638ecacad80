"""Server benchmark: throughput and latency of the KG routes against a FastAPI hello-world, start-up, memory.

    python bench/bench_server.py [--data /tmp/default-world] [--seconds 10] [--concurrency 32]
    python bench/bench_server.py --per-route [--route-seconds 3] [--route-connections 8] [--data WORLD]

Starts `crag-mock serve` on the world (built first when missing) and a hello-world FastAPI app, each as a real
uvicorn process on loopback with one worker, and drives both with the same asyncio/httpx load generator at
the same concurrency. The KG mix is every route's try-it body from /meta, round-robin. `--per-route` instead
runs wrk (`apt-get install wrk`) on each route's body in turn and on the hello-world in the same run, and
prints req/s, p50/p99 and the ratio to hello-world per route (plus their geometric mean). `--mix-wrk` runs
the 38 KG routes round-robin with wrk, then (on a world with pages) the same mix plus /web/search and
/web/get_page. Figures only.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parent))

HELLO_APP = textwrap.dedent(
    """
    from fastapi import FastAPI
    from pydantic import BaseModel

    app = FastAPI()

    class Query(BaseModel):
        query: str

    @app.post("/hello")
    def hello(body: Query) -> dict:
        return {"result": body.query}
    """
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_ready(url: str, proc: subprocess.Popen[bytes], timeout: float = 300) -> float:
    """Seconds until `url` answers 200."""
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return time.perf_counter() - started
        except httpx.TransportError:
            pass
        time.sleep(0.02)
    raise RuntimeError(f"{url} not ready after {timeout}s")


def index_passages(world: Path) -> None:
    """Index the passages of POST /retrieve before timing start-up: `serve` makes them once on a world built
    without them, which on the full world takes minutes (8 min at load 15) and is not start-up."""
    from mockapi.retrieve.build import read_info
    from mockapi.retrieve.ensure import ensure_passages

    if read_info(world) is None and (world / "pages.duckdb").is_file():
        print(f"indexing the passages of POST /retrieve in {world} first (once) …", flush=True)
        started = time.perf_counter()
        ensure_passages(world)
        print(f"passages indexed in {time.perf_counter() - started:.1f} s", flush=True)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def load(base: str, calls: list[tuple[str, Any]], seconds: float, concurrency: int) -> dict[str, Any]:
    """Closed-loop load: `concurrency` workers, each sending the next call as soon as the last returns."""
    latencies: list[float] = []
    errors = 0
    deadline = time.perf_counter() + seconds
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:

        async def worker(offset: int) -> None:
            nonlocal errors
            i = offset
            while time.perf_counter() < deadline:
                path, body = calls[i % len(calls)]
                i += 1
                t0 = time.perf_counter()
                response = await client.post(path, json=body) if body is not None else await client.post(path)
                latencies.append(time.perf_counter() - t0)
                errors += response.status_code != 200

        started = time.perf_counter()
        await asyncio.gather(*(worker(k) for k in range(concurrency)))
        elapsed = time.perf_counter() - started
    latencies.sort()
    return {
        "requests": len(latencies),
        "rps": len(latencies) / elapsed,
        "p50_ms": 1000 * statistics.median(latencies),
        "p99_ms": 1000 * latencies[int(0.99 * (len(latencies) - 1))],
        "errors": errors,
    }


def start(cmd: list[str], cwd: str | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(cmd, env=dict(os.environ), cwd=cwd, stderr=subprocess.DEVNULL)


def kg_calls(base: str) -> list[tuple[str, Any]]:
    """Every route's try-it body from /meta: the 38 KG routes, then /web/* when the world has pages."""
    examples = httpx.get(f"{base}/meta", timeout=30).json()["examples"]
    no_body = "/music/grammy_get_all_awarded_artists"
    return [(path, None if path == no_body else body) for path, body in examples.items()]


def only_kg(calls: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """The 38 KG routes of `calls` (the original's routes; /web/* are ours)."""
    return [(path, body) for path, body in calls if not path.startswith("/web/")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", default="/tmp/default-world")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--per-route", action="store_true", help="wrk per route instead of the httpx mix")
    parser.add_argument("--route-seconds", type=float, default=3.0)
    parser.add_argument("--route-connections", type=int, default=8)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--mix-wrk", action="store_true", help="the 38-route mix driven by wrk (no httpx)")
    args = parser.parse_args()
    bin_dir = Path(sys.executable).parent

    if not (Path(args.data) / "manifest.json").is_file():
        print(f"building the default world into {args.data} first …", flush=True)
        subprocess.run([str(bin_dir / "crag-mock"), "build", "--data", args.data], check=True)
    index_passages(Path(args.data))

    port = free_port()
    server = start([str(bin_dir / "crag-mock"), "serve", "--data", args.data, "--port", str(port),
                    "--workers", str(args.workers)])  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "hello_app.py").write_text(HELLO_APP)
        hello_port = free_port()
        hello = start([sys.executable, "-m", "uvicorn", "hello_app:app", "--port", str(hello_port),
                       "--log-level", "warning", "--no-access-log"], cwd=tmp)  # fmt: skip
        try:
            base, hello_base = f"http://127.0.0.1:{port}", f"http://127.0.0.1:{hello_port}"
            startup = wait_ready(f"{base}/health", server)
            wait_ready(f"{hello_base}/docs", hello)
            rss_idle = rss_mb(server.pid)
            calls = kg_calls(base)
            if args.mix_wrk:
                mix_wrk(args, startup, rss_idle, server.pid, base, hello_base, calls)
            elif args.per_route:
                print(f"world {args.data}; start-up {startup:.2f} s; RSS after load {rss_idle:.0f} MB")
                per_route(args, base, hello_base, calls)
            else:
                report(args, startup, rss_idle, server.pid, base, hello_base, calls)
        finally:
            for proc in (server, hello):
                proc.terminate()
                proc.wait(timeout=30)
    return 0


def report(args: argparse.Namespace, startup: float, rss_idle: float, pid: int, base: str, hello_base: str,
           calls: list[tuple[str, Any]]) -> None:  # fmt: skip
    print(f"world {args.data}; {args.concurrency} connections, {args.seconds:.0f} s per run, 1 worker")
    print(f"start-up to first /health 200: {startup:.2f} s; RSS idle {rss_idle:.0f} MB")
    asyncio.run(load(hello_base, [("/hello", {"query": "x"})], 2, args.concurrency))  # warm-up
    hello = asyncio.run(load(hello_base, [("/hello", {"query": "x"})], args.seconds, args.concurrency))
    calls = only_kg(calls)
    asyncio.run(load(base, calls, 2, args.concurrency))  # warm-up
    mix = asyncio.run(load(base, calls, args.seconds, args.concurrency))
    light = [c for c in calls if "detailed_price" not in c[0] and "play_by_play" not in c[0]]
    point = asyncio.run(load(base, light, args.seconds, args.concurrency))
    for name, fig in (("hello-world", hello), ("KG mix (38 routes)", mix), ("KG mix w/o 2 largest", point)):
        print(
            f"{name:22s} {fig['rps']:8.0f} req/s  p50 {fig['p50_ms']:6.1f} ms  p99 {fig['p99_ms']:6.1f} ms"
            f"  ({fig['requests']} requests, {fig['errors']} non-200)"
        )
    print(f"ratio KG mix / hello-world: {mix['rps'] / hello['rps']:.2f}; "
          f"without the 2 largest payloads: {point['rps'] / hello['rps']:.2f}")  # fmt: skip
    print(f"RSS after load: {rss_mb(pid):.0f} MB")


def mix_wrk(args: argparse.Namespace, startup: float, rss_idle: float, pid: int, base: str, hello_base: str,
            calls: list[tuple[str, Any]]) -> None:  # fmt: skip
    """The 38-route mix (round-robin, wrk) at --concurrency connections, hello-world the same way."""
    import wrk_routes

    print(
        f"world {args.data}; {args.workers} worker(s); start-up {startup:.2f} s; RSS idle {rss_idle:.0f} MB"
    )
    kg = only_kg(calls)
    wrk_routes.run_mix(base, calls, 2, args.concurrency)  # warm-up
    runs = [(f"KG mix ({len(kg)} routes)", wrk_routes.run_mix(base, kg, args.seconds, args.concurrency))]
    if len(kg) < len(calls):  # the world has pages: the same mix with /web/search and /web/get_page added
        runs.append(
            (f"KG + web mix ({len(calls)})", wrk_routes.run_mix(base, calls, args.seconds, args.concurrency))
        )
    hello = wrk_routes.run(f"{hello_base}/hello", {"query": "x"}, args.seconds, args.concurrency, threads=2)
    for name, fig in (("hello-world (1 worker)", hello), *runs):
        p50, p99 = fig.get("p50", 0), fig.get("p99", 0)
        figures = f"p50 {p50:6.1f} ms  p99 {p99:6.1f} ms  errors {fig['errors']:.0f}"
        print(f"{name:24s} {fig['rps']:8.0f} req/s  {figures}")
    print(f"RSS after load (server processes): {_tree_rss(pid):.0f} MB")


def _tree_rss(pid: int) -> float:
    import psutil

    proc = psutil.Process(pid)
    return sum(p.memory_info().rss for p in [proc, *proc.children(recursive=True)]) / 2**20


def per_route(args: argparse.Namespace, base: str, hello_base: str, calls: list[tuple[str, Any]]) -> None:
    """wrk on every route's body, one at a time, against hello-world measured in the same run."""
    import wrk_routes

    if not wrk_routes.have_wrk():
        raise SystemExit("--per-route needs wrk (apt-get install wrk)")
    secs, conns = args.route_seconds, args.route_connections
    print(f"wrk -c{conns}, {secs:.0f} s per route, 1 worker; hello-world (1 s) measured right before each")
    heads = ("req/s", "p50 ms", "p99 ms", "hello", "/hello", "errors")
    print(f"{'route':48s} " + " ".join(f"{h:>7s}" for h in heads))
    ratios = []
    for path, body in calls:
        # the machine is shared: a reference taken right before each route keeps the ratio honest
        hello = wrk_routes.run(f"{hello_base}/hello", {"query": "x"}, 1, conns)
        fig = wrk_routes.run(base + path, body, secs, conns)
        rps = fig.get("rps", 0.0)  # wrk prints no rate when not one request finished
        ratios.append(rps / hello["rps"])
        print(f"{path:48s} {rps:8.0f} {fig.get('p50', 0):7.2f} {fig.get('p99', 0):7.2f}"
              f" {hello['rps']:7.0f} {ratios[-1]:7.2f} {fig['errors']:6.0f}")  # fmt: skip
    answered = [r for r in ratios if r > 0]
    geo = math.exp(sum(math.log(r) for r in answered) / len(answered)) if answered else float("nan")
    print(f"geometric mean of route/hello-world: {geo:.2f} over {len(answered)} routes that answered")


if __name__ == "__main__":
    sys.exit(main())
