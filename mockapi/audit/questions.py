"""Question-language figures: skeletons, top-10 share, conversational share, tickers, questions naming no
entity, sentence answers. Definitions of masking and style are in `mockapi.audit.text`; here:

- **Ticker** (finance questions): a question token of 1-5 letters that is written in capitals on the
  question's own result pages at least twice and more often in capitals than not ("PLYA", "AAPL"), or that the
  question itself writes in capitals. Pages are where a reader meets tickers, in both worlds.
- **Names no entity**: the skeleton holds no `<e>` (numbers, years and dates may remain).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TypedDict

from mockapi.audit.data import AuditQuestion
from mockapi.audit.text import FUNCTION_WORDS, is_conversational, is_sentence_answer, masked

_WORD = re.compile(r"\b[A-Za-z]{1,5}\b")


class SkeletonFigures(TypedDict):
    questions: int
    distinct_skeletons: int
    distinct_per_1200: float | None
    top10_share: float | None
    top10: list[tuple[str, int]]
    """(skeleton, questions), commonest first."""


class StyleFigures(TypedDict):
    conversational_share: float
    no_entity_share: float
    sentence_answer_share: float


class TickerShare(TypedDict):
    finance_questions: int
    ticker_share: float | None
    examples: list[str]


class QuestionFigures(SkeletonFigures, StyleFigures, TickerShare):
    """The audit's `questions` group: the three above in one object."""


def skeleton_figures(questions: list[AuditQuestion], vocab: frozenset[str]) -> SkeletonFigures:
    """Distinct skeletons, per 1,200 questions, top-10 share, and the top skeletons themselves."""
    skeletons = Counter(" ".join(masked(q.query, vocab)) for q in questions)
    n = len(questions)
    top = skeletons.most_common(10)
    return {
        "questions": n,
        "distinct_skeletons": len(skeletons),
        "distinct_per_1200": round(len(skeletons) * 1200 / n, 1) if n else None,
        "top10_share": round(sum(c for _s, c in top) / n, 3) if n else None,
        "top10": top,
    }


def style_figures(questions: list[AuditQuestion], vocab: frozenset[str]) -> StyleFigures:
    """Conversational share, no-entity share, sentence-answer share."""
    n = len(questions) or 1
    answers = [q for q in questions if q.answer.strip()]
    return {
        "conversational_share": round(sum(is_conversational(q.query) for q in questions) / n, 3),
        "no_entity_share": round(sum("<e>" not in masked(q.query, vocab) for q in questions) / n, 3),
        "sentence_answer_share": round(
            sum(is_sentence_answer(q.answer) for q in answers) / (len(answers) or 1), 3
        ),
    }


def ticker_share(questions: list[AuditQuestion], page_text: dict[str, str]) -> TickerShare:
    """Share of finance questions naming a company by ticker; `page_text` maps page id to visible text."""
    finance = [q for q in questions if q.domain == "finance"]
    hits = [q for q in finance if _has_ticker(q, page_text)]
    return {
        "finance_questions": len(finance),
        "ticker_share": round(len(hits) / len(finance), 3) if finance else None,
        "examples": [q.query for q in hits[:3]],
    }


def _has_ticker(q: AuditQuestion, page_text: dict[str, str]) -> bool:
    words = {w for w in _WORD.findall(q.query) if w.lower() not in FUNCTION_WORDS}
    if any(len(w) >= 2 and w.isupper() for w in words):
        return True
    candidates = {w.lower() for w in words}
    if not candidates:
        return False
    caps: Counter[str] = Counter()
    other: Counter[str] = Counter()
    for r in q.results:
        for w in re.findall(r"\b[A-Za-z]{1,5}\b", page_text.get(r.page_id, "")):
            low = w.lower()
            if low in candidates:
                (caps if w.isupper() and (len(w) > 1 or w != "A") else other)[low] += 1
    return any(caps[w] >= 2 and caps[w] > other[w] for w in candidates)
