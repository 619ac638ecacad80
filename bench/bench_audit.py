"""`crag-mock audit --json` of one world by two source trees: the CPU seconds of each, the JSON compared.

    .venv/bin/python bench/bench_audit.py --world DIR [--base TREE] [--repeat 1]

TREE is another checkout of this repository (a `git worktree add --detach DIR COMMIT`); without it only this
tree runs. Each run is a child process started from a temporary directory with the tree first on PYTHONPATH
(sys.path's PathFinder comes before the editable install's finder, so the tree's `mockapi` is the one
imported), timed by the children's rusage (user + system CPU seconds: what the machine pays, less moved by
other processes' load than wall time). The two trees take turns, so load hits both alike. Prints the load
average beside every figure, and for each run of the second tree whether its JSON equals the first's byte for
byte, else the first figures that differ.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RUN = "import sys; from mockapi.cli import main; sys.exit(main(sys.argv[1:]))"


def audit(tree: Path, world: Path, out: Path) -> tuple[float, float]:
    """CPU seconds (user + system of the child) and wall seconds of one audit by `tree` into `out`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    env = {**os.environ, "PYTHONPATH": str(tree)}
    with tempfile.TemporaryDirectory() as cwd, out.open("wb") as sink:
        cmd = [sys.executable, "-c", RUN, "audit", "--data", str(world), "--json"]
        subprocess.run(cmd, cwd=cwd, env=env, stdout=sink, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, time.monotonic() - start


def differences(a: Any, b: Any, path: str = "") -> list[str]:
    """Where two JSON trees differ (paths, first values)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [d for k in dict.fromkeys([*a, *b]) for d in differences(a.get(k), b.get(k), f"{path}/{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        pairs = enumerate(zip(a, b, strict=True))
        return [d for i, (x, y) in pairs for d in differences(x, y, f"{path}/{i}")]
    return [] if a == b else [f"{path}: {str(a)[:80]} -> {str(b)[:80]}"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--world", required=True, type=Path)
    parser.add_argument("--base", type=Path, help="another checkout to run first, in turns")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    trees = [("base", args.base.resolve())] if args.base else []
    trees.append(("this", ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.repeat):
            outs = []
            for name, tree in trees:
                out = Path(tmp) / f"{name}-{k}.json"
                load = os.getloadavg()[0]
                cpu, wall = audit(tree, args.world.resolve(), out)
                print(f"{name} run {k + 1}: {cpu:.1f} CPU-s, {wall:.0f} s wall (load {load:.1f} at start)")
                outs.append(out)
            if len(outs) == 2:
                a, b = (p.read_bytes() for p in outs)
                found = [] if a == b else differences(json.loads(a), json.loads(b))
                said = "  JSON: the same bytes" if a == b else f"  JSON: {len(found)} differences"
                print(said, *found[:10], sep="\n    ")


if __name__ == "__main__":
    main()
