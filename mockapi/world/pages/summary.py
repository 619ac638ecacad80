"""Manifest section of the questions+pages stage: mix, recall and page statistics, measured."""

from __future__ import annotations

import statistics
import time
from collections import Counter
from typing import Any

from mockapi.formats.pagespec import PageSpec
from mockapi.web.render import render_page
from mockapi.world.questions.mix import crag_shares
from mockapi.world.questions.model import Question


def _shares(counter: Counter[str], total: int) -> dict[str, float]:
    return {k: round(100 * v / total, 1) for k, v in sorted(counter.items())}


def _recall(questions: list[Question]) -> float | None:
    return round(100 * sum(q.answer_in_pages for q in questions) / len(questions), 1) if questions else None


def question_summary(questions: list[Question]) -> dict[str, Any]:
    """Counts and shares by type, dynamism, domain, source; gap to CRAG's mix; answer-in-pages recall."""
    n = len(questions)
    by_type = Counter(q.question_type for q in questions)
    by_dyn = Counter(q.static_or_dynamic for q in questions)
    crag = crag_shares()
    kg = [q for q in questions if q.answer_source == "kg"]
    web = [q for q in questions if q.answer_source == "web"]
    return {
        "questions": n,
        "by_type": dict(sorted(by_type.items())),
        "by_dynamism": dict(sorted(by_dyn.items())),
        "by_domain": dict(sorted(Counter(q.domain for q in questions).items())),
        "by_source": {"kg": len(kg), "web": len(web)},
        "kg_popularity": dict(sorted(Counter(q.popularity for q in kg).items())),
        "type_share_pct": _shares(by_type, n),
        "dynamism_share_pct": _shares(by_dyn, n),
        "max_type_gap_pts": round(
            max(abs(100 * by_type[t] / n - 100 * s) for t, s in crag["question_type"].items()), 2
        ),
        "max_dynamism_gap_pts": round(
            max(abs(100 * by_dyn[k] / n - 100 * s) for k, s in crag["static_or_dynamic"].items()), 2
        ),
        "recall_pct": {
            "web": _recall(web),
            "kg": _recall(kg),
            "kg_by_popularity": {
                p: _recall([q for q in kg if q.popularity == p]) for p in ("head", "torso", "tail")
            },
            "false_premise": _recall([q for q in questions if q.question_type == "false_premise"]),
        },
    }


def _pct(values: list[int], p: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else 0


def page_summary(sizes: dict[str, int], result_sizes: list[int], dated: int) -> dict[str, Any]:
    """Unique pages, size percentiles (per unique page and per served result), empty and dated shares."""
    page_sizes = list(sizes.values())
    results = len(result_sizes)
    return {
        "pages": len(page_sizes),
        "results": results,
        "empty_pages": sum(1 for s in page_sizes if s == 0),
        "html_size": {
            "p5": _pct(page_sizes, 0.05),
            "p50": _pct(page_sizes, 0.5),
            "p95": _pct(page_sizes, 0.95),
            "max": max(page_sizes, default=0),
            "mean_served": int(statistics.fmean(result_sizes)) if result_sizes else 0,
            "median_served": _pct(result_sizes, 0.5),
        },
        "last_modified_empty_pct": round(100 * (results - dated) / results, 1) if results else None,
    }


def render_timing(specs: list[PageSpec]) -> dict[str, float]:
    """Wall-clock render cost on a sample of pages (informational: a /web/search renders up to 50)."""
    if not specs:
        return {}
    render_page(specs[0])  # builds the boilerplate pools once
    started = time.perf_counter()
    chars = sum(len(render_page(s)) for s in specs)
    seconds = time.perf_counter() - started
    return {
        "sample": len(specs),
        "ms_per_page": round(1000 * seconds / len(specs), 3),
        "mb_per_s": round(chars / seconds / 1e6, 1) if seconds else 0.0,
    }
