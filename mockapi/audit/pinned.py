"""The figures CRAG's tables pin, which the language work must not regress: read from the manifest the build
measured (`mockapi.world.pages.summary`), plus page sizes and the empty last-modified share from the results
themselves (so real records get them too). Tolerances are today's test tolerances (tests/world).
"""

from __future__ import annotations

import statistics
from typing import TypedDict

from mockapi.audit.data import Corpus
from mockapi.formats.manifest import KgSection, Number, WebStageSection


class PinnedFigures(TypedDict):
    """The figures the world's build pinned (manifest.json), and what the served pages show of them."""

    max_type_gap_pts: Number | None
    max_dynamism_gap_pts: Number | None
    recall_web_pct: Number | None
    recall_kg_pct: Number | None
    recall_kg_by_popularity: dict[str, Number | None]
    head_gt_torso_gt_tail: bool | None
    snr: Number | None
    median_page_chars: float | None
    empty_page_share: float | None
    last_modified_empty_share: float | None


def pinned_figures(corpus: Corpus) -> PinnedFigures:
    """Mix gaps, recall by source and popularity, SNR, page sizes, empty last-modified share."""
    web = corpus.manifest.web_stage or WebStageSection()
    summary, kg = web.summary, corpus.manifest.kg or KgSection()
    recall = summary.recall_pct
    by_pop = recall.kg_by_popularity
    sizes = sorted({r.page_id: r.size for q in corpus.questions for r in q.results}.values())
    results = [r for q in corpus.questions for r in q.results]
    return {
        "max_type_gap_pts": summary.max_type_gap_pts,
        "max_dynamism_gap_pts": summary.max_dynamism_gap_pts,
        "recall_web_pct": recall.web,
        "recall_kg_pct": recall.kg,
        "recall_kg_by_popularity": by_pop,
        "head_gt_torso_gt_tail": (
            (by_pop.get("head") or 0) > (by_pop.get("torso") or 0) > (by_pop.get("tail") or 0)
            if by_pop
            else None
        ),
        "snr": kg.hard_negative_ratio,
        "median_page_chars": statistics.median(sizes) if sizes else None,
        "empty_page_share": round(sizes.count(0) / len(sizes), 3) if sizes else None,
        "last_modified_empty_share": (
            round(sum(not r.last_modified.strip() for r in results) / len(results), 3) if results else None
        ),
    }
