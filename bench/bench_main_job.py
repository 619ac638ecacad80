"""The README's main job, `crag-eval --task 3 --model baseline` on the default world (build included), with
its CPU and wall time split by phase:

- build: the world build, per stage (its own process and any workers it starts);
- per run: the page fetches made in the run's own process (HTTP receive, JSON decode, key-phrase scan; for
  a Task 3 run of 20+ questions only the wait for, and the copy from, the fetch helper), the fetch helper
  processes (crag_eval.run.fetcher), the model, the in-process server's thread, and judging + scoring +
  reports;
  "other" is the rest of the process (reading the helpers' results, writing predictions, the run loop).

The reference in the same run is the `dummy` model over the same questions (everything but the model), so
`baseline − dummy` is what the model itself costs; the load average is printed at start and end.

    python bench/bench_main_job.py                          # default world, built fresh (minutes)
    python bench/bench_main_job.py --world DIR              # an already built world: no build phase
    python bench/bench_main_job.py --scale tiny --limit 40  # quick look
    python bench/bench_main_job.py --world DIR --workers 1,2  # the baseline run on 1 then 2 processes

With `--workers 1,2` the baseline run (the real `baseline`, no phase clocks: its work is in the worker
processes) is made once per count over the same questions, and the speed-up of each over the first is
printed, with a check that their predictions are identical. One worker fetches through a helper process
beside it; workers that fill the cores fetch in their own processes (crag_eval.run.fetcher), so compare the
CPU as well as the wall: on a loaded machine the wall is the scheduler's share of it.

Prints figures; never pass/fail.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import crag_eval.run.fetcher as fetcher
import crag_eval.run.server as server_mod
import crag_eval.score.scoring as scoring
from crag_eval.files.rundir import read_scores
from crag_eval.models.baseline import BaselineModel
from crag_eval.models.simple import DummyModel
from crag_eval.run.evaluate import RunConfig, evaluate

from mockapi.world.build import build_world

PHASES = ("fetch", "helpers", "model", "server", "scoring")


class Clock:
    """CPU seconds per phase, each taken with the thread's own CPU clock in the thread that does the work."""

    def __init__(self) -> None:
        self.cpu: dict[str, float] = dict.fromkeys(PHASES, 0.0)
        self.wall: dict[str, float] = dict.fromkeys(PHASES, 0.0)
        self.lock = threading.Lock()

    @contextlib.contextmanager
    def phase(self, name: str) -> Iterator[None]:
        cpu, wall = time.thread_time(), time.perf_counter()
        try:
            yield
        finally:
            with self.lock:
                self.cpu[name] += time.thread_time() - cpu
                self.wall[name] += time.perf_counter() - wall


CLOCK = Clock()


class TimedBaseline(BaselineModel):
    def batch_generate_answer(self, batch: dict[str, list[Any]]) -> list[str]:
        with CLOCK.phase("model"):
            return super().batch_generate_answer(batch)


class TimedDummy(DummyModel):
    def batch_generate_answer(self, batch: dict[str, list[Any]]) -> list[str]:
        with CLOCK.phase("model"):
            return super().batch_generate_answer(batch)


def instrument() -> None:
    """Wrap the harness's phases with the clock (this bench only; the code under test is unchanged)."""
    fetch, score = fetcher.Ticket.pages, scoring.score_run
    serve = server_mod.serve_in_thread

    def timed_fetch(self: Any, *args: Any, **kwargs: Any) -> Any:
        with CLOCK.phase("fetch"):
            return fetch(self, *args, **kwargs)

    def timed_score(*args: Any, **kwargs: Any) -> Any:
        with CLOCK.phase("scoring"):
            return score(*args, **kwargs)

    @contextlib.contextmanager
    def timed_serve(app: Any, **kwargs: Any) -> Iterator[str]:
        with serve(app, **kwargs) as url:
            thread = next(t for t in threading.enumerate() if t.name == "crag-mock")
            clock = time.pthread_getcpuclockid(thread.ident or 0)
            cpu, wall = time.clock_gettime(clock), time.perf_counter()
            try:
                yield url
            finally:  # read before the thread ends: its CPU clock goes with it
                CLOCK.cpu["server"] += time.clock_gettime(clock) - cpu
                CLOCK.wall["server"] += time.perf_counter() - wall

    fetcher.Ticket.pages = timed_fetch
    scoring.score_run = timed_score
    server_mod.serve_in_thread = timed_serve


def cpu_now() -> float:
    """CPU seconds of this process and its waited-for children (build workers, fetch helpers)."""
    return cpu_of(resource.RUSAGE_SELF) + cpu_of(resource.RUSAGE_CHILDREN)


