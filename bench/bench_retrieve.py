"""Throughput of `POST /retrieve` (Search-R1's protocol): one training batch of 2,560 queries in one request,
beside the same queries sent one request each (the reference, measured in the same run), over loopback HTTP
against the real server (uvicorn, one process).

    .venv/bin/python bench/bench_retrieve.py [--data WORLD] [--batch 2560] [--topk 3] [--rounds 3]

Without --data: the default world (`$CRAG_MOCK_HOME/default`; build it first with
`crag-mock build --scale default`). A world built before the passage index gets one first (timed).
Queries are the world's question texts, each with one word dropped in turn when the batch needs more of them
than the world has (the tiny world repeats them). Prints queries/s of each way, errors, and the ratio.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

import duckdb
import httpx

from mockapi.core.paths import QUESTIONS_DB, world_dir
from mockapi.process.loopback import serve_in_thread


def batch_of(world: Path, size: int) -> list[str]:
    """`size` queries from the world's questions: their texts, then each with one word dropped in turn, then
    (a small world) the same again from the start."""
    con = duckdb.connect(str(world / QUESTIONS_DB), read_only=True)
    try:
        texts = [q for (q,) in con.execute("SELECT query FROM questions ORDER BY ord").fetchall()]
    finally:
        con.close()
    out: dict[str, None] = dict.fromkeys(texts)
    longest = max(len(text.split()) for text in texts)
    for drop in range(longest):
        if len(out) >= size:
            break
        for text in texts:
            words = text.split()
            if len(words) > drop + 1:
                out.setdefault(" ".join(words[:drop] + words[drop + 1 :]), None)
    distinct = list(out)
    return [distinct[i % len(distinct)] for i in range(size)]


def ensure_passages(world: Path) -> None:
    from mockapi.core.pipe_pool import build_workers
    from mockapi.retrieve.build import build_passage_index, read_info

    if read_info(world) is None:
        started = time.perf_counter()
        info = build_passage_index(world, build_workers())
        print(f"passage index built: {info['passages']:,} passages in {time.perf_counter() - started:.1f} s")


def one_batch(base: str, queries: list[str], topk: int) -> tuple[float, int]:
    """Seconds for the whole batch in one request, and the errors (missing or malformed answers)."""
    started = time.perf_counter()
    answer = httpx.post(f"{base}/retrieve", json={"queries": queries, "topk": topk}, timeout=300)
    elapsed = time.perf_counter() - started
    if answer.status_code != 200:
        return elapsed, len(queries)
    result = answer.json()["result"]
    return elapsed, len(queries) - sum(1 for hits in result if isinstance(hits, list))


def one_by_one(base: str, queries: list[str], topk: int) -> tuple[float, int]:
    """Seconds for the same queries, one request each (one keep-alive connection), and the errors."""
    errors = 0
    started = time.perf_counter()
    with httpx.Client(base_url=base, timeout=60) as client:
        for query in queries:
            errors += client.post("/retrieve", json={"query": query, "topk": topk}).status_code != 200
    return time.perf_counter() - started, errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, help="world directory (default: the default world)")
    parser.add_argument("--batch", type=int, default=2560)
    parser.add_argument("--topk", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3, help="batched rounds (the median is reported)")
    args = parser.parse_args()
    world = world_dir(args.data)
    ensure_passages(world)
    queries = batch_of(world, args.batch)
    from mockapi.config.settings import Settings
    from mockapi.http.app import create_app

    print(f"world {world}, {len(queries):,} queries, topk {args.topk}, {os.cpu_count()} cores")
    with serve_in_thread(create_app(Settings(world=world))) as base:
        one_batch(base, queries[:64], args.topk)  # warm: page cache, searcher, thread pool
        rounds = [one_batch(base, queries, args.topk) for _ in range(args.rounds)]
        single, single_errors = one_by_one(base, queries, args.topk)
    batched = statistics.median(seconds for seconds, _ in rounds)
    errors = sum(e for _, e in rounds)
    print(
        f"one request of {len(queries):,}: {batched:6.2f} s  {len(queries) / batched:8.0f} queries/s  "
        f"errors {errors} (over {args.rounds} rounds)"
    )
    print(
        f"one request each:      {single:6.2f} s  {len(queries) / single:8.0f} queries/s  "
        f"errors {single_errors}"
    )
    print(f"batched / one each: {single / batched:.1f}x")


if __name__ == "__main__":
    main()
