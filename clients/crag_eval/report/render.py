"""report.md, report.html (self-contained: inline SVG charts, per-question drill-down), terminal summary."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Literal, TypedDict

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup
from pydantic import JsonValue

from crag_eval.files.records import PageSummary, RunDiagnostics, ScoreData
from crag_eval.files.rundir import (
    ERRORS,
    load_judgements,
    load_predictions,
    load_questions,
    read_run,
    read_scores,
)
from crag_eval.files.runfiles import Scores
from crag_eval.files.types import Judgement, Prediction, Question
from crag_eval.report import measures
from crag_eval.report.details import DATA_ID, Details, QuestionDetail, encode, question_detail
from mockapi.core.user_error import UserError

ORIGINAL_KEYS = ("score", "exact_accuracy", "accuracy", "hallucination", "missing")
RATES = ("accuracy", "hallucination", "missing", "score_a")
COLOURS = {"correct": "#2e7d32", "missing": "#9e9e9e", "incorrect": "#c62828"}
PAGE_SIZE = 100
"""Questions a page of report.html's table shows: the rows of a page not shown are not laid out, which is
what took the main job's 1,200-row table seconds to open."""


def pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}"


def ci_text(score: ScoreData, key: str) -> str:
    low, high = score.get("ci", {}).get(key, (0.0, 0.0))
    return f"[{pct(low)}, {pct(high)}]"


SVG_CHAR_W = 7.5
"""Width in px allowed per character of the 12px figures text of a slice bar (a generous upper bound)."""


def _figures_label(s: ScoreData) -> str:
    return f"Score_a {pct(s.get('score_a'))} {ci_text(s, 'score_a')} n={s.get('n', 0)}"


