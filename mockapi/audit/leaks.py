"""Leaks: what gives the answer page or a false premise away without reading.

- **Rank-1 share**: answerable questions whose rank-1 result is an answer page.
- **Single-feature page rules**: every (question, result) pair is labelled answer page or not. A rule is one
  feature of the result: `host:`, `seg1:` (first path segment), `seg:` (any path segment), `shape:` (the path
  with each segment reduced to its character classes), `title:` (a lower-cased word of the page name that
  the question does not use: a title repeating the question's words is relevance, found by reading),
  `size:` (html-size decile), `modified:` (empty, or the year of last-modified). A rule must be a pattern,
  not one entity's name: it needs support of at least `max(10, 0.1% of pairs)` results spread over at least
  `max(5, 1% of questions)` questions. Rules are scored by the 95% Wilson lower bound of their precision (so
  that a rule that is lucky on few pages does not win); the figure is that lower bound over the base rate
  (share of answer pages among all results), for the best rule.
- **Single-feature false-premise rules**: features of the question text: `bare year` (a 4-digit year), any
  word, any two consecutive words, the first two words, `has number`. Rules with support ≥ max(5, 0.5% of
  questions). The figure is the best rule by min(precision, recall) — the acceptance wants that ≤ 0.3, i.e.
  no single feature is both precise and broad.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from typing import TypedDict
from urllib.parse import urlsplit

from mockapi.audit.data import AuditQuestion

_YEAR = re.compile(r"\b(?:1[5-9]|20)\d\d\b")


class Rank1Share(TypedDict):
    answerable: int
    rank1_share: float | None
    top5_share: float | None


class PageRules(TypedDict, total=False):
    """The best page rule; without answer pages only pairs, base_rate, best (None) and ratio (None)."""

    pairs: int
    base_rate: float
    min_support: int
    min_questions: int
    best: str | None
    best_support: int
    best_precision: float | None
    best_precision_low: float
    ratio: float | None


class PremiseRules(TypedDict):
    false_premises: int
    bare_year_precision: float
    bare_year_recall: float
    best: str
    best_precision: float
    best_recall: float
    best_min_pr: float


def rank1_share(questions: list[AuditQuestion]) -> Rank1Share:
    """Share of answerable questions with an answer page at rank 1 (and within the top 5)."""
    subject = [q for q in questions if q.answerable and q.results]
    top1 = sum(q.results[0].page_id in q.gold for q in subject)
    top5 = sum(any(r.page_id in q.gold for r in q.results[:5]) for q in subject)
    n = len(subject)
    return {
        "answerable": n,
        "rank1_share": round(top1 / n, 3) if n else None,
        "top5_share": round(top5 / n, 3) if n else None,
    }


def wilson_low(hits: int, n: int, z: float = 1.96) -> float:
    """Lower bound of the 95% Wilson interval of a proportion."""
    if n == 0:
        return 0.0
    p = hits / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - margin) / (1 + z * z / n)


def _segment_shape(segment: str) -> str:
    return re.sub(r"[a-z]+", "a", re.sub(r"\d+", "9", segment.lower()))


def result_features(
    url: str, name: str, size_decile: int, modified: str, asked: frozenset[str] = frozenset()
) -> set[str]:
    """The single features a rule may test on one result (`asked`: the question's words)."""
    parts = urlsplit(url)
    segments = [s for s in parts.path.split("/") if s]
    feats = {f"host:{parts.netloc.lower()}", f"size:{size_decile}"}
    feats.add(f"seg1:{segments[0].lower()}" if segments else "seg1:")
    feats.update(f"seg:{s.lower()}" for s in segments)
    feats.add("shape:/" + "/".join(_segment_shape(s) for s in segments))
    feats.update(f"title:{w}" for w in re.findall(r"[a-z0-9]+", name.lower()) if w not in asked)
    year = re.search(r"\d{4}", modified)
    feats.add(f"modified:{year.group() if year else 'empty'}")
    return feats


def page_rules(questions: list[AuditQuestion]) -> PageRules:
    """The best single-feature rule for spotting answer pages, against the base rate."""
    sizes = sorted(r.size for q in questions for r in q.results)
    cuts = [sizes[len(sizes) * i // 10] for i in range(1, 10)] if sizes else []
    support: Counter[str] = Counter()
    hits: Counter[str] = Counter()
    spread: Counter[str] = Counter()  # distinct questions whose results show the feature
    pairs = positives = 0
    for q in questions:
        seen: set[str] = set()
        asked = frozenset(re.findall(r"[a-z0-9]+", q.query.lower()))
        for r in q.results:
            decile = sum(r.size > c for c in cuts)
            feats = result_features(r.url, r.name, decile, r.last_modified, asked)
            gold = r.page_id in q.gold
            pairs += 1
            positives += gold
            support.update(feats)
            seen |= feats
            if gold:
                hits.update(feats)
        spread.update(seen)
    if not pairs or not positives:
        return {"pairs": pairs, "base_rate": 0.0, "best": None, "ratio": None}
    base = positives / pairs
    floor = max(10, pairs // 1000)
    min_questions = max(5, len(questions) // 100)
    scored = [
        (wilson_low(hits[f], n), f, n)
        for f, n in support.items()
        if n >= floor and spread[f] >= min_questions
    ]
    low, feat, n = max(scored) if scored else (0.0, "", 0)
    return {
        "pairs": pairs,
        "base_rate": round(base, 4),
        "min_support": floor,
        "min_questions": min_questions,
        "best": feat,
        "best_support": n,
        "best_precision": round(hits[feat] / n, 3) if n else None,
        "best_precision_low": round(low, 3),
        "ratio": round(low / base, 2),
    }


def _question_features(query: str) -> set[str]:
    words = re.findall(r"[a-z0-9']+", query.lower())
    feats = {f"word:{w}" for w in words}
    feats.update(f"pair:{a} {b}" for a, b in itertools.pairwise(words))
    feats.add("first2:" + " ".join(words[:2]))
    if _YEAR.search(query):
        feats.add("bare year")
    if re.search(r"\d", query):
        feats.add("has number")
    return feats


def premise_rules(questions: list[AuditQuestion]) -> PremiseRules:
    """Precision/recall of the bare-year rule and of the best single text feature for false premises."""
    total_fp = sum(q.false_premise for q in questions)
    support: Counter[str] = Counter()
    hits: Counter[str] = Counter()
    for q in questions:
        feats = _question_features(q.query)
        support.update(feats)
        if q.false_premise:
            hits.update(feats)

    def pr(feat: str) -> tuple[float, float]:
        n = support[feat]
        return (hits[feat] / n if n else 0.0, hits[feat] / total_fp if total_fp else 0.0)

    floor = max(5, len(questions) // 200)
    candidates = [f for f, n in support.items() if n >= floor]
    best = max(candidates, key=lambda f: (min(pr(f)), f), default="bare year")
    year_p, year_r = pr("bare year")
    best_p, best_r = pr(best)
    return {
        "false_premises": total_fp,
        "bare_year_precision": round(year_p, 3),
        "bare_year_recall": round(year_r, 3),
        "best": best,
        "best_precision": round(best_p, 3),
        "best_recall": round(best_r, 3),
        "best_min_pr": round(min(best_p, best_r), 3),
    }
