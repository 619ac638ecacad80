"""CRUD-RAG sweeps: `crag-eval --sweep 'top_k=1,3,5;chunk_size=256,512'` runs the model once per point of
the grid, each point's values laid over --model-args, one ordinary run directory per point under one sweep
directory (the robustness sweeps' machinery: `sweep.json` plan, `--resume SWEEP_DIR` continues the points not
complete). After every point it writes `knobs.md` (a table), `knobs.json` and `knobs.svg` (a dependency-free
plot of Score_a, retrieval recall and cost per point) over the points that finished.

Retrieval recall is recall@10 against the qrels when the model ranks pages, else the key-phrase recall of its
contexts, else none. Cost is the mean cost per question when the run priced its tokens (--prices).
"""

from __future__ import annotations

import itertools
import json
import sys
from html import escape
from pathlib import Path
from typing import Literal, TypedDict

from pydantic import JsonValue

from crag_eval.records import RunDiagnostics
from crag_eval.rundir import read_run, read_scores
from mockapi.core.user_error import UserError

KNOBS_JSON = "knobs.json"
KNOBS_MD = "knobs.md"
KNOBS_SVG = "knobs.svg"
MAX_POINTS = 100


def parse_value(text: str) -> JsonValue:
    """A knob value as JSON when it reads as JSON (1, 0.5, true, "x"), else the plain string."""
    try:
        value: JsonValue = json.loads(text)
        return value
    except ValueError:
        return text


def parse_sweep(spec: str) -> list[tuple[str, dict[str, JsonValue]]]:
    """(directory name, keyword arguments) per grid point, in the order the spec gives its knobs."""
    knobs: list[tuple[str, list[JsonValue]]] = []
    for part in filter(str.strip, spec.split(";")):
        name, sep, values = part.partition("=")
        name = name.strip()
        items = [v.strip() for v in values.split(",") if v.strip()]
        if not sep or not name.isidentifier() or not items:
            raise UserError(
                f"--sweep takes 'knob=v1,v2;knob2=v3,…' (keyword arguments), got {part.strip()!r}"
            )
        if name in dict(knobs):
            raise UserError(f"--sweep names {name!r} twice")
        knobs.append((name, [parse_value(v) for v in items]))
    if not knobs:
        raise UserError("--sweep needs at least one knob, e.g. --sweep 'top_k=1,3,5'")
    points = list(itertools.product(*(values for _name, values in knobs)))
    if len(points) > MAX_POINTS:
        raise UserError(f"--sweep asks for {len(points)} runs; at most {MAX_POINTS}")
    names = [name for name, _values in knobs]
    out = []
    for point in points:
        args = dict(zip(names, point, strict=True))
        label = "_".join(f"{k}-{v}" for k, v in args.items())
        out.append(("".join(c if c.isalnum() or c in "-_." else "-" for c in label), args))
    return out


class PointFigures(TypedDict, total=False):
    """knobs.json `[point]`: a point's knobs and status, and its figures once scored."""

    knobs: dict[str, JsonValue]
    status: str | None
    n: int
    score_a: float
    accuracy: float
    hallucination: float
    recall: float | None
    recall_source: str | None
    cost_per_question: float | None
    tool_calls_per_question: float | None


def _context_recall(diagnostics: RunDiagnostics | None) -> float | None:
    retrieval = diagnostics.get("retrieval") if diagnostics else None
    return retrieval.get("context_recall") if retrieval else None


def point_figures(run: Path) -> PointFigures:
    """Score_a, accuracy, retrieval recall and cost of one finished point."""
    scores = read_scores(run)
    log = read_run(run)
    knobs = {k: v for k, v in (log.args.get("model_args") or {}).items()}
    out: PointFigures = {"knobs": knobs, "status": log.status}
    if scores is None or scores.primary_score is None:
        return out
    s = scores.primary_score
    out["n"], out["score_a"], out["accuracy"], out["hallucination"] = (
        s.n,
        s.score_a,
        s.accuracy,
        s.hallucination,
    )
    recall, source = None, None
    if scores.retrieval is not None:
        recall, source = scores.retrieval.recall_at_10, "recall@10"
    elif (context_recall := _context_recall(scores.diagnostics)) is not None:
        recall, source = context_recall, "key-phrase recall"
    out["recall"], out["recall_source"] = recall, source
    agent = getattr(scores, "agent", None)
    out["cost_per_question"] = getattr(agent, "cost_per_question", None) if agent else None
    out["tool_calls_per_question"] = getattr(agent, "tool_calls_per_question", None) if agent else None
    return out


