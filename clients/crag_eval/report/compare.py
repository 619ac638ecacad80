"""`crag-eval compare A B`: per-slice Score_a differences (B − A) on shared questions, paired bootstrap."""

from __future__ import annotations

from pathlib import Path
from typing import TypedDict

from crag_eval.files.rundir import load_judgements, load_questions, read_run, read_scores
from crag_eval.files.types import SLICE_KEYS
from crag_eval.score import metrics
from crag_eval.score.metrics import PairedDiff
from mockapi.core.user_error import UserError


class ComparisonRow(PairedDiff):
    """One slice value's Score_a difference."""

    slice: str
    value: str


class Comparison(TypedDict):
    a: str
    b: str
    rows: list[ComparisonRow]


def scored_values(run_dir: Path) -> dict[str, float]:
    read_run(run_dir)
    scores = read_scores(run_dir)
    primary = scores.primary if scores else None
    if not primary:
        raise UserError(f"{run_dir} has no scores yet; run `crag-eval score {run_dir}` first")
    return metrics.question_values([j for j in load_judgements(run_dir) if j.judge == primary])


def compare_runs(a: Path, b: Path) -> Comparison:
    va, vb = scored_values(a), scored_values(b)
    questions = load_questions(a)
    shared = [q for q in questions if q.interaction_id in va and q.interaction_id in vb]
    if not shared:
        raise UserError(f"{a} and {b} share no scored question; compare runs over the same question set")
    rows: list[ComparisonRow] = [
        {
            "slice": "all",
            "value": "all",
            **metrics.paired_bootstrap(va, vb, [q.interaction_id for q in shared]),
        }
    ]
    for key in SLICE_KEYS:
        groups: dict[str, list[str]] = {}
        for q in shared:
            groups.setdefault(q.slice_value(key), []).append(q.interaction_id)
        if set(groups) == {"unknown"}:
            continue
        for value in sorted(groups):
            rows.append({"slice": key, "value": value, **metrics.paired_bootstrap(va, vb, groups[value])})
    return {"a": str(a), "b": str(b), "rows": rows}


def print_comparison(result: Comparison) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Score_a of B − A   (A = {result['a']}, B = {result['b']})")
    for column in ("slice", "value", "n", "B − A (pts)", "95% CI", "p"):
        table.add_column(column, justify="left" if column in ("slice", "value") else "right")
    for row in result["rows"]:
        mark = " *" if row["p"] < 0.05 else ""
        table.add_row(
            row["slice"],
            row["value"],
            str(row["n"]),
            f"{100 * row['diff']:+.1f}{mark}",
            f"[{100 * row['low']:+.1f}, {100 * row['high']:+.1f}]",
            f"{row['p']:.3f}",
        )
    Console().print(table)
    Console().print("* p < 0.05 (paired bootstrap over shared questions, 1000 resamples, seed 0)")
