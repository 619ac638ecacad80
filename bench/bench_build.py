"""World build time and disk per scale, with a per-stage breakdown.

    python bench/bench_build.py                 # tiny and default
    python bench/bench_build.py --scales tiny   # just tiny
    python bench/bench_build.py --scales full   # CRAG's size (long; run once)
    python bench/bench_build.py --scales default --jobs 1,2   # the same build on 1 then 2 helpers

With `--jobs 1,2` each scale is built once per count of helper processes (`crag-mock build --jobs N`) and
the speed-up of each count over the first is printed per stage and in all, with a check that the content
hashes are equal.

Prints figures; never pass/fail. CPU is this process's and its helper processes' (the pages are rendered
over every core, mockapi.core.pipe_pool); the load average is printed at start and end. The reference in
the same run is the tiny build: the default/tiny ratios of time and of entities show whether the builder
scales linearly.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import tempfile
import time
from pathlib import Path

from mockapi.core.staging import disk_usage
from mockapi.world.build import build_world


def build_timed(scale: str, root: Path, jobs: int | None = None) -> dict[str, object]:
    """Build one world, timing each progress step; returns the figures."""
    marks: list[tuple[str, float]] = []
    started = time.perf_counter()
    cpu0 = cpu()
    world = root / (scale if jobs is None else f"{scale}-jobs{jobs}")
    manifest = build_world(scale, 0, world, lambda msg: marks.append((msg, time.perf_counter())), jobs=jobs)
    wall = time.perf_counter() - started
    steps: dict[str, float] = {}
    for (name, at), (_next, until) in zip(marks, [*marks[1:], ("end", started + wall)], strict=True):
        stage = name if name.startswith(("kg:", "pages: full-text")) else name.split(":")[0]
        stage = "kg: domains" if stage.startswith("kg: ") and "helpers" in stage else stage
        steps[stage] = steps.get(stage, 0.0) + (until - at)
    files = {p.name: p.stat().st_size for p in world.iterdir() if p.is_file()}
    folders = {f"{p.name}/": disk_usage(p) for p in world.iterdir() if p.is_dir()}
    return {
        "scale": scale,
        "wall_s": wall,
        "cpu_s": cpu() - cpu0,
        "entities": manifest.kg.entities if manifest.kg else None,
        "questions": manifest.web_stage.summary.questions if manifest.web_stage else 0,
        "pages": manifest.web_stage.summary.pages if manifest.web_stage else 0,
        "disk_mb": (manifest.disk_bytes or 0) / 1e6,
        "files_mb": {k: round(v / 1e6, 1) for k, v in sorted((files | folders).items())},
        "steps_s": {k: round(v, 1) for k, v in steps.items()},
        "content_hash": manifest.content_hash,
    }


def compare_jobs(scale: str, counts: list[int], root: Path) -> None:
    """One build per count of helpers; per stage, the speed-up of each count over the first."""
    runs = {n: build_timed(scale, root, jobs=n) for n in counts}
    first = runs[counts[0]]
    for n, r in runs.items():
        same = r["content_hash"] == first["content_hash"]
        ratio = first["wall_s"] / r["wall_s"]  # type: ignore[operator]
        print(
            f"{scale} --jobs {n}: wall {r['wall_s']:7.1f} s  cpu {r['cpu_s']:7.1f} s  speed-up over "
            f"{counts[0]}: x{ratio:.2f}  content hash equal: {same}"
        )
        steps = grouped(r["steps_s"])  # type: ignore[arg-type]
        base = grouped(first["steps_s"])  # type: ignore[arg-type]
        print(
            "    "
            + "  ".join(f"{k} {v:.1f} s (x{base.get(k, 0) / v if v else 0:.2f})" for k, v in steps.items())
        )


# With helpers some steps run beside others (the questions beside the serving tables, the full-text index
# beside the web tables and passages), so their own step takes no time: the comparison is by these groups.
GROUPS = (
    ("kg", ("kg:",)),
    ("serving + questions", ("serving", "questions")),
    ("full-text index + web tables + passages", ("pages: full-text index", "web tables", "passages")),
    ("pages", ("pages",)),  # after the full-text index's group: the first group naming a step takes it
    ("hashing", ("hashing",)),
)


def grouped(steps: dict[str, float]) -> dict[str, float]:
    """Step times summed by `GROUPS` (a step no group names keeps its own name)."""
    out: dict[str, float] = {}
    for name, seconds in steps.items():
        group = next((g for g, heads in GROUPS if name.startswith(heads)), name)
        out[group] = round(out.get(group, 0.0) + seconds, 1)
    return out


def cpu() -> float:
    """CPU seconds of this process and of its ended children (the build's page-rendering helpers)."""
    return sum(
        usage.ru_utime + usage.ru_stime
        for usage in (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN))
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--scales", default="tiny,default")
    parser.add_argument("--keep", help="build under this directory and keep the worlds")
    parser.add_argument("--jobs", help="e.g. 1,2: each scale built on each count of helpers, compared")
    args = parser.parse_args()
    root = Path(args.keep or tempfile.mkdtemp(prefix="bench-build-"))
    print(f"load average at start: {os.getloadavg()}; cores: {os.cpu_count()}")
    results = []
    try:
        for scale in args.scales.split(",") if args.jobs else []:
            compare_jobs(scale, [int(n) for n in args.jobs.split(",")], root)
        for scale in [] if args.jobs else args.scales.split(","):
            r = build_timed(scale, root)
            results.append(r)
            print(
                f"{scale:8s} wall {r['wall_s']:7.1f} s  cpu {r['cpu_s']:7.1f} s"
                f"  entities {r['entities']:>10,}"
                f"  questions {r['questions']:>6,}  pages {r['pages']:>8,}  disk {r['disk_mb']:8.1f} MB"
            )
            print(f"         files: {r['files_mb']}")
            print(f"         steps: {r['steps_s']}")
        if len(results) > 1:
            base = results[0]
            for r in results[1:]:
                t = r["wall_s"] / base["wall_s"]  # type: ignore[operator]
                e = r["entities"] / base["entities"]  # type: ignore[operator]
                ratio = f"time x{t:.1f} for entities x{e:.1f} (cost per entity x{t / e:.2f})"
                print(f"{r['scale']}/{base['scale']}: {ratio}")
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"peak RSS of this process: {peak:,.0f} MB; cores: {os.cpu_count()}")
        print(f"load average at end: {os.getloadavg()}")
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
