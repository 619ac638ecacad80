"""Stock prose: content sentences that share a word 5-gram with the pages of many questions.

A participant who sees the same five words on the pages of many unrelated questions drops every sentence that
holds them before reading; real pages repeat a phrase across questions only in chrome (navigation, footers).

- **Pages**: for each of `n` sampled questions, `PAGES_PER_QUESTION` of its results drawn at random (seeded).
- **5-grams**: lower-cased word tokens (`[a-z0-9]+`, apostrophes kept inside words) of each sentence of the
  page's content text (chrome removed, `anatomy`), five in a row within one sentence.
- **Stock 5-gram**: one that occurs on the sampled pages of at least `max(2, ceil(10% of the questions))`
  questions.
- **Figure**: content sentences (`text.is_content_sentence`: 6+ words, prose-like) of the sampled pages, each
  distinct page once, that hold a stock 5-gram, over all such sentences.
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from typing import TypedDict

from mockapi.audit import pages
from mockapi.audit.data import AuditQuestion, Corpus
from mockapi.audit.text import is_content_sentence, sentences

PAGES_PER_QUESTION = 5
SHARE_OF_QUESTIONS = 0.10
_WORD = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?")


def five_grams(sentence: str) -> set[tuple[str, ...]]:
    """The word 5-grams of one sentence."""
    words = _WORD.findall(sentence.lower())
    return {tuple(words[i : i + 5]) for i in range(len(words) - 4)}


class _StockCounts(TypedDict):
    """What one sample's stock 5-grams count."""

    questions: int
    pages: int
    min_questions: int
    content_sentences: int
    stock_sentences: int
    stock_share: float | None
    stock_5grams: int
    top: list[str]


class StockFigures(_StockCounts, total=False):
    """The audit's `prose` group: the first sample's counts, the share the mean of `figures.STOCK_DRAWS`."""

    draw_shares: list[float | None]  # each sample's share


def _commonest(item: tuple[tuple[str, ...], int]) -> tuple[int, tuple[str, ...]]:
    return -item[1], item[0]


def stock_figures(corpus: Corpus, questions: list[AuditQuestion], rng: random.Random) -> StockFigures:
    """Share of content sentences holding a stock 5-gram (module docstring), and the commonest ones."""
    chosen: dict[str, list[str]] = {}
    for q in questions:
        ids = list(dict.fromkeys(r.page_id for r in q.results))
        chosen[q.qid] = sorted(rng.sample(ids, min(PAGES_PER_QUESTION, len(ids))))
    measured = pages.measure(corpus, sorted({p for ids in chosen.values() for p in ids}))
    page_sentences = {pid: sentences(a.content_text) for pid, a in measured.items()}
    page_grams = {pid: set().union(*(five_grams(s) for s in ss)) for pid, ss in page_sentences.items()}
    spread: Counter[tuple[str, ...]] = Counter()
    for ids in chosen.values():
        spread.update(set().union(*(page_grams[p] for p in ids)) if ids else set())
    floor = max(2, math.ceil(SHARE_OF_QUESTIONS * len(chosen)))
    stock = {g for g, n in spread.items() if n >= floor}
    total = held = 0
    for ss in page_sentences.values():
        for s in ss:
            if is_content_sentence(s):
                total += 1
                held += bool(five_grams(s) & stock)
    return {
        "questions": len(chosen),
        "pages": len(measured),
        "min_questions": floor,
        "content_sentences": total,
        "stock_sentences": held,
        "stock_share": round(held / total, 3) if total else None,
        "stock_5grams": len(stock),
        # ties by the words: the counter's own order is a set's, which moves with the hash seed between runs
        "top": [" ".join(g) for g, _n in sorted(spread.items(), key=_commonest)[:8] if g in stock],
    }
