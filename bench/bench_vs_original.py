"""Per-route req/s of the original CRAG mock server and ours on the same generated CRAG-format KG.

    .venv/bin/python bench/bench_vs_original.py --original /path/to/CRAG [--open 300000] [--work DIR]
        [--duration 5] [--connections 8] [--routes issue|all] [--reuse]

The original runs from its own checkout with its own venv (CRAG_ORIGINAL_DIR / --original; see
tests/original/original_server.py), ours is `crag-mock import-kg` then `crag-mock serve --search original`;
one process each, one server at a time. Load: wrk (-t1 -c8 by default) with a Lua script cycling through
each route's bodies; without wrk, an in-repo asyncio+httpx loop (far slower: compare ratios only).
Prints the req/s table (original, ours, ours/original), the geometric mean, start-up seconds (spawn until
GET / answers) and RSS after the load. Figures only, never pass/fail.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "original"))
sys.path.insert(0, str(ROOT / "bench"))

from bench_server import free_port  # noqa: E402
from compare_answers import compare, record  # noqa: E402
from load_loop import have_wrk, run_load, settle  # noqa: E402
from original_kg import request_bodies, write_kg  # noqa: E402
from original_server import (  # noqa: E402
    Original,
    locate,
    start_original,
    start_ours,
    stop,
    wait_ready,
    write_pandas_pickles,
)

ISSUE_ROUTES = [
    "/open/search_entity_by_name", "/open/get_entity", "/movie/get_movie_info", "/finance/get_price_history",
    "/finance/get_detailed_price_history", "/finance/get_info", "/finance/get_market_capitalization",
    "/music/search_artist_entity_by_name", "/music/grammy_get_best_artist_by_year",
    "/sports/nba/get_games_on_date",
]  # fmt: skip


def rss_mb(pid: int) -> float:
    """RSS of `pid` and its children (crag-mock serve may run uvicorn in a child)."""
    total = 0
    for p in [pid, *_children(pid)]:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def _children(pid: int) -> list[int]:
    try:
        kids = [int(k) for k in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
    return kids + [g for k in kids for g in _children(k)]


def prepare(args: argparse.Namespace, original: Original) -> tuple[Path, Path, dict[str, list[Any]]]:
    work = Path(args.work)
    kg, world, data_file = work / "cragkg", work / "world", work / "bodies.json"
    if args.reuse and args.reimport:
        import_ours(kg, world)
    if not (args.reuse and data_file.is_file()):
        shutil.rmtree(kg, ignore_errors=True)
        started = time.perf_counter()
        data = write_kg(kg, args.open)
        write_pandas_pickles(original, kg)
        print(
            f"generated {kg} ({args.open:,} open entities) in {time.perf_counter() - started:.0f} s",
            flush=True,
        )
        bodies = request_bodies(data)
        import_ours(kg, world)
        data_file.write_text(json.dumps(bodies, ensure_ascii=False))
    return kg, world, json.loads(data_file.read_text())


def import_ours(kg: Path, world: Path) -> None:
    shutil.rmtree(world, ignore_errors=True)
    started = time.perf_counter()
    crag_mock = Path(sys.executable).parent / "crag-mock"
    subprocess.run([str(crag_mock), "import-kg", str(kg), "--data", str(world), "--quiet"], check=True)
    print(f"imported into {world} in {time.perf_counter() - started:.0f} s", flush=True)


def baseline_world(args: argparse.Namespace, kg: Path) -> Path:
    """`kg` imported by the --baseline-src code (once; reused after)."""
    world = Path(args.work) / "world-baseline"
    if not (world / "manifest.json").is_file():
        cmd = [sys.executable, "-m", "mockapi.cli", "import-kg", str(kg), "--data", str(world), "--quiet"]
        # cwd: `python -m` puts the working directory first on sys.path, ahead of PYTHONPATH, so run from the
        # old tree (from this checkout, "before" silently measured the current code)
        env = {**os.environ, "PYTHONPATH": args.baseline_src}
        subprocess.run(cmd, check=True, env=env, cwd=args.baseline_src)
    return world


def start_baseline(args: argparse.Namespace, world: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "mockapi.cli", "serve", "--data", str(world), "--port", str(port)]
    with log.open("wb") as out:
        env = {**os.environ, "PYTHONPATH": args.baseline_src}
        return subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=args.baseline_src)


def measure(name: str, start: Callable[[int, Path], subprocess.Popen[bytes]], routes: dict[str, list[Any]],
            args: argparse.Namespace) -> dict[str, Any]:  # fmt: skip
    port = free_port()
    log = Path(args.work) / f"{name}.log"
    spawned = time.perf_counter()
    process = start(port, log)
    try:
        startup = wait_ready(f"http://127.0.0.1:{port}/", process, timeout=1800)
        startup = time.perf_counter() - spawned
        rss_start = rss_mb(process.pid)
        print(f"{name}: up in {startup:.2f} s, RSS {rss_start:.0f} MB", flush=True)
        if name != "baseline" and not args.route:  # a partial re-run keeps the recorded answers
            record(f"http://127.0.0.1:{port}", routes, Path(args.work) / f"{name}-answers.json")
        if args.answers_only:
            return {}
        rates: dict[str, dict[str, float]] = {}
        for route, bodies in routes.items():
            settle(f"http://127.0.0.1:{port}")
            rates[route] = run_load(
                f"http://127.0.0.1:{port}{route}", bodies, args.duration, args.connections
            )
            print(
                f"  {route:<48} {rates[route]['rps']:>9.0f} req/s  non-2xx {rates[route]['errors']:.0f}",
                flush=True,
            )
        return {
            "startup_s": startup,
            "rss_start_mb": rss_start,
            "rss_after_mb": rss_mb(process.pid),
            "routes": rates,
        }
    finally:
        stop(process)


def report(results: dict[str, Any], loader: str) -> str:
    """The table: original, [before,] ours and the ratios to the original; then the summary lines."""
    original, ours, before = results["original"], results["ours"], results.get("baseline")
    head = "| route | original req/s |" + (" before req/s | before/original |" if before else "")
    lines = [head + " ours req/s | ours/original |", "|---" * (5 if before else 3) + "|---|"]
    ratios: dict[str, list[float]] = {"ours": [], "baseline": []}
    for route, theirs in original["routes"].items():
        row = f"| {route} | {theirs['rps']:,.0f} |"
        for key, result in (("baseline", before), ("ours", ours)):
            if result is None or route not in result["routes"]:
                continue
            mine = result["routes"][route]["rps"]
            ratio = mine / theirs["rps"] if theirs["rps"] else float("nan")
            ratios[key].append(ratio)
            row += f" {mine:,.0f} | {f'**{ratio:.2f}**' if ratio < 0.9 else f'{ratio:.1f}'} |"
        lines.append(row)
    lines.append("")
    for key, result in (("baseline", before), ("ours", ours)):
        if result is None:
            continue
        finite = [r for r in ratios[key] if math.isfinite(r) and r > 0]
        geo = math.exp(sum(map(math.log, finite)) / len(finite)) if finite else float("nan")
        label = "before" if key == "baseline" else "ours"
        rss, rss_original = result["rss_after_mb"], original["rss_after_mb"]
        lines.append(
            f"{label}: geometric mean {geo:.2f} over {len(finite)} routes; "
            f"start-up {result['startup_s']:.2f} s (original {original['startup_s']:.1f} s); "
            f"RSS after load {rss:.0f} MB (original {rss_original:.0f} MB, {rss_original / rss:.1f}x)."
        )
    return "\n".join([*lines, f"Load: {loader}; one process each, one server at a time."])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--original", default=os.environ.get("CRAG_ORIGINAL_DIR"), help="CRAG checkout (its venv in .venv)"
    )
    parser.add_argument("--open", type=int, default=300_000, help="open entities (default 300000)")
    parser.add_argument("--work", default="/tmp/crag-vs-original", help="where the KG, world and logs go")
    parser.add_argument("--duration", type=float, default=5.0, help="seconds of load per route (default 5)")
    parser.add_argument("--connections", type=int, default=8, help="concurrent connections (default 8)")
    parser.add_argument(
        "--routes", choices=("issue", "all"), default="all", help="the issue's 10 routes or all 38"
    )
    parser.add_argument("--reuse", action="store_true", help="reuse the KG and world already in --work")
    parser.add_argument("--route", action="append", help="measure only this route (repeatable)")
    parser.add_argument("--answers-only", action="store_true", help="record the answers, measure nothing")
    parser.add_argument(
        "--reimport", action="store_true", help="with --reuse: import the KG again (new code)"
    )
    parser.add_argument(
        "--only",
        choices=("both", "original", "ours", "baseline"),
        default="both",
        help="which servers to run (both: original, ours and the baseline if given); results accumulate",
    )
    parser.add_argument(
        "--baseline-src", help="source tree of an earlier version (git archive COMMIT) measured as 'before'"
    )
    args = parser.parse_args()
    original = locate(args.original)
    if isinstance(original, str):
        sys.exit(f"bench_vs_original: {original}")
    Path(args.work).mkdir(parents=True, exist_ok=True)
    kg, world, bodies = prepare(args, original)
    routes = {r: b for r, b in bodies.items() if args.routes == "all" or r in ISSUE_ROUTES}
    if args.route:
        routes = {r: b for r, b in routes.items() if r in args.route}
    wrk = f"wrk -t1 -c{args.connections}, {args.duration:.0f} s per route"
    loader = wrk if have_wrk() else "asyncio+httpx loop (no wrk)"
    results_file = Path(args.work) / "results.json"
    results = json.loads(results_file.read_text()) if results_file.is_file() else {}
    starters: dict[str, Callable[[int, Path], subprocess.Popen[bytes]]] = {
        "original": lambda port, log: start_original(original, kg, port, log),
        "ours": lambda port, log: start_ours(world, port, log),
    }
    if args.baseline_src:
        old = baseline_world(args, kg)
        starters["baseline"] = lambda port, log: start_baseline(args, old, port, log)
    for name, start in starters.items():
        if args.only in (name, "both"):
            measured = measure(name, start, routes, args)
            if measured and args.route and name in results:  # a re-measured route replaces its figure
                results[name]["routes"].update(measured["routes"])
            elif measured:  # --answers-only measures nothing: keep the earlier figures
                results[name] = measured
    results_file.write_text(json.dumps(results, indent=1))
    if "original" in results and "ours" in results:
        print(f"\n{args.open:,} open entities, {os.cpu_count()} CPUs\n" + report(results, loader))
    work = Path(args.work)
    if (work / "original-answers.json").is_file() and (work / "ours-answers.json").is_file():
        print(compare(work, world, routes))


if __name__ == "__main__":
    main()
