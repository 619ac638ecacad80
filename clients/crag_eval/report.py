"""report.md, report.html (self-contained: inline SVG charts, per-question drill-down), terminal summary."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from crag_eval.rundir import load_judgements, load_predictions, load_questions, read_run
from crag_eval.scoring import load_scores
from mockapi.errors import UserError

RATES = ("accuracy", "hallucination", "missing", "score_a")
COLOURS = {"correct": "#2e7d32", "missing": "#9e9e9e", "incorrect": "#c62828"}


def pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}"


def ci_text(score: dict[str, Any], key: str) -> str:
    low, high = score.get("ci", {}).get(key, (0.0, 0.0))
    return f"[{pct(low)}, {pct(high)}]"


def slice_svg(title: str, values: dict[str, dict[str, Any]]) -> Markup:
    """Horizontal stacked bars (correct / missing / incorrect) per slice value, with Score_a and n."""
    row_h, label_w, bar_w = 22, 170, 360
    height = 28 + row_h * len(values)
    parts = [
        f'<svg class="chart" role="img" aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg" '
        f'width="{label_w + bar_w + 190}" height="{height}">',
        f'<text x="0" y="16" font-weight="bold">{escape(title)}</text>',
    ]
    for i, (value, s) in enumerate(values.items()):
        y = 26 + i * row_h
        parts.append(f'<text x="0" y="{y + 14}">{escape(value)}</text>')
        x = float(label_w)
        for key, colour in (
            ("accuracy", COLOURS["correct"]),
            ("missing", COLOURS["missing"]),
            ("hallucination", COLOURS["incorrect"]),
        ):
            w = bar_w * float(s.get(key, 0.0))
            parts.append(
                f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{row_h - 6}" fill="{colour}">'
                f"<title>{key} {pct(s.get(key))}%</title></rect>"
            )
            x += w
        label = f"Score_a {pct(s.get('score_a'))} {ci_text(s, 'score_a')} n={s.get('n', 0)}"
        parts.append(f'<text x="{label_w + bar_w + 8}" y="{y + 14}" font-size="12">{label}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def _context(run_dir: Path) -> dict[str, Any]:
    run = read_run(run_dir)
    scores = load_scores(run_dir)
    if not scores:
        raise UserError(f"{run_dir} has no scores.json yet; run `crag-eval score {run_dir}` first")
    questions = load_questions(run_dir)
    predictions = load_predictions(run_dir)
    primary = scores.get("primary", "")
    judgements = {j.interaction_id: j for j in load_judgements(run_dir) if j.judge == primary}
    rows = []
    for q in questions:
        p = predictions.get(q.interaction_id)
        j = judgements.get(q.interaction_id)
        rows.append({"q": q, "p": p, "j": j, "label": j.label if j else "not answered"})
    charts = [slice_svg(key.replace("_", " "), values) for key, values in scores.get("slices", {}).items()]
    return {
        "run": run,
        "scores": scores,
        "rows": rows,
        "charts": charts,
        "primary": primary,
        "overall": scores["overall"].get(primary, {}),
        "pct": pct,
        "ci": ci_text,
        "rates": RATES,
        "colours": COLOURS,
        "run_name": run_dir.resolve().name,
    }


def _env() -> Environment:
    return Environment(
        loader=PackageLoader("crag_eval", "templates"),
        autoescape=select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_reports(run_dir: Path) -> tuple[Path, Path]:
    ctx = _context(run_dir)
    env = _env()
    md = run_dir / "report.md"
    html = run_dir / "report.html"
    md.write_text(env.get_template("report.md.j2").render(**ctx), encoding="utf-8")
    html.write_text(env.get_template("report.html.j2").render(**ctx), encoding="utf-8")
    return md, html


def print_summary(run_dir: Path) -> None:
    """The headline table (rich) with intervals, counts of undecided and failures, and the report path."""
    from rich.console import Console
    from rich.table import Table

    scores = load_scores(run_dir)
    console = Console()
    console.width = max(console.width, 132)
    table = Table(title=f"crag-eval {run_dir}")
    for column in ("judge", "n", "accuracy %", "hallucination %", "missing %", "Score_a %", "Score_h %"):
        table.add_column(column, justify="left" if column == "judge" else "right")
    for name, s in scores.get("overall", {}).items():
        table.add_row(
            name, str(s["n"]), *(f"{pct(s[k])} {ci_text(s, k)}" for k in RATES), pct(s.get("score_h"))
        )
    console.print(table)
    counts = scores.get("counts", {})
    primary = scores.get("overall", {}).get(scores.get("primary", ""), {})
    console.print(
        f"undecided (counted incorrect): {primary.get('n_undecided', 0)}  judge failures: "
        f"{primary.get('n_judge_failed', 0)}  model errors/timeouts: {counts.get('model_errors', 0)}  "
        f"not answered: {counts.get('not_answered', 0)}  "
        f"macro (KDD Cup): {pct(scores.get('macro', {}).get('macro'))}"
    )
    if "average" in scores:
        console.print(f"judges averaged: {scores['average']}")
    console.print(f"report: {run_dir / 'report.html'}")
