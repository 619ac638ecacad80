"""Scale-out through the reference front door: the KG + web mix through nginx (deploy/nginx) over 1, 2 and 4
`crag-mock serve` replicas, beside the same mix straight to one replica, on this machine.

    python bench/bench_scaleout.py [--data WORLD] [--seconds 10] [--rounds 2] [--connections 64]
                                   [--write-docs]

Starts four replicas (one worker each) and three nginx instances rendered from deploy/nginx (one per
replica count; the team limits set out of reach, since this measures capacity, not quotas), then runs wrk
(`apt-get install wrk`) on the mix (/meta's try-it bodies: the 38 KG routes, /web/search, /web/get_page,
round-robin) with an API key, one target at a time, in interleaved rounds. Prints a Markdown table;
`--write-docs` puts it in docs/deploy.md between the `scaleout` markers. Figures only. Replicas on one
machine share its cores: past the number of cores, more replicas add processes, not capacity.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "deploy"))
import wrk_routes
from bench_server import kg_calls
from front_door_rig import ROOT, front_door, nginx_binary, replicas

DOCS = ROOT / "docs" / "deploy.md"
START, END = "<!-- scaleout:start -->", "<!-- scaleout:end -->"
KEY = "bench-key"
UNLIMITED = {"CRAG_TEAM_RATE": "1000000r/s", "CRAG_TEAM_BURST": "1000000", "CRAG_TEAM_CONNECTIONS": "60000"}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", default=str(Path(os.environ.get("CRAG_MOCK_HOME", "/tmp")) / "default"))
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--write-docs", action="store_true", help="put the table in docs/deploy.md")
    args = parser.parse_args()
    if not wrk_routes.have_wrk() or nginx_binary() is None:
        raise SystemExit("bench_scaleout.py needs wrk and nginx (apt-get install wrk nginx)")
    world = Path(args.data)
    if not (world / "manifest.json").is_file():
        raise SystemExit(f"no world at {world}: crag-mock build --data {world}")
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        servers = stack.enter_context(replicas(world, 4))
        # wrk builds the requests before it knows the host, and nginx refuses HTTP/1.1 without a Host
        host = {"Host": "127.0.0.1"}
        targets: dict[str, tuple[str, dict[str, str]]] = {"direct, 1 replica": (servers[0].base, host)}
        for n in (1, 2, 4):
            door = stack.enter_context(
                front_door(Path(tmp) / f"n{n}", [s.port for s in servers[:n]], {KEY: "bench"}, **UNLIMITED)
            )
            name = f"nginx, {n} replica{'s' if n > 1 else ''}"
            targets[name] = (door.base, {**host, "Authorization": f"Bearer {KEY}"})
        calls = kg_calls(servers[0].base)
        for base, headers in targets.values():
            wrk_routes.run_mix(base, calls, 2, args.connections, headers=headers)  # warm-up
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in targets}
        for _ in range(args.rounds):
            for name, (base, headers) in targets.items():
                runs[name].append(
                    wrk_routes.run_mix(base, calls, args.seconds, args.connections, headers=headers)
                )
        table = render(args, world, runs, len(calls))
    print(table)
    if args.write_docs:
        write_docs(table)
        print(f"written to {DOCS.relative_to(ROOT)}")
    return 0


def render(
    args: argparse.Namespace, world: Path, runs: dict[str, list[dict[str, float]]], n_calls: int
) -> str:
    direct = statistics.median(f.get("rps", 0.0) for f in runs["direct, 1 replica"])
    manifest: dict[str, Any] = json.loads((world / "manifest.json").read_text())
    load = os.getloadavg()[0]
    what = f"the {manifest.get('scale')} world (seed {manifest.get('seed')})"
    lines = [
        f"Measured {time.strftime('%Y-%m-%d')} with `python bench/bench_scaleout.py` on {what},"
        f" {os.cpu_count()} cores shared with other jobs (load average {load:.1f}); the mix of {n_calls}"
        f" requests (38 KG routes, /web/search, /web/get_page), wrk -c{args.connections},"
        f" {args.rounds} x {args.seconds:.0f} s per row (median), one worker per replica.",
        "",
        "| path | req/s | vs direct | p50 ms | p99 ms | errors |",
        "|---|---|---|---|---|---|",
    ]
    for name, figures in runs.items():
        rps = statistics.median(f.get("rps", 0.0) for f in figures)
        p50 = statistics.median(f.get("p50", 0.0) for f in figures)
        p99 = statistics.median(f.get("p99", 0.0) for f in figures)
        errors = sum(f["errors"] for f in figures)
        lines.append(f"| {name} | {rps:.0f} | {rps / direct:.2f} | {p50:.1f} | {p99:.1f} | {errors:.0f} |")
    return "\n".join(lines)


def write_docs(table: str) -> None:
    text = DOCS.read_text()
    start, end = text.index(START) + len(START), text.index(END)
    DOCS.write_text(text[:start] + "\n" + table + "\n" + text[end:])


if __name__ == "__main__":
    sys.exit(main())
