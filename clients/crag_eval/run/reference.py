"""Reference runs: the built-in systems' scores on a world, as the rows of docs/reference-runs.md
(`scripts/reference-runs` writes them; tests/eval/test_reference_runs.py reproduces the tiny world's rows)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from crag_eval.files.rundir import read_scores
from crag_eval.run.evaluate import RunConfig, evaluate
from crag_eval.run.identity import code

Say = Callable[[str], None]
"""Where a line of progress goes (the script prints it; the tests drop it)."""

SYSTEMS = ("dummy", "baseline", "oracle", "oracle-retrieval")
"""The built-in systems that need no LLM: a decliner, the extractive keyword reader, and the two oracles."""
TASKS = (3,)
"""Task 3 (50 pages and the KG per question), the main job's task."""
HEADER = (
    "| system | task | n | accuracy % | hallucination % | missing % | Score_a % [95% CI] | recall@5 |\n"
    "|---|---|---|---|---|---|---|---|"
)


def reference_row(world: Path, model: str, task: int, out: Path, say: Say = lambda _m: None) -> str:
    """One system on one task of `world`: its Markdown row (run directory `out`)."""
    run = evaluate(
        RunConfig(task=task, model=model, data=str(world), output=str(out)), say=say, progress=False
    )
    scores = read_scores(run)
    s = scores.primary_score if scores else None
    if scores is None or s is None:
        raise RuntimeError(f"{run} was not scored")
    low, high = s.ci.get("score_a", (s.score_a, s.score_a))
    retrieval = scores.retrieval
    recall = retrieval.recall_at_5 if retrieval is not None and retrieval.ranked else None
    cells = [
        model,
        str(task),
        str(s.n),
        f"{100 * s.accuracy:.1f}",
        f"{100 * s.hallucination:.1f}",
        f"{100 * s.missing:.1f}",
        f"{100 * s.score_a:.1f} [{100 * low:.1f}, {100 * high:.1f}]",
        "–" if recall is None else f"{recall:.3f}",
    ]
    return "| " + " | ".join(cells) + " |"


def reference_rows(
    world: Path,
    runs: Path,
    say: Say = lambda _m: None,
    timed: Say = lambda _m: None,
    systems: tuple[str, ...] = SYSTEMS,
) -> list[str]:
    """Every system on every task of `world`; `timed` is told how long each row took (a default-world row
    is minutes: whoever regenerates them sees which one is running and what is left)."""
    rows = []
    for task in TASKS:
        for model in systems:
            start = time.perf_counter()
            rows.append(reference_row(world, model, task, runs / f"task{task}-{model}", say))
            timed(f"{model} on Task {task}: {time.perf_counter() - start:,.0f} s")
    return rows


def world_line(world: Path) -> str:
    """What the rows were measured on: the world's hash, scale, seed and split, and the code's commit."""
    manifest = json.loads((world / "manifest.json").read_text(encoding="utf-8"))
    made = code()
    commit = str(made.get("commit") or "")[:12] or f"version {made['version']}"
    dirty = " (with uncommitted changes)" if made.get("dirty") else ""
    return (
        f"World `{manifest['content_hash']}` ({manifest['scale']}, seed {manifest['seed']}, "
        f"{manifest.get('split', 'dev')}), code `{commit}`{dirty}."
    )


def world_block(
    world: Path,
    runs: Path,
    say: Say = lambda _m: None,
    timed: Say = lambda _m: None,
    systems: tuple[str, ...] = SYSTEMS,
) -> str:
    """A generated block of docs/reference-runs.md: the world line, then the table."""
    rows = reference_rows(world, runs, say, timed, systems)
    return "\n".join([world_line(world), "", HEADER, *rows])
