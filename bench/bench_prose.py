"""Filler prose (`prose.sentences`, the world build's page stage's main cost) against a base commit's prose
code, in the same run.

The reference is this tree's `mockapi` package with the four prose modules (prose, grammar, synonyms,
styles) taken from `--base` (`git show`), so both sides run on the same lexicons and names and differ only
in the code. Each side runs in its own process (both are the package `mockapi`); the sides take turns for
`--rounds` rounds, so load from other processes on a shared machine hits them alike, and the best CPU time
of each is kept. Both sides generate the same pages from the same seeds, so the run also checks that their
text is identical (a digest of every sentence).

    .venv/bin/python bench/bench_prose.py [--base 369c46a] [--pages 600] [--rounds 5]
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULES = ("prose", "grammar", "synonyms", "styles")
# one page of each kind the build writes prose for (a company with a ticker, a set's page about its members…)
PAGES: tuple[tuple[str, str, dict[str, object]], ...] = (
    ("Ardline Group", "finance", {"kind": "company", "ticker": "ARDL", "others": ("Bexa Corp", "Corvin")}),
    ("Lyon Hawks", "sports", {"kind": "team", "others": ("Oslo Bears",)}),
    ("Mara Quint", "sports", {"kind": "player"}),
    ("Chase Like a Tide", "music", {"kind": "song"}),
    ("Tala Reyes", "music", {"kind": "artist"}),
    ("The Vanes", "music", {"kind": "band"}),
    ("Night Harbor", "movie", {"kind": "movie"}),
    ("Ida Brand", "movie", {"kind": "person"}),
    ("Riverside University", "open", {"kind": "topic"}),
    ("Sam Kerr", "open", {"kind": "person"}),
    (
        "clubs by championships",
        "sports",
        {"kind": "team", "topics": ("Lyon Hawks", "Oslo Bears", "Rome Owls")},
    ),
)


def generate(pages: int) -> tuple[int, str]:
    """`pages` pages' prose (24-100 sentences each, as the build writes) and one statement lead-in each;
    returns the sentence count and a digest of the text."""
    from mockapi.world.pages import prose

    digest = hashlib.sha256()
    count = 0
    for i in range(pages):
        subject, domain, options = PAGES[i % len(PAGES)]
        rng = random.Random(i)
        day = dt.date(2024, 3, 1) - dt.timedelta(days=i % 300)
        lines = prose.sentences(subject, domain, rng, 24 + i % 77, day=day, **options)  # type: ignore[arg-type]
        lines.append(prose.clause(subject, domain, str(options["kind"]), rng, day))
        digest.update("\n".join(lines).encode())
        count += len(lines)
    return count, digest.hexdigest()


def worker(pages: int) -> None:
    """One timed run in this process (after a warm-up that compiles and caches the templates)."""
    from mockapi.world.pages import prose

    generate(len(PAGES))
    start = time.process_time()
    count, digest = generate(pages)
    cpu_s = time.process_time() - start
    print(json.dumps({"sentences": count, "cpu_s": cpu_s, "digest": digest, "module": prose.__file__}))


def base_tree(base: str, into: Path) -> Path:
    """This tree's package with the prose modules as of `base`."""
    shutil.copytree(ROOT / "mockapi", into / "mockapi", ignore=shutil.ignore_patterns("__pycache__"))
    for name in MODULES:
        path = f"mockapi/world/pages/{name}.py"
        text = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{base}:{path}"], capture_output=True, text=True, check=True
        ).stdout
        (into / path).write_text(text)
    return into


def run_side(tree: Path, pages: int) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, __file__, "--worker", "--pages", str(pages)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True, cwd=tree)
    return dict(json.loads(out.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base", default="369c46a", help="commit whose prose code is the reference")
    parser.add_argument("--pages", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.pages)
        return
    print(
        f"load average {os.getloadavg()[0]:.2f}; {args.pages} pages per run, best CPU time of {args.rounds}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        sides = {f"base {args.base}": base_tree(args.base, Path(tmp)), "this tree": ROOT}
        best: dict[str, dict[str, object]] = {}
        for _ in range(args.rounds):
            for name, tree in sides.items():
                result = run_side(tree, args.pages)
                if name not in best or float(result["cpu_s"]) < float(best[name]["cpu_s"]):  # type: ignore[arg-type]
                    best[name] = result
    rates = {}
    for name, result in best.items():
        print(f"{name:>16}: {result['module']}")
        rates[name] = int(result["sentences"]) / float(result["cpu_s"])  # type: ignore[call-overload,arg-type]
        print(f"{name:>16}: {result['sentences']} sentences in {float(result['cpu_s']):.2f} s CPU "  # type: ignore[arg-type]
              f"= {rates[name]:,.0f} sentences/s")  # fmt: skip
    base_rate, rate = rates.values()
    print(f"speed-up {rate / base_rate:.2f}x")
    digests = {str(result["digest"]) for result in best.values()}
    print("text identical" if len(digests) == 1 else "TEXT DIFFERS between the two sides")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
