"""Peak memory of a world build, per stage and per process (the build vs its helpers), at several sizes.

    python bench/bench_build_memory.py --questions 400,1600            # train worlds on the default KG
    python bench/bench_build_memory.py --questions 400 --keep /tmp/w   # keep the worlds

Each size is one `crag-mock build --split train --questions N` in a subprocess; this process samples /proc
every 0.2 s: the resident set of the build process and of each helper below it, attributed to the step the
build printed last. Printed per size: peak RSS of the build process and of the largest helper (and of all
helpers at once) per stage, the whole tree's peak, wall and CPU; then, across sizes, how each stage's peak
grows per 1,000 questions. Figures only, never pass/fail. /proc sampling misses a peak shorter than the
interval; `/usr/bin/time -v` beside it gives the kernel's exact peak of the largest single process.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")
STEP = re.compile(r"^\d+:\d\d(?::\d\d)? (?P<msg>.+?)(?: · .*)?$")


@dataclass
class Peaks:
    """Peak RSS in MB per stage: of the build process, its largest helper, all helpers, the whole tree."""

    parent: dict[str, float] = field(default_factory=dict)
    helper: dict[str, float] = field(default_factory=dict)
    helpers: dict[str, float] = field(default_factory=dict)
    tree: dict[str, float] = field(default_factory=dict)

    def add(self, stage: str, parent: float, helpers: list[float]) -> None:
        for table, value in (
            (self.parent, parent),
            (self.helper, max(helpers, default=0.0)),
            (self.helpers, sum(helpers)),
            (self.tree, parent + sum(helpers)),
        ):
            table[stage] = max(table.get(stage, 0.0), value)


def rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * PAGE / 1e6
    except (OSError, IndexError, ValueError):
        return 0.0


def children(pid: int) -> list[int]:
    """Every descendant of `pid` (the helpers are the build's children)."""
    found: list[int] = []
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/task/{p}/children") as f:
                kids = [int(c) for c in f.read().split()]
        except OSError:
            kids = []
        found.extend(kids)
        todo.extend(kids)
    return found


def stage_of(message: str) -> str:
    """A progress message's stage, with counts cut ("pages: question 300/1,200" -> "pages: question")."""
    name = re.sub(r"\s*\d[\d,]*/\d[\d,]*$", "", message)
    return "kg: domains" if name.startswith("kg: ") and "helpers" in name else name


def build(questions: int, world: Path, jobs: int, scale: str) -> tuple[Peaks, float, float, str]:
    """One build, sampled (a train world of `questions`, or the scale's own world when 0); returns its
    peaks, wall s, CPU s and the content hash line."""
    cmd = [sys.executable, "-m", "mockapi.cli", "build", "--scale", scale, "--data", str(world)]
    cmd += ["--jobs", str(jobs)]
    if questions:
        cmd += ["--split", "train", "--questions", str(questions)]
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    stage = ["start"]

    def read_steps() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            m = STEP.match(line.strip())
            if m:
                stage[0] = stage_of(m.group("msg"))

    reader = threading.Thread(target=read_steps, daemon=True)
    reader.start()
    peaks = Peaks()
    while proc.poll() is None:
        peaks.add(stage[0], rss_mb(proc.pid), [rss_mb(c) for c in children(proc.pid)])
        time.sleep(0.2)
    assert proc.stdout is not None
    lines = proc.stdout.read().splitlines()
    reader.join(5)
    wall = time.perf_counter() - started
    cpu = _children_cpu()
    if proc.returncode:
        raise SystemExit(f"build of {questions} questions failed ({proc.returncode})")
    digest = next((ln.strip() for ln in lines if "content hash" in ln.lower()), "")
    return peaks, wall, cpu, digest


_CPU_SEEN = [0.0]


def _children_cpu() -> float:
    """CPU s of the reaped builds (and their helpers) since the last call."""
    ru = os.times()
    total = ru.children_user + ru.children_system
    spent, _CPU_SEEN[0] = total - _CPU_SEEN[0], total
    return spent


def show(n: int, peaks: Peaks, wall: float, cpu: float, digest: str) -> None:
    print(
        f"\n== {n or 'the scale'!s} questions: wall {wall:.0f} s, CPU {cpu:.0f} s, "
        f"tree peak {max(peaks.tree.values()):.0f} MB"
    )
    print(f"   {digest}")
    print(f"   {'stage':<28}{'build MB':>10}{'helper MB':>11}{'helpers MB':>12}{'tree MB':>10}")
    for stage in peaks.parent:
        print(
            f"   {stage:<28}{peaks.parent[stage]:>10.0f}{peaks.helper[stage]:>11.0f}"
            f"{peaks.helpers[stage]:>12.0f}{peaks.tree[stage]:>10.0f}"
        )


def growth(runs: dict[int, Peaks]) -> None:
    """Per stage, the change of each peak per 1,000 questions between the smallest and the largest size."""
    (n0, a), (n1, b) = min(runs.items()), max(runs.items())
    per = 1000 / (n1 - n0)
    print(f"\ngrowth per 1,000 questions ({n0:,} -> {n1:,}), MB: build / largest helper / tree")
    for stage in b.parent:
        if stage in a.parent:
            print(
                f"   {stage:<28}{(b.parent[stage] - a.parent[stage]) * per:>8.0f}"
                f"{(b.helper[stage] - a.helper[stage]) * per:>8.0f}"
                f"{(b.tree[stage] - a.tree[stage]) * per:>8.0f}"
            )
    top = (max(b.parent.values()) - max(a.parent.values())) * per
    print(
        f"   build process's peak: {max(a.parent.values()):.0f} -> {max(b.parent.values()):.0f} MB "
        f"({top:+.0f} MB / 1,000)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--questions", default="400,1600", help="sizes, e.g. 400,1600; 0: the scale's own")
    parser.add_argument("--scale", default="default", help="the KG (and, with --questions 0, the world)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", help="build under this directory and keep the worlds")
    args = parser.parse_args()
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="bench-build-memory-"))
    print(f"load at start: {os.getloadavg()[0]:.1f}, helpers: {args.jobs}")
    runs: dict[int, Peaks] = {}
    try:
        for n in (int(x) for x in args.questions.split(",")):
            name = f"train-{n}" if n else args.scale
            peaks, wall, cpu, digest = build(n, root / name, args.jobs, args.scale)
            show(n, peaks, wall, cpu, digest)
            runs[n] = peaks
        if len(runs) > 1:
            growth(runs)
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    print(f"load at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
