"""World build time and disk per scale, with a per-stage breakdown.

    python bench/bench_build.py                 # tiny and default
    python bench/bench_build.py --scales tiny   # just tiny
    python bench/bench_build.py --scales full   # CRAG's size (long; run once)

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


def build_timed(scale: str, root: Path) -> dict[str, object]:
    """Build one world, timing each progress step; returns the figures."""
    marks: list[tuple[str, float]] = []
    started = time.perf_counter()
    cpu0 = cpu()
    manifest = build_world(scale, 0, root / scale, lambda msg: marks.append((msg, time.perf_counter())))
    wall = time.perf_counter() - started
    steps: dict[str, float] = {}
    for (name, at), (_next, until) in zip(marks, [*marks[1:], ("end", started + wall)], strict=True):
        stage = name if name.startswith("kg:") else name.split(":")[0]
        steps[stage] = steps.get(stage, 0.0) + (until - at)
    files = {p.name: p.stat().st_size for p in (root / scale).iterdir() if p.is_file()}
    folders = {f"{p.name}/": disk_usage(p) for p in (root / scale).iterdir() if p.is_dir()}
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
    }


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
    args = parser.parse_args()
    root = Path(args.keep or tempfile.mkdtemp(prefix="bench-build-"))
    print(f"load average at start: {os.getloadavg()}; cores: {os.cpu_count()}")
    results = []
    try:
        for scale in args.scales.split(","):
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
