"""How much faster a model that waits (0.3 s a question, as one waiting on an LLM) runs with
`--max-concurrency 8` than with 1, on the tiny world: both runs in the same process, the ratio printed.

    python bench/bench_concurrency.py [--questions 80] [--sleep 0.3] [--in-process]

The default is every question of the tiny world (80), as `crag-eval --data <tiny world>` runs them; a short
run pays the first wave's start-up (the helpers' and the first pages') over few questions: with 24 the ratio
is about 3.7x where 80 give about 5x on the same quiet machine.

The run loop gets what `crag-eval` gives it: the world's key phrases, so the 50 served pages of every
question are scanned for them (the diagnostics), as in a real run. `--in-process` adds the reference of the
same runs with every page fetch made in this process (no fetch helper processes, as before
crag_eval.run.fetcher), in the same run.
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from pathlib import Path
from typing import Any

import crag_eval.run.fetcher as fetcher
from crag_eval.files.questions import load_world_questions
from crag_eval.files.rundir import PredictionLog
from crag_eval.run.fetcher import fetch_processes
from crag_eval.run.runner import Loop, run_batches
from crag_eval.score.diagnostics import RunHooks, load_labels

from mockapi.config.settings import Settings
from mockapi.http.app import create_app
from mockapi.process.loopback import serve_in_thread
from mockapi.world.build import build_world


class Waits:
    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def get_batch_size(self) -> int:
        return 1

    def batch_generate_answer(self, batch: dict[str, list[Any]]) -> list[str]:
        time.sleep(self.seconds)
        return ["i don't know"] * len(batch["query"])


def timed(url: str, world: Path, n: int, seconds: float, concurrency: int) -> float:
    """Wall seconds of one run; prints its CPU per question, in this process and in the fetch helpers
    (CPU time, unlike wall time, is about the same at any load)."""
    questions = load_world_questions(world)[:n]
    with tempfile.TemporaryDirectory() as out:
        log = PredictionLog(Path(out))
        started, here, helpers = time.perf_counter(), cpu(resource.RUSAGE_SELF), cpu(resource.RUSAGE_CHILDREN)
        try:
            hooks = RunHooks(labels=load_labels(str(world), questions))  # as crag-eval's make_hooks
            run_batches(
                Waits(seconds), questions, Loop(url, 3, hooks=hooks, max_concurrency=concurrency), log
            )
        finally:
            log.close()
        wall = time.perf_counter() - started
    here, helpers = cpu(resource.RUSAGE_SELF) - here, cpu(resource.RUSAGE_CHILDREN) - helpers
    shown = f"{1000 * here / n:.0f} ms in this process, {1000 * helpers / n:.0f} ms in fetch helpers"
    print(f"  --max-concurrency {concurrency}: {wall:.2f} s; CPU a question: {shown}")
    return wall


def cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--questions", type=int, default=80)
    parser.add_argument("--sleep", type=float, default=0.3)
    parser.add_argument("--in-process", action="store_true", help="also time fetches without helpers")
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()}; cores: {os.cpu_count()}")
    with tempfile.TemporaryDirectory() as tmp:
        world = Path(tmp) / "tiny"
        build_world("tiny", 0, world)
        with serve_in_thread(create_app(Settings(world=world, task=3))) as url:
            helpers = (fetch_processes(args.questions, 50, 1), fetch_processes(args.questions, 50, 8))
            print(f"fetch helper processes: {helpers[0]} and {helpers[1]}")
            one = timed(url, world, args.questions, args.sleep, 1)
            eight = timed(url, world, args.questions, args.sleep, 8)
            if args.in_process:
                print("fetches in-process (the reference: as before the helpers):")
                fetcher.MIN_QUESTIONS = args.questions + 1
                one_here = timed(url, world, args.questions, args.sleep, 1)
                eight_here = timed(url, world, args.questions, args.sleep, 8)
    print(f"{args.questions} questions, {args.sleep:g} s each, Task 3 (50 pages fetched per question)")
    print(f"--max-concurrency 1: {one:.2f} s   --max-concurrency 8: {eight:.2f} s   ratio {one / eight:.2f}x")
    if args.in_process:
        ratio = one_here / eight_here
        print(f"fetches in-process: {one_here:.2f} s and {eight_here:.2f} s   ratio {ratio:.2f}x")
    print(f"load average at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
