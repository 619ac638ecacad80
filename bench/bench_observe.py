"""What the operations layer (mockapi/observe: /metrics, the access log, the probes) costs on the KG mix.

    python bench/bench_observe.py [--data WORLD] [--reference main] [--rounds 5] [--seconds 5]
                                  [--connections 32]

Starts four `crag-mock serve` processes (one worker each) over the same world: today's server (the source
tree of git revision --reference, unpacked with `git archive`; default `main`), and this tree with metrics
and the access log off, with metrics on (the default), and with metrics and `--access-log json` on (stdout to
/dev/null). wrk (`apt-get install wrk`) drives the 38-route KG mix (/meta's try-it bodies, round-robin) at
--connections, one server at a time, in interleaved rounds so a load change on a shared machine hits every
server alike. Prints the median req/s and p99 of each and the ratio to today's. Figures only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

import httpx
import psutil

sys.path.insert(0, str(Path(__file__).parent))
import wrk_routes
from bench_server import free_port, kg_calls, only_kg, wait_ready

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = {
    "today (reference)": ("reference", []),  # the server as it was: nothing of this layer, no flag of it
    "observe off": ("here", ["--metrics", "off"]),
    "metrics on (default)": ("here", []),
    "metrics + access log": ("here", ["--access-log", "json"]),
}


def unpack(revision: str, into: Path) -> Path:
    """The source tree of `revision` (git archive) in `into`."""
    data = subprocess.run(["git", "archive", revision], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        # the source only: a committed symlink out of the tree (a venv link) is no part of it
        files = [m for m in tar.getmembers() if not (m.issym() or m.islnk())]
        tar.extractall(into, members=files, filter="data")
    return into


def start(source: Path, world: str, flags: list[str]) -> tuple[str, subprocess.Popen[bytes]]:
    """`crag-mock serve` from `source` (its mockapi package first on the path) on a free port."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(source)}
    cmd = [sys.executable, "-m", "mockapi.cli", "serve", "--data", world, "--port", str(port), *flags]
    proc = subprocess.Popen(cmd, cwd=source, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    wait_ready(f"{base}/health", proc)
    return base, proc


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", default=str(Path(os.environ.get("CRAG_MOCK_HOME", "/tmp")) / "default"))
    parser.add_argument("--reference", default="main", help="git revision of today's server (default: main)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--connections", type=int, default=32)
    args = parser.parse_args()
    if not wrk_routes.have_wrk():
        raise SystemExit("bench_observe.py needs wrk (apt-get install wrk)")
    if not (Path(args.data) / "manifest.json").is_file():
        raise SystemExit(f"no world at {args.data}: crag-mock build --data {args.data}")
    with tempfile.TemporaryDirectory() as tmp:
        reference = unpack(args.reference, Path(tmp))
        servers = {}
        try:
            for name, (where, flags) in VARIANTS.items():
                source = reference if where == "reference" else ROOT
                servers[name] = start(source, args.data, flags)
            calls = only_kg(kg_calls(next(iter(servers.values()))[0]))
            figures: dict[str, list[dict[str, float]]] = {name: [] for name in servers}
            for base, _ in servers.values():
                wrk_routes.run_mix(base, calls, 2, args.connections)  # warm-up
            for _ in range(args.rounds):
                for name, (base, proc) in servers.items():
                    figures[name].append(measured(proc, base, calls, args))
            report(args, figures, servers)
        finally:
            for _, proc in servers.values():
                proc.terminate()
                proc.wait(timeout=60)
    in_process(Path(args.data))
    return 0


def measured(
    proc: subprocess.Popen[bytes], base: str, calls: list[tuple[str, Any]], args: argparse.Namespace
) -> dict[str, float]:
    """One wrk run, plus the server's CPU time per request: on a shared machine the req/s of a run swings
    with other jobs, while the CPU a request costs the server does not (1 / that is the req/s of a core
    of its own)."""
    cpu = psutil.Process(proc.pid)
    before = sum(cpu.cpu_times()[:2])
    fig = wrk_routes.run_mix(base, calls, args.seconds, args.connections)
    used = sum(cpu.cpu_times()[:2]) - before
    fig["cpu_us"] = 1e6 * used / max(1.0, fig.get("rps", 0.0) * max(1, round(args.seconds)))
    return fig


def report(args: argparse.Namespace, figures: dict[str, list[dict[str, float]]],
           servers: dict[str, tuple[str, subprocess.Popen[bytes]]]) -> None:  # fmt: skip
    load = os.getloadavg()
    runs = f"{args.rounds} rounds x {args.seconds:.0f} s"
    print(f"world {args.data}; reference {args.reference}; KG mix (38 routes), wrk -c{args.connections},"
          f" {runs}, 1 worker each; load average {load[0]:.1f}")  # fmt: skip
    today = statistics.median(f["rps"] for f in figures["today (reference)"])
    today_cpu = statistics.median(f["cpu_us"] for f in figures["today (reference)"])
    heads = ("req/s", "vs today", "CPU us/req", "vs today", "p99 ms", "errors")
    print(f"{'server':22s} " + " ".join(f"{h:>10s}" for h in heads) + "  (rounds: req/s)")
    for name, runs in figures.items():
        rps = statistics.median(f["rps"] for f in runs)
        cpu = statistics.median(f["cpu_us"] for f in runs)
        p99 = statistics.median(f.get("p99", 0.0) for f in runs)
        errors = sum(f["errors"] for f in runs)
        each = " ".join(f"{f['rps']:.0f}" for f in runs)
        print(f"{name:22s} {rps:10.0f} {rps / today:10.3f} {cpu:10.0f} {today_cpu / cpu:10.3f}"
              f" {p99:10.1f} {errors:10.0f}  ({each})")  # fmt: skip
    print("(CPU vs today: the throughput ratio a core of its own would give, today's CPU per request / this)")
    base = servers["metrics on (default)"][0]
    counted = [line for line in httpx.get(f"{base}/metrics").text.splitlines()
               if line.startswith("crag_http_requests_total")]  # fmt: skip
    print(f"(metrics on: {len(counted)} request series after the runs)")


def in_process(world: Path) -> None:
    """The same comparison without sockets or wrk, and the middleware alone (observe_inprocess.py)."""
    import observe_inprocess

    stack = observe_inprocess.measure(world)
    today = stack["today (no layer)"]
    print("in process, the app's whole stack on the KG mix (fastest of 15 batches of 1,000):")
    for name, seconds in stack.items():
        print(f"  {name:22s} {seconds * 1e6:8.1f} us/request  {today / seconds:6.3f} x today's throughput")
    alone = observe_inprocess.overhead()
    bare = alone.pop("nothing in front")
    print("the Operations middleware alone, in front of an app that answers at once (fastest of 30 x 2,000):")
    for name, seconds in alone.items():
        extra = seconds - bare
        print(f"  {name:22s} +{extra * 1e6:6.2f} us/request  = {extra / today:6.1%} of a KG request here")


if __name__ == "__main__":
    sys.exit(main())
