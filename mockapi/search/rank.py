"""The two rankings over a CorpusIndex: the original server's (exactly) and our exact-match-first one.

Original, BM25Okapi corpora (contract §2.2): numpy's `argsort(scores)[::-1][:10]` over every document, zero
scores dropped afterwards. When the best positive scores are distinct down to the 10th (and the 10th differs
from the 11th) that is simply the candidates by score; otherwise the order of tied documents is whatever
numpy's sort makes of the whole score array, so we build that array and run the same argsort - exact, paid
only on ties. (numpy versions differ in how argsort orders ties: the original's order is reproduced when
both run the same numpy.)
Original, music (§2.3): `heapq.nlargest` is stable, so ties keep the order documents were first scored.
Short postings are scored in plain Python, long ones with numpy; both give the same floats.
Improved, long postings: the top 20 candidates come from MaxScore pruning (mockapi/search/topk.py), the same
pairs as scoring every posting without summing the postings of common tokens such as "the".
"""

from __future__ import annotations

from typing import Literal

import numpy as np

from mockapi.core.textnorm import normalize
from mockapi.search.index import CorpusIndex, Scored
from mockapi.search.topk import best_pruned

TOP_N = 10
SMALL = 2048
"""Postings in a query up to which plain Python beats numpy's per-call overhead."""
DENSE = 4096
"""Corpora up to this size are ranked the original's way outright (argsort of the full score array): cheaper
there than looking for ties first."""
Mode = Literal["original", "improved"]


def search(index: CorpusIndex, query: str, mode: Mode, cutoff: bool) -> list[str]:
    """Up to 10 original names (movie: keys) for `query`, best first."""
    norm = normalize(query)
    tokens = norm.split()
    if not tokens:
        return []
    cut = cutoff and mode == "original"
    spans = index.spans(tokens, cut)
    if not spans:
        return []
    if mode == "original" and not cut and index.n_docs <= DENSE:
        docs = _dense(index, index.score_arrays(spans, cut))
    elif sum(b - a for a, b in spans) <= SMALL:
        pairs = list(index.score_dict(spans, cut).items())
        if mode == "improved":
            docs = _improved(index, norm, pairs)
        elif cut:
            docs = [d for d, _ in sorted(pairs, key=lambda p: p[1], reverse=True)[:TOP_N]]
        else:
            docs = _okapi(index, pairs)
    else:
        if mode == "improved":
            docs = _improved(index, norm, best_pruned(index, spans, TOP_N * 2))
        elif cut:
            scored = index.score_arrays(spans, cut)
            order = np.lexsort((scored.first_seen, -scored.scores))[:TOP_N]
            docs = [int(d) for d in scored.docs[order]]
        else:
            docs = _okapi_arrays(index, index.score_arrays(spans, cut))
    names: list[str] = []
    for doc in docs:
        names.extend(index.expand(doc))
        if len(names) >= TOP_N:
            break
    return names[:TOP_N]


def _okapi(index: CorpusIndex, pairs: list[tuple[int, float]], scored: Scored | None = None) -> list[int]:
    positive = sorted((p for p in pairs if p[1] > 0), key=lambda p: p[1], reverse=True)
    head = [s for _, s in positive[: TOP_N + 1]]
    tied = len(set(head[:TOP_N])) < len(head[:TOP_N]) or (
        len(head) > TOP_N and head[TOP_N - 1] == head[TOP_N]
    )
    # negative scores (mean IDF below zero: tiny corpora) reach the top 10 only through too few zeros
    n_negative = sum(1 for p in pairs if p[1] < 0) if scored is None else int((scored.scores < 0).sum())
    if tied or (n_negative and index.n_docs - n_negative < TOP_N):
        return _dense(index, pairs if scored is None else scored)
    return [d for d, _ in positive[:TOP_N]]


def _okapi_arrays(index: CorpusIndex, scored: Scored) -> list[int]:
    """`_okapi` over long postings, in numpy. The 11 best positive scores come from a plain sort of the
    values: a frequent token gives thousands of equal scores, where numpy's (arg)partition takes ~15x longer
    than a sort, and Python's sort of the pairs longer still."""
    positive = scored.scores > 0
    scores, docs = scored.scores[positive], scored.docs[positive]
    head = np.sort(scores)[::-1][: TOP_N + 1].tolist()
    tied = len(set(head[:TOP_N])) < len(head[:TOP_N]) or (
        len(head) > TOP_N and head[TOP_N - 1] == head[TOP_N]
    )
    n_negative = int((scored.scores < 0).sum())
    if tied or (n_negative and index.n_docs - n_negative < TOP_N):
        return _dense(index, scored)
    # no tie: the documents scoring above the 11th score are the top 10, each with its own score
    top = np.flatnonzero(scores > head[TOP_N]) if len(head) > TOP_N else np.arange(len(head))
    top = top[np.argsort(-scores[top], kind="stable")]
    return [int(d) for d in docs[top]]


def _dense(index: CorpusIndex, found: list[tuple[int, float]] | Scored) -> list[int]:
    full = np.zeros(index.n_docs)
    if isinstance(found, Scored):
        full[found.docs] = found.scores
    else:
        for doc, score in found:
            full[doc] = score
    top = np.argsort(full)[::-1][:TOP_N]
    return [int(d) for d in top if full[d] != 0]


def _improved(index: CorpusIndex, norm: str, pairs: list[tuple[int, float]]) -> list[int]:
    """Exact normalised match first, then score descending, then document position; zero scores dropped."""
    exact = index.exact_docs(norm)[:TOP_N]
    chosen = set(exact)
    rest = sorted((p for p in pairs if p[1] > 0 and p[0] not in chosen), key=lambda p: (-p[1], p[0]))
    return exact + [d for d, _ in rest[: TOP_N - len(exact)]]
