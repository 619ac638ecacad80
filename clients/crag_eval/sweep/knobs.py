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

from crag_eval.files.records import RunDiagnostics
from crag_eval.files.rundir import read_run, read_scores
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


def _pct(value: float | None, fmt: str = ".1f") -> str:
    """A rate as the run tables print it: a percentage, one decimal."""
    return "—" if value is None else format(100 * value, fmt)


def render_table(results: dict[str, PointFigures]) -> str:
    """Score_a, accuracy and hallucination in %, as every run table prints them."""
    knob_names = list(dict.fromkeys(k for m in results.values() for k in m["knobs"]))
    header = [
        *map(md_cell, knob_names),
        "n",
        "Score_a %",
        "accuracy %",
        "halluc. %",
        "retrieval recall",
        "cost/q",
        "tool calls/q",
    ]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for m in results.values():
        cells = [md_cell(m["knobs"].get(k, "")) for k in knob_names]
        cells += [
            str(m.get("n", "—")),
            _pct(m.get("score_a"), "+.1f"),
            _pct(m.get("accuracy")),
            _pct(m.get("hallucination")),
            _num(m.get("recall"), ".3f") + (f" ({m['recall_source']})" if m.get("recall_source") else ""),
            _num(m.get("cost_per_question"), ".5f"),
            _num(m.get("tool_calls_per_question"), ".2f"),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


PANELS: tuple[tuple[Literal["score_a", "recall", "cost_per_question"], str, float, float | None], ...] = (
    ("score_a", "Score_a %", -1.0, 1.0),
    ("recall", "retrieval recall", 0.0, 1.0),
    ("cost_per_question", "cost per question ($)", 0.0, None),
)


def _bar_value(key: str, value: float) -> str:
    return f"{100 * value:+.1f}" if key == "score_a" else f"{value:.3g}"


def point_label(knobs: dict[str, JsonValue]) -> str:
    """A bar's label: the point's knob values (`top_k=5 chunk_size=256`), not its index."""
    return " ".join(f"{k}={v}" for k, v in knobs.items()) or "(defaults)"


def render_svg(results: dict[str, PointFigures]) -> str:
    """One bar panel per measured figure (Score_a, retrieval recall, cost; a figure no point has is left
    out), a bar per setting with its value above and its knob values below."""
    names = list(results)
    labels = [point_label(results[n]["knobs"]) for n in names]
    panels = [p for p in PANELS if any(results[n].get(p[0]) is not None for n in names)]
    bar, gap, panel_h, top = 44, 12, 160, 30
    label_h = 8 + 6 * max((len(x) for x in labels), default=0)  # labels turned 40 degrees
    width = max(320, 90 + len(names) * (bar + gap) + 40)
    step = panel_h + top + label_h
    height = max(len(panels), 1) * step + 10
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
        'font-size="11" role="img" aria-label="sweep: Score_a, retrieval recall and cost per setting">'
    ]
    if not panels:
        parts.append('<text x="4" y="20">no setting scored yet</text>')
    for i, (key, title, low, high) in enumerate(panels):
        y0 = 10 + i * step
        values = [results[n].get(key) for n in names]
        hi = high if high is not None else max([v for v in values if v is not None] + [0.0]) or 1.0
        scale = panel_h / (hi - low)
        zero = y0 + top + hi * scale if low < 0 else y0 + top + panel_h
        axis = (100 * hi, 100 * low) if key == "score_a" else (hi, low)
        parts.append(f'<text x="4" y="{y0 + 12}" font-weight="bold">{escape(title)}</text>')
        parts.append(f'<line x1="80" x2="{width - 4}" y1="{zero:.1f}" y2="{zero:.1f}" stroke="#888"/>')
        parts.append(
            f'<text x="4" y="{y0 + top + 4}">{axis[0]:g}</text>'
            f'<text x="4" y="{y0 + top + panel_h}">{axis[1]:g}</text>'
        )
        for j, (label, value) in enumerate(zip(labels, values, strict=True)):
            x = 90 + j * (bar + gap)
            ly = y0 + top + panel_h + 12
            parts.append(
                f'<text x="{x + bar / 2}" y="{ly}" transform="rotate(40 {x + bar / 2} {ly})">'
                f"{escape(label)}</text>"
            )
            if value is None:
                parts.append(f'<text x="{x}" y="{zero - 4:.1f}">n/a</text>')
                continue
            h = abs(value) * scale
            y = zero - h if value >= 0 else zero
            colour = "#2e7d32" if value >= 0 else "#c62828"
            parts.append(
                f'<rect x="{x}" y="{y:.1f}" width="{bar}" height="{max(h, 1):.1f}" fill="{colour}">'
                f"<title>{escape(label)}: {value:.4g}</title></rect>"
            )
            ty = y - 3 if value >= 0 else y + max(h, 1) + 11
            parts.append(
                f'<text x="{x + bar / 2}" y="{ty:.1f}" text-anchor="middle">{_bar_value(key, value)}</text>'
            )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
