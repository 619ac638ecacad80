"""Latency of free-text `/web/search` over a world's corpus, with and without HTML, over loopback HTTP.

    .venv/bin/python bench/bench_web_search.py [--data WORLD] [--rounds N] [--k 50]

Without --data the real 10-question CRAG fixture is imported into a temp dir first. Queries are the world's
question texts minus their last word (so they miss the exact-text frozen lookup and go to full-text search).
Prints p50/p99 per mode; also frozen lookups by interaction id, for comparison.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import duckdb
import httpx
from fastapi import FastAPI

from mockapi.process.loopback import serve_in_thread

FIXTURE = Path("/work/shared/fixtures/crag_dev_10.jsonl.bz2")


def make_app(world: Path) -> FastAPI:
    """The real server app (its lifespan, run by uvicorn, opens the stores)."""
    from mockapi.config.settings import Settings
    from mockapi.http.app import create_app

    return create_app(Settings(world=world))


def questions(world: Path) -> list[tuple[str, str, str]]:
    con = duckdb.connect(str(world / "pages.duckdb"), read_only=True)
    try:
        rows = con.execute("SELECT interaction_id, query, query_time FROM queries ORDER BY interaction_id")
        return [(str(a), str(b), str(c)) for a, b, c in rows.fetchall()]
    finally:
        con.close()


def timed(call: Callable[[], Any], times: list[float]) -> Any:
    started = time.perf_counter()
    result = call()
    times.append((time.perf_counter() - started) * 1000)
    return result


def report(label: str, times: list[float], sizes: list[int]) -> None:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    print(
        f"{label:<34} n={len(times):>5}  p50={statistics.median(times):8.1f} ms  p99={p99:8.1f} ms  "
        f"mean body={statistics.mean(sizes) / 1e3:9.1f} KB"
    )


def run(world: Path, rounds: int, k: int, limit: int) -> None:
    qs = questions(world)
    print(f"world {world}: {len(qs)} questions, timing the first {min(limit, len(qs))} by id")
    qs = qs[:limit]
    with serve_in_thread(make_app(world)) as url, httpx.Client(base_url=url, timeout=120) as http:
        modes: list[tuple[str, Callable[[str, str, str], dict[str, Any]]]] = [
            ("free text, no html", lambda _i, q, t: {"query": _cut(q), "k": k, "include_html": False}),
            ("free text, html", lambda _i, q, t: {"query": _cut(q), "k": k}),
            ("free text + query_time, no html", lambda _i, q, t: {"query": _cut(q), "k": k, "query_time": t,
                                                                  "include_html": False}),
            ("frozen by id, no html", lambda i, _q, _t: {"interaction_id": i, "include_html": False}),
            ("frozen by id, html", lambda i, _q, _t: {"interaction_id": i}),
        ]  # fmt: skip
        for label, body in modes:
            times: list[float] = []
            sizes: list[int] = []
            for _ in range(rounds):
                for qid, query, query_time in qs:
                    payload = body(qid, query, query_time)
                    response = timed(partial(http.post, "/web/search", json=payload), times)
                    response.raise_for_status()
                    sizes.append(len(response.content))
            report(label, times, sizes)


def _cut(query: str) -> str:
    return query.rsplit(" ", 1)[0] if " " in query else query + " page"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, help="world directory (default: import the CRAG fixture)")
    parser.add_argument("--rounds", type=int, default=20, help="passes over the question set")
    parser.add_argument("--k", type=int, default=50)
    parser.add_argument("--limit", type=int, default=200, help="questions used per round")
    args = parser.parse_args()
    if args.data:
        run(args.data, args.rounds, args.k, args.limit)
        return
    from mockapi.importers.dataset import import_dataset

    with tempfile.TemporaryDirectory() as tmp:
        world = Path(tmp) / "world"
        import_dataset([FIXTURE], world)
        run(world, args.rounds, args.k, args.limit)


if __name__ == "__main__":
    main()