def slice_svg(title: str, values: dict[str, ScoreData]) -> Markup:
    """Horizontal stacked bars (correct / missing / incorrect) per slice value, with Score_a and n."""
    row_h, bar_w = 22, 360
    label_w = max(170, 8 * max((len(v) for v in values), default=0) + 12)  # full labels, never cut off
    figures = {value: _figures_label(s) for value, s in values.items()}
    # 12px text: about 7.2px a character; the width holds the longest figures label whole (n= included)
    figures_w = SVG_CHAR_W * max((len(f) for f in figures.values()), default=0) + 16
    height = 28 + row_h * len(values)
    parts = [
        f'<svg class="chart" role="img" aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg" '
        f'width="{label_w + bar_w + 8 + figures_w:.0f}" height="{height}">',
        f'<text x="0" y="16" font-weight="bold">{escape(title)}</text>',
    ]
    for i, (value, s) in enumerate(values.items()):
        y = 26 + i * row_h
        parts.append(f'<text x="0" y="{y + 14}">{escape(value)}</text>')
        x = float(label_w)
        bars: tuple[tuple[Literal["accuracy", "missing", "hallucination"], str], ...] = (
            ("accuracy", COLOURS["correct"]),
            ("missing", COLOURS["missing"]),
            ("hallucination", COLOURS["incorrect"]),
        )
        for key, colour in bars:
            w = bar_w * float(s.get(key, 0.0))
            parts.append(
                f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{row_h - 6}" fill="{colour}">'
                f"<title>{key} {pct(s.get(key))}%</title></rect>"
            )
            x += w
        label = figures[value]
        parts.append(f'<text x="{label_w + bar_w + 8}" y="{y + 14}" font-size="12">{label}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def _context(run_dir: Path, page_size: int = PAGE_SIZE) -> ReportContext:
    log = read_run(run_dir)
    typed = read_scores(run_dir)
    if typed is None:
        raise UserError(f"{run_dir} has no scores.json yet; run `crag-eval score {run_dir}` first")
    run, scores = log.to_data(), typed.to_data()  # the templates read the documents as written
    questions = load_questions(run_dir)
    predictions = load_predictions(run_dir)
    primary = typed.primary
    judgements = {j.interaction_id: j for j in load_judgements(run_dir) if j.judge == primary}
    answer_urls = answer_page_urls(
        log.world.path if log.world else None, [q.interaction_id for q in questions]
    )
    rows: list[ReportRow] = []
    table: dict[tuple[str, str, str, str], int] = {}
    details: list[QuestionDetail] = []
    for q in questions:
        p = predictions.get(q.interaction_id)
        j = judgements.get(q.interaction_id)
        label: str = j.label if j else "not answered"
        if j is not None and j.undecided:
            label = "undecided"
        urls = answer_urls.get(q.interaction_id, set())
        details.append(question_detail(q, p, _shown_pages(p, urls), urls, table))
        rows.append({"q": q, "p": p, "j": j, "label": label})
    island: Details = {
        "pages": list(table),
        "questions": details,
        "answer_pages_known": bool(answer_urls),
    }
    charts = [
        slice_svg(key.replace("_", " "), {value: s.to_dict() for value, s in values.items()})
        for key, values in typed.slices.items()
    ]
    overall = typed.primary_score
    return {
        "run": run,
        "scores": scores,
        "rows": rows,
        "details": encode(island),
        "details_id": DATA_ID,
        "page_size": page_size,
        "charts": charts,
        "primary": primary,
        "overall": overall.to_dict() if overall is not None else {},
        "pct": pct,
        "summary_columns": SUMMARY_COLUMNS,
        "summary_row": summary_row,
        "range": range_text,
        "ci": ci_text,
        "rates": RATES,
        "colours": COLOURS,
        "run_name": run_dir.resolve().name,
        "run_dir": str(run_dir),
        "answer_pages_known": bool(answer_urls),
        "footer": footer(typed, str(run_dir)),
        "diag": typed.diagnostics or {},
        "errors_file": ERRORS if (run_dir / ERRORS).is_file() else None,
        "measures": measures.sections(typed),
        "section_md": measures.markdown,
    }


class ReportRow(TypedDict):
    """One question of the drill-down."""

    q: Question
    p: Prediction | None
    j: Judgement | None
    label: str


SHOWN_PAGES = 5
"""Served pages listed per question in report.html. All 50 of a Task 3 run made the main job's report 31 MB
and 10 s to open; the first five and the answer pages say what the model had (each page's text once, in the
compressed drill-down data: crag_eval.report.details)."""


def _shown_pages(p: Prediction | None, urls: set[str]) -> list[tuple[int, PageSummary]]:
    pages = p.pages if p else []
    return [(i + 1, pg) for i, pg in enumerate(pages) if i < SHOWN_PAGES or pg["url"] in urls]


class ReportContext(TypedDict):
    """What report.md.j2 and report.html.j2 are rendered with."""

    run: dict[str, JsonValue]
    """run.json as written (the templates read the documents as the files hold them)."""
    scores: dict[str, JsonValue]
    """scores.json as written."""
    rows: list[ReportRow]
    details: str
    """The drill-down of every question, compressed (crag_eval.report.details)."""
    details_id: str
    page_size: int
    charts: list[Markup]
    primary: str
    overall: ScoreData | dict[str, float]
    """The primary judge's figures ({} before any judge scored)."""
    pct: Callable[[float | None], str]
    summary_columns: tuple[str, ...]
    summary_row: Callable[[str, ScoreData], list[str]]
    range: Callable[[ScoreData], str]
    ci: Callable[[ScoreData, str], str]
    rates: tuple[str, ...]
    colours: dict[str, str]
    run_name: str
    run_dir: str
    answer_pages_known: bool
    footer: list[str]
    diag: RunDiagnostics
    errors_file: str | None
    measures: list[measures.Section]
    section_md: Callable[[measures.Section], str]


def answer_page_urls(world: str | None, ids: list[str]) -> dict[str, set[str]]:
    """Per question, the URLs of its served pages that bear the answer (from the world's labels, which the
    server never serves); empty when the world has no such labels (e.g. an imported dataset)."""
    import json

    import duckdb

    from mockapi.core.paths import PAGES_DB, QUESTIONS_DB

    if not world or not (Path(world) / QUESTIONS_DB).is_file() or not (Path(world) / PAGES_DB).is_file():
        return {}
    with duckdb.connect(str(Path(world) / QUESTIONS_DB), read_only=True) as con:
        rows = con.execute(
            "SELECT interaction_id, gold_page_ids FROM questions WHERE list_contains(?, interaction_id)",
            [ids],
        ).fetchall()
    gold = {iid: set(json.loads(pages or "[]")) for iid, pages in rows}
    out: dict[str, set[str]] = {}
    with duckdb.connect(str(Path(world) / PAGES_DB), read_only=True) as con:
        results = con.execute(
            "SELECT interaction_id, page_id, page_url FROM results WHERE list_contains(?, interaction_id)",
            [ids],
        ).fetchall()
    for iid, page_id, url in results:
        if page_id in gold.get(iid, ()):
            out.setdefault(iid, set()).add(url)
    return out


def footer(scores: Scores, run: str) -> list[str]:
    """What the table cannot say: how to settle undecided answers, where the tracebacks are, the original's
    figures."""
    overall = scores.primary_score
    lines = []
    undecided = overall.n_undecided if overall is not None else 0
    if undecided:
        lines.append(
            f"{undecided} answers the rules judge could not decide count as incorrect in Score_a; the range "
            f"counts them correct. Settle them with an LLM judge (crag-eval score {run} --judge openai) or "
            f"human labels (crag-eval score {run} --labels labels.csv, columns interaction_id,label)."
        )
    if scores.counts.model_errors:
        lines.append(
            f"{scores.counts.model_errors} model errors/timeouts (counted missing); tracebacks in "
            f"{run}/{ERRORS}; retry them with crag-eval --resume {run} --retry-errors"
        )
    o = scores.original
    if o:
        lines.append(
            "figures as the original evaluator reports them: "
            + ", ".join(f"{k} {o[k]:.4f}" for k in ORIGINAL_KEYS)
        )
    return lines


def range_text(s: ScoreData) -> str:
    """Score_a with undecided counted incorrect … counted correct."""
    return f"{pct(s.get('score_a'))} … {pct(s.get('score_a_high', s.get('score_a')))}"


def _env() -> Environment:
    return Environment(
        loader=PackageLoader("crag_eval", "templates"),
        autoescape=select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_reports(run_dir: Path, page_size: int = PAGE_SIZE) -> tuple[Path, Path]:
    ctx = _context(run_dir, page_size)
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

    found = read_scores(run_dir)
    typed = found or Scores()
    console = Console()
    console.width = max(console.width, 132)
    table = Table(title=f"crag-eval {run_dir}")
    for column in SUMMARY_COLUMNS:
        table.add_column(column, justify="left" if column == "judge" else "right")
    for name, s in typed.overall.items():
        table.add_row(*summary_row(name, s.to_dict()))
    console.print(table)
    counts, primary = typed.counts, typed.primary_score
    console.print(
        f"judge failures: {primary.n_judge_failed if primary else 0}  model errors/timeouts: "
        f"{counts.model_errors}  not answered: {counts.not_answered}  "
        f"macro (KDD Cup): {pct(typed.macro.get('macro'))}"
    )
    for line in footer(typed, str(run_dir)):
        console.print(line, highlight=False, markup=False)
    retrieval = (typed.diagnostics or {}).get("retrieval") or {}
    if retrieval.get("context_questions"):
        console.print(
            f"retrieval (model contexts, {retrieval['context_questions']} questions): key-phrase recall "
            f"{pct(retrieval['context_recall'])}%, all phrases {pct(retrieval['context_accuracy'])}% "
            f"(served pages: {pct(retrieval['served_recall'])}%, {pct(retrieval['served_accuracy'])}%)"
        )
    if "average" in typed.model_fields_set:
        console.print(f"judges averaged: {typed.average}")
    for section in measures.sections(found) if found else []:
        if section.title.startswith("Per question"):
            continue  # in the report only
        cells = ", ".join(
            f"{h} {c}" for row in section.rows for h, c in zip(section.header, row, strict=True)
        )
        console.print(f"{section.title}: {cells}", highlight=False, markup=False)
    k = typed.key_points
    if k is not None and k.llm_failures:  # the report says it too; a terminal user must not miss it
        console.print(
            f"key-point judge {k.judge}: no verdict on {k.llm_failures} of {k.key_points} key points "
            "(the rules decided them)",
            highlight=False,
            markup=False,
        )
    console.print(f"report: {run_dir / 'report.html'}")


SUMMARY_COLUMNS = (
    "judge",
    "n",
    "accuracy %",
    "hallucination %",
    "missing %",
    "undecided",
    "Score_a % [95% CI]",
    "Score_a range %",
    "Score_h %",
)


def summary_row(name: str, s: ScoreData) -> list[str]:
    """One judge's row of the headline table (terminal and report.md alike)."""
    return [
        name,
        str(s["n"]),
        pct(s["accuracy"]),
        pct(s["hallucination"]),
        pct(s["missing"]),
        str(s.get("n_undecided", 0)),
        f"{pct(s['score_a'])} {ci_text(s, 'score_a')}",
        range_text(s),
        pct(s.get("score_h")),
    ]
