"""Page structure: how many different top-level body structures a reader meets in a run of results.

- **Top-level structure** of a page: the tags of the body's first `CHILDREN` element children, in order
  (invisible elements such as script/style dropped, as in `anatomy`; no collapsing of repeats); an empty
  page is one structure of its own. Tags only: class names are site-specific.
- **Runs**: the results of `QUESTIONS` sampled questions, each question's list in rank order, concatenated in
  question order; every window of `WINDOW` consecutive results (step `STEP`). The figure is the fewest
  distinct structures in a window ("in any 40 consecutive results").
- **Max share**: the commonest structure's share of the distinct pages measured.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TypedDict

from selectolax.lexbor import LexborHTMLParser

from mockapi.audit.anatomy import elements
from mockapi.audit.data import AuditQuestion, Corpus

CHILDREN = 12
WINDOW = 40
STEP = 5
QUESTIONS = 40


def top_structure(html: str) -> str:
    """The first `CHILDREN` element children of the body, by tag."""
    if not html or not html.strip():
        return "(empty page)"
    body = LexborHTMLParser(html).body
    if body is None:
        return "(no body)"
    return " ".join(str(c.tag) for c in elements(body)[:CHILDREN]) or "(empty body)"


class StructureFigures(TypedDict, total=False):
    """The audit's `structure` group; without results only results (0), min_in_40 and max_share (None)."""

    results: int
    pages: int
    window: int
    min_in_40: int | None
    distinct: int
    max_share: float | None
    top: list[tuple[str, int]]


def structure_figures(corpus: Corpus, questions: list[AuditQuestion], rng: random.Random) -> StructureFigures:
    """Fewest distinct structures in any window of 40 consecutive results; commonest structure's share."""
    chosen = sorted(rng.sample(range(len(questions)), min(QUESTIONS, len(questions))))
    run = [r.page_id for i in chosen for r in questions[i].results]
    shape = {pid: top_structure(h) for pid, h in corpus.each_html(run)}  # a batch of pages at a time
    if not run:
        return {"results": 0, "min_in_40": None, "max_share": None}
    size = min(WINDOW, len(run))
    starts = range(0, len(run) - size + 1, STEP)
    counts = [len({shape[p] for p in run[s : s + size]}) for s in starts]
    common = Counter(shape.values()).most_common(3)
    return {
        "results": len(run),
        "pages": len(shape),
        "window": size,
        "min_in_40": min(counts),
        "distinct": len(set(shape.values())),
        "max_share": round(common[0][1] / len(shape), 3),
        "top": common,
    }
