"""`crag-eval leaderboard RUN…`: one row per run, best Score_a first, as Markdown, JSON or a self-contained
HTML table: Score_a with its 95% interval, Score_a per slice value (domain by default), LLM cost and tool
calls per question, and each run's paired bootstrap against the best on their shared questions."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import TypedDict

from crag_eval.files.rundir import read_run, read_scores
from crag_eval.files.types import SLICE_KEYS
from crag_eval.report.compare import scored_values
from crag_eval.score import metrics
from mockapi.core.user_error import UserError


class Row(TypedDict):
    run: str
    model: str
    task: int
    judge: str
    world: str
    n: int
    score_a: float
    low: float
    high: float
    slices: dict[str, float | None]
    cost_per_question: float | None
    calls_per_question: float | None
    vs_best: metrics.PairedDiff | None
    """None for the best run itself."""


class Board(TypedDict):
    slice: str
    columns: list[str]
    rows: list[Row]


def leaderboard(runs: list[Path], slice_key: str = "domain") -> Board:
    """The runs' rows, best Score_a first (ties: the order given)."""
    if slice_key not in SLICE_KEYS:
        raise UserError(f"--slice must be one of {', '.join(SLICE_KEYS)}, got {slice_key!r}")
    if not runs:
        raise UserError("crag-eval leaderboard needs one or more run directories")
    rows = [_row(run, slice_key) for run in runs]
    rows.sort(key=lambda r: -r["score_a"])
    best = scored_values(Path(rows[0]["run"]))
    for row in rows[1:]:
        values = scored_values(Path(row["run"]))
        row["vs_best"] = metrics.paired_bootstrap(best, values, sorted(values))
    columns = sorted({value for row in rows for value in row["slices"]})
    return {"slice": slice_key, "columns": columns, "rows": rows}


def _row(run: Path, slice_key: str) -> Row:
    log = read_run(run)
    scores = read_scores(run)
    primary = scores.primary_score if scores else None
    if scores is None or primary is None:
        raise UserError(f"{run} has no scores yet; run `crag-eval score {run}` first")
    agent = scores.agent
    low, high = primary.ci.get("score_a", (primary.score_a, primary.score_a))
    world = log.world.content_hash or log.world.sha256 or "" if log.world else ""
    return {
        "run": str(run),
        "model": str(log.args.get("model", "?")),
        "task": int(str(log.args.get("task", 0))),
        "judge": scores.primary,
        "world": world,
        "n": primary.n,
        "score_a": primary.score_a,
        "low": low,
        "high": high,
        "slices": {value: s.score_a for value, s in scores.slices.get(slice_key, {}).items()},
        "cost_per_question": agent.cost_per_question if agent else None,
        "calls_per_question": agent.tool_calls_per_question if agent else None,
        "vs_best": None,
    }


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}"


def _cells(row: Row, columns: list[str]) -> list[str]:
    vs = row["vs_best"]
    if vs is None:
        versus = "best"
    else:
        mark = " *" if vs["p"] < 0.05 else ""
        versus = f"{100 * vs['diff']:+.1f}{mark} (p {vs['p']:.3f})"
    cost = row["cost_per_question"]
    calls = row["calls_per_question"]
    return [
        row["model"],
        str(row["task"]),
        str(row["n"]),
        f"{_pct(row['score_a'])} [{_pct(row['low'])}, {_pct(row['high'])}]",
        *(_pct(row["slices"].get(c)) for c in columns),
        "–" if cost is None else f"${cost:.4f}",
        "–" if calls is None else f"{calls:.1f}",
        versus,
        row["run"],
    ]


def _header(board: Board) -> list[str]:
    slices = [f"{board['slice']}: {c}" for c in board["columns"]]
    return ["model", "task", "n", "Score_a % [95% CI]", *slices, "cost/q", "calls/q", "vs best (pts)", "run"]


NOTE = (
    "vs best: Score_a difference to the best run on shared questions; * p < 0.05 (paired bootstrap, seed 0)"
)


def to_markdown(board: Board) -> str:
    header = _header(board)
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(_cells(row, board["columns"])) + " |" for row in board["rows"]]
    return "\n".join([*lines, "", NOTE]) + "\n"


def to_json(board: Board) -> str:
    return json.dumps(board, indent=2) + "\n"


STYLE = (
    "body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}"
    "th,td{border:1px solid #ccc;padding:4px 8px;text-align:right}th{background:#f3f3f3}"
    "td:first-child,td:last-child{text-align:left}tr.best{font-weight:600}"
)


def to_html(board: Board) -> str:
    """One file, no script, no external resource."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in _header(board))
    body = "".join(
        f'<tr class="{"best" if row["vs_best"] is None else "run"}">'
        + "".join(f"<td>{html.escape(c)}</td>" for c in _cells(row, board["columns"]))
        + "</tr>"
        for row in board["rows"]
    )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>crag-eval leaderboard</title>'
        f"<style>{STYLE}</style></head><body><h1>Leaderboard</h1>"
        f'<table id="leaderboard"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
        f"<p>{html.escape(NOTE)}</p></body></html>\n"
    )


RENDER = {"md": to_markdown, "json": to_json, "html": to_html}
