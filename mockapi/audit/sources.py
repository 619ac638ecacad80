"""Sources: how many of a question's pages state its answer, and whether the answer is among the 50 at all.

- **Short answer**: at most `SHORT_WORDS` words, not a sentence (`text.is_sentence_answer`), at least 3
  characters (a one- or two-character value such as "en" or "12" occurs on any page by chance), and not
  yes/no (which no page states as such).
- **States the answer**: the page's visible text holds the gold answer or an alternative as a whole phrase
  (case-insensitive; no letter or digit either side).
- **Redundancy**: over answerable questions with a short answer, the served Task 1 pages (the first
  `TASK1_PAGES` results) that state the answer, over all served Task 1 pages; and per question the count of
  its Task 1 pages that do (a histogram 0..5). The count of answer pages among all 50 results (gold labels of
  a world, the verbatim rule for real records) is shown too.
- **Recall over the 50 pages**: questions whose results hold an answer page, per answer source (web / KG; KG
  also per popularity), over all questions of that source as the build's own figure counts them (a false
  premise has no answer page, so it counts as not found).
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from typing import TypedDict

from mockapi.audit.data import AuditQuestion, Corpus
from mockapi.audit.text import is_sentence_answer

TASK1_PAGES = 5
SHORT_WORDS = 6
_YES_NO = frozenset({"yes", "no", "true", "false"})


def short_answers(q: AuditQuestion) -> list[str]:
    """The question's answers that are short values (module docstring); [] when it has none."""
    out = []
    for a in q.answers():
        value = a.strip().lower()
        short = len(value) >= 3 and value not in _YES_NO and len(value.split()) <= SHORT_WORDS
        if short and not is_sentence_answer(value):
            out.append(value)
    return out


def states(text: str, answers: list[str]) -> bool:
    """Does `text` hold one of `answers` as a whole phrase (case-insensitive)?"""
    low = text.lower()
    return any(re.search(rf"(?<![a-z0-9]){re.escape(a)}(?![a-z0-9])", low) for a in answers)


class Redundancy(TypedDict):
    questions: int
    served_pages: int
    stating_pages: int
    stating_share: float | None
    task1_count_histogram: dict[str, int]
    """Questions by how many of their Task 1 pages state the answer ("0".."5")."""
    three_plus_share: float | None
    answer_pages_in_50_median: float | None
    answer_pages_in_50_max: int | None


class SourceRecall(TypedDict):
    web_pct: float | None
    kg_pct: float | None
    kg_by_popularity: dict[str, float | None]
    all_pct: float | None


class SourceFigures(TypedDict):
    """The audit's `sources` group."""

    redundancy: Redundancy
    recall: SourceRecall


def redundancy(corpus: Corpus, questions: list[AuditQuestion]) -> Redundancy:
    """Share of served Task 1 pages stating the answer; per-question counts (module docstring)."""
    subject = [(q, short_answers(q)) for q in questions if q.answerable]
    subject = [(q, a) for q, a in subject if a]
    ids = [r.page_id for q, _a in subject for r in q.results[:TASK1_PAGES]]
    text = corpus.text(ids, limit=400_000)
    served = stating = 0
    per_question: Counter[int] = Counter()
    for q, answers in subject:
        n = sum(states(text.get(r.page_id, ""), answers) for r in q.results[:TASK1_PAGES])
        served += len(q.results[:TASK1_PAGES])
        stating += n
        per_question[n] += 1
    in_50 = [len(q.gold & {r.page_id for r in q.results}) for q, _a in subject]
    return {
        "questions": len(subject),
        "served_pages": served,
        "stating_pages": stating,
        "stating_share": round(stating / served, 3) if served else None,
        "task1_count_histogram": {str(k): per_question[k] for k in range(TASK1_PAGES + 1)},
        "three_plus_share": round(sum(v for k, v in per_question.items() if k >= 3) / len(subject), 3)
        if subject
        else None,
        "answer_pages_in_50_median": statistics.median(in_50) if in_50 else None,
        "answer_pages_in_50_max": max(in_50) if in_50 else None,
    }


def _recall(qs: list[AuditQuestion]) -> float | None:
    if not qs:
        return None
    return round(100 * sum(q.recalled for q in qs) / len(qs), 1)  # counted in the store for a world's


def recall(questions: list[AuditQuestion]) -> SourceRecall:
    """Share (%) of questions with an answer page among their results, by answer source and popularity."""
    asked = questions
    kg = [q for q in asked if q.source == "kg"]
    return {
        "web_pct": _recall([q for q in asked if q.source == "web"]),
        "kg_pct": _recall(kg),
        "kg_by_popularity": {
            p: _recall([q for q in kg if q.popularity == p]) for p in ("head", "torso", "tail")
        },
        "all_pct": _recall(asked),
    }