def cpu_of(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def build_timed(scale: str, target: Path) -> tuple[float, float, dict[str, tuple[float, float]]]:
    """Build the world; (cpu, wall, {stage: (cpu, wall)})."""
    marks: list[tuple[str, float, float]] = []
    cpu0, wall0 = cpu_now(), time.perf_counter()
    build_world(scale, 0, target, lambda msg: marks.append((msg, cpu_now(), time.perf_counter())))
    cpu1, wall1 = cpu_now(), time.perf_counter()
    steps: dict[str, tuple[float, float]] = {}
    ends = [*marks[1:], ("end", cpu1, wall1)]
    for (name, c0, w0), (_next, c1, w1) in zip(marks, ends, strict=True):
        stage = "kg" if name.startswith(("kg:", "serving:")) else name.split(":")[0]
        c, w = steps.get(stage, (0.0, 0.0))
        steps[stage] = (c + c1 - c0, w + w1 - w0)
    return cpu1 - cpu0, wall1 - wall0, steps


def run_timed(
    model: str, world: Path, out: Path, limit: int | None, workers: int | None = None
) -> dict[str, Any]:
    """One crag-eval run; its total CPU and wall and the per-phase clocks."""
    global CLOCK
    CLOCK = Clock()
    cpu0, wall0, kids0 = cpu_now(), time.perf_counter(), cpu_of(resource.RUSAGE_CHILDREN)
    config = RunConfig(task=3, model=model, data=str(world), output=str(out), limit=limit, workers=workers)
    run_dir = evaluate(config, say=lambda _msg: None, progress=False)
    cpu, wall = cpu_now() - cpu0, time.perf_counter() - wall0
    CLOCK.cpu["helpers"] = cpu_of(resource.RUSAGE_CHILDREN) - kids0
    scores = read_scores(run_dir)
    score_a = scores.primary_score.score_a if scores and scores.primary_score else None
    return {"cpu": cpu, "wall": wall, "phases": CLOCK, "score_a": score_a, "run": run_dir}


def compare_workers(counts: list[int], world: Path, root: Path, limit: int | None) -> None:
    """The baseline run once per worker count; wall, CPU and the speed-up of each over the first."""
    runs = {n: run_timed("baseline", world, root / f"workers-{n}", limit, workers=n) for n in counts}
    first = runs[counts[0]]
    same = {n: predictions(r["run"]) == predictions(first["run"]) for n, r in runs.items()}
    for n, r in runs.items():
        print(
            f"workers {n}: wall {r['wall']:7.1f} s  cpu {r['cpu']:7.1f} s  Score_a {r['score_a']}"
            f"  speed-up over {counts[0]}: x{first['wall'] / r['wall']:.2f}"
            f"  predictions identical: {same[n]}"
        )


def predictions(run: Path) -> list[tuple[str, str]]:
    """(interaction_id, prediction) of a run, in file order."""
    lines = (run / "predictions.jsonl").read_text(encoding="utf-8").splitlines()
    return [(row["interaction_id"], row["prediction"]) for row in map(json.loads, lines)]


def show_run(name: str, r: dict[str, Any]) -> None:
    clock: Clock = r["phases"]
    own = clock.cpu
    parts = "  ".join(f"{p} {own[p]:6.1f}" for p in PHASES)
    rest = r["cpu"] - sum(own.values())
    head = f"{name:9s} cpu {r['cpu']:7.1f} s  wall {r['wall']:7.1f} s"
    print(f"{head}   cpu by phase: {parts}  other {rest:6.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--world", type=Path, help="an already built world (skips the build phase)")
    parser.add_argument("--scale", default="default", help="scale to build when no --world (default)")
    parser.add_argument("--limit", type=int, help="a stratified sample of N questions (default: all)")
    parser.add_argument("--no-dummy", action="store_true", help="skip the dummy-model reference run")
    parser.add_argument("--workers", help="e.g. 1,2: the baseline run on each count of processes, compared")
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()}; cores: {os.cpu_count()}")
    instrument()
    root = Path(tempfile.mkdtemp(prefix="bench-main-job-"))
    try:
        world = args.world
        build = None
        if world is None:
            world = root / args.scale
            build = build_timed(args.scale, world)
            steps = "  ".join(f"{k} {c:.1f}/{w:.1f}" for k, (c, w) in build[2].items())
            print(f"build     cpu {build[0]:7.1f} s  wall {build[1]:7.1f} s   stages cpu/wall s: {steps}")
        if args.workers:
            compare_workers([int(n) for n in args.workers.split(",")], world, root, args.limit)
            return
        runs = {}
        if not args.no_dummy:
            runs["dummy"] = run_timed("__main__:TimedDummy", world, root / "dummy", args.limit)
            show_run("dummy", runs["dummy"])
        runs["baseline"] = run_timed("__main__:TimedBaseline", world, root / "baseline", args.limit)
        show_run("baseline", runs["baseline"])
        base = runs["baseline"]
        if "dummy" in runs:
            d = runs["dummy"]
            print(f"baseline − dummy (the model's own cost): cpu {base['cpu'] - d['cpu']:.1f} s")
        if build is not None:
            total_cpu, total_wall = build[0] + base["cpu"], build[1] + base["wall"]
            print(f"main job (build + baseline run): cpu {total_cpu:.1f} s  wall {total_wall:.1f} s")
        print("Score_a: " + "  ".join(f"{k} {r['score_a']}" for k, r in runs.items()))
    finally:
        shutil.rmtree(root, ignore_errors=True)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"load average at end: {os.getloadavg()}; peak RSS {peak:,.0f} MB")


if __name__ == "__main__":
    main()
