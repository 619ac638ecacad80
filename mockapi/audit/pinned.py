"""The figures CRAG's tables pin, which the language work must not regress: read from the manifest the build
measured (`mockapi.world.pages.summary`), plus page sizes and the empty last-modified share from the results
themselves (so real records get them too). Tolerances are today's test tolerances (tests/world).
"""

from __future__ import annotations

import statistics
from typing import TypedDict

from mockapi.audit.data import HELD, Corpus
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
    pages = _stored_pages(corpus) if corpus.world is not None else _held_pages(corpus)
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
        **pages,
    }


class PageFigures(TypedDict):
    median_page_chars: float | None
    empty_page_share: float | None
    last_modified_empty_share: float | None


def _held_pages(corpus: Corpus) -> PageFigures:
    """Page sizes and the empty last-modified share over the results held in memory (a real sample)."""
    sizes = sorted({r.page_id: r.size for q in corpus.questions for r in q.results}.values())
    results = [r for q in corpus.questions for r in q.results]
    return {
        "median_page_chars": statistics.median(sizes) if sizes else None,
        "empty_page_share": round(sizes.count(0) / len(sizes), 3) if sizes else None,
        "last_modified_empty_share": (
            round(sum(not r.last_modified.strip() for r in results) / len(results), 3) if results else None
        ),
    }


def _stored_pages(corpus: Corpus) -> PageFigures:
    """`_held_pages` counted in a world's store (issue 34: a 20,000-question world's million results are
    never held), the same figures: the median of the distinct pages' sizes from its one or two middle values,
    the last-modified strings stripped as Python strips them (one row per distinct string)."""
    sizes = (
        f"SELECT page_id, any_value(html_size) AS size FROM pages WHERE page_id IN "
        f"(SELECT page_id FROM ({HELD})) GROUP BY page_id"
    )
    ((n, empty),) = corpus.sql(f"SELECT count(*), count(*) FILTER (WHERE size = 0) FROM ({sizes})")
    below = (n - 1) // 2
    middle = [v for (v,) in corpus.sql(f"SELECT size FROM ({sizes}) ORDER BY size LIMIT 2 OFFSET ?", [below])]
    modified = corpus.sql(f"SELECT page_last_modified, count(*) FROM ({HELD}) GROUP BY 1")
    results = sum(c for _, c in modified)
    return {
        "median_page_chars": (middle[0] if n % 2 else (middle[0] + middle[1]) / 2) if n else None,
        "empty_page_share": round(empty / n, 3) if n else None,
        "last_modified_empty_share": (
            round(sum(c for lm, c in modified if not lm.strip()) / results, 3) if results else None
        ),
    }