def write_knob_summary(root: Path, runs: list[Path]) -> None:
    """knobs.json, knobs.md and knobs.svg over the finished points (the table is printed as well)."""
    results = {run.name: point_figures(run) for run in runs}
    (root / KNOBS_JSON).write_text(json.dumps(results, indent=2), encoding="utf-8")
    text = render_table(results) if results else "no setting finished yet\n"
    (root / KNOBS_MD).write_text(
        text + f"\n![Score_a, recall and cost per setting]({KNOBS_SVG})\n", encoding="utf-8"
    )
    (root / KNOBS_SVG).write_text(render_svg(results), encoding="utf-8")
    print(text)
    print(f"runs, {KNOBS_MD} and {KNOBS_SVG} in {root}", file=sys.stderr)


def _num(value: float | None, fmt: str) -> str:
    return "—" if value is None else format(value, fmt)


def md_cell(value: object) -> str:
    """A Markdown table cell from any text: HTML escaped (Markdown viewers render raw HTML, and a sweep value
    is whatever the user or a script typed), a `|` kept inside its cell, on one line."""
    return escape(str(value), quote=False).replace("|", "\\|").replace("\n", " ")


def render_table(results: dict[str, PointFigures]) -> str:
    knob_names = list(dict.fromkeys(k for m in results.values() for k in m["knobs"]))
    header = [
        *map(md_cell, knob_names),
        "n",
        "Score_a",
        "accuracy",
        "halluc.",
        "retrieval recall",
        "cost/q",
        "tool calls/q",
    ]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for m in results.values():
        cells = [md_cell(m["knobs"].get(k, "")) for k in knob_names]
        cells += [
            str(m.get("n", "—")),
            _num(m.get("score_a"), "+.3f"),
            _num(m.get("accuracy"), ".3f"),
            _num(m.get("hallucination"), ".3f"),
            _num(m.get("recall"), ".3f") + (f" ({m['recall_source']})" if m.get("recall_source") else ""),
            _num(m.get("cost_per_question"), ".5f"),
            _num(m.get("tool_calls_per_question"), ".2f"),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


PANELS: tuple[tuple[Literal["score_a", "recall", "cost_per_question"], str, float, float | None], ...] = (
    ("score_a", "Score_a", -1.0, 1.0),
    ("recall", "retrieval recall", 0.0, 1.0),
    ("cost_per_question", "cost per question", 0.0, None),
)


def render_svg(results: dict[str, PointFigures]) -> str:
    """Three bar panels (Score_a, retrieval recall, cost) with one bar per setting, labelled below."""
    names = list(results)
    bar, gap, panel_h, top = 28, 10, 160, 30
    width = max(320, 90 + len(names) * (bar + gap))
    panels_end = len(PANELS) * (panel_h + 60) + 10
    height = panels_end + 14 * len(names) + 10
    width = max(width, 20 + 7 * max((len(n) for n in names), default=0))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
        'font-size="11" role="img" aria-label="sweep: Score_a, retrieval recall and cost per setting">'
    ]
    for i, (key, title, low, high) in enumerate(PANELS):
        y0 = 10 + i * (panel_h + 60)
        values = [results[n].get(key) for n in names]
        known = [v for v in values if v is not None]
        hi = high if high is not None else max([*known, 0.0]) or 1.0
        parts.append(f'<text x="4" y="{y0 + 12}" font-weight="bold">{escape(title)}</text>')
        if not known:
            parts.append(f'<text x="90" y="{y0 + top + 20}">not measured</text>')
            continue
        scale = panel_h / (hi - low)
        zero = y0 + top + hi * scale if low < 0 else y0 + top + panel_h
        parts.append(f'<line x1="80" x2="{width - 4}" y1="{zero:.1f}" y2="{zero:.1f}" stroke="#888"/>')
        parts.append(
            f'<text x="4" y="{y0 + top + 4}">{hi:g}</text><text x="4" y="{y0 + top + panel_h}">{low:g}</text>'
        )
        for j, (name, value) in enumerate(zip(names, values, strict=True)):
            x = 90 + j * (bar + gap)
            if value is None:
                continue
            h = abs(value) * scale
            y = zero - h if value >= 0 else zero
            colour = "#2e7d32" if value >= 0 else "#c62828"
            parts.append(
                f'<rect x="{x}" y="{y:.1f}" width="{bar}" height="{max(h, 1):.1f}" fill="{colour}">'
                f"<title>{escape(name)}: {value:.4g}</title></rect>"
            )
            parts.append(f'<text x="{x}" y="{y0 + top + panel_h + 14}">{j + 1}</text>')
    for j, name in enumerate(names):
        parts.append(f'<text x="4" y="{panels_end + 14 * (j + 1)}">{j + 1}: {escape(name)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
