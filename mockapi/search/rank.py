"""The two rankings over a CorpusIndex: the original server's (exactly) and our exact-match-first one.

Original, BM25Okapi corpora (contract §2.2): numpy's `argsort(scores)[::-1][:10]` over every document, zero
scores dropped afterwards. When the ten best positive scores are all distinct (and the 10th differs from
the 11th) that is simply the candidates by score; otherwise the order of tied documents is whatever numpy's
sort makes of the whole score array, so we build that array and run the same argsort (same numpy, same CPU
dispatch as the original on this machine) - exact, and only paid on ties.
Original, music (§2.3): `heapq.nlargest` is stable, so ties keep the order documents were first scored.
"""

from __future__ import annotations

from typing import Literal

import numpy as np

from mockapi.search.index import CorpusIndex, Scored
from mockapi.textnorm import normalize

TOP_N = 10
Mode = Literal["original", "improved"]


def search(index: CorpusIndex, query: str, mode: Mode, cutoff: bool) -> list[str]:
    """Up to 10 original names (movie: keys) for `query`, best first."""
    norm = normalize(query)
    tokens = norm.split()
    if not tokens:
        return []
    if mode == "improved":
        docs = _improved(index, norm, index.score(tokens, cutoff=False))
    elif cutoff:
        docs = _original_cutoff(index.score(tokens, cutoff=True))
    else:
        docs = _original_okapi(index, index.score(tokens, cutoff=False))
    names: list[str] = []
    for doc in docs:
        names.extend(index.expand(doc))
        if len(names) >= TOP_N:
            break
    return names[:TOP_N]


def _original_cutoff(scored: Scored) -> list[int]:
    order = np.lexsort((scored.first_seen, -scored.scores))[:TOP_N]
    return [int(d) for d in scored.docs[order]]


def _original_okapi(index: CorpusIndex, scored: Scored) -> list[int]:
    scores = scored.scores
    positive = scores > 0
    n_positive = int(positive.sum())
    n_negative = int((scores < 0).sum())
    # negative scores (mean IDF below zero: tiny corpora) reach the top 10 only through too few zeros
    if n_negative and index.n_docs - n_negative < TOP_N:
        return _dense(index, scored)
    docs, values = scored.docs[positive], scores[positive]
    if n_positive > TOP_N + 1:
        keep = np.argpartition(-values, TOP_N)[: TOP_N + 1]
        docs, values = docs[keep], values[keep]
    order = np.argsort(-values, kind="stable")
    docs, values = docs[order], values[order]
    head = values[:TOP_N]
    tied = len(np.unique(head)) < len(head) or (len(values) > TOP_N and values[TOP_N - 1] == values[TOP_N])
    if tied:
        return _dense(index, scored)
    return [int(d) for d in docs[:TOP_N]]


def _dense(index: CorpusIndex, scored: Scored) -> list[int]:
    full = np.zeros(index.n_docs)
    full[scored.docs] = scored.scores
    top = np.argsort(full)[::-1][:TOP_N]
    return [int(d) for d in top if full[d] != 0]


def _improved(index: CorpusIndex, norm: str, scored: Scored) -> list[int]:
    """Exact normalised match first, then score descending, then document position; zero scores dropped."""
    exact = _exact_docs(index, norm, scored)
    keep = (scored.scores > 0) & ~np.isin(scored.docs, exact)
    docs, values = scored.docs[keep], scored.scores[keep]
    if len(docs) > TOP_N:
        cut = np.argpartition(-values, TOP_N - 1)[:TOP_N]
        # argpartition may split a tie at the boundary arbitrarily: take every doc scoring at least the 10th
        floor = values[cut].min()
        sel = values >= floor
        docs, values = docs[sel], values[sel]
    order = np.lexsort((docs, -values))
    return exact + [int(d) for d in docs[order]][: TOP_N - len(exact)]


def _exact_docs(index: CorpusIndex, norm: str, scored: Scored) -> list[int]:
    n_tokens = len(norm.split())
    same_len = scored.docs[np.asarray(index.doc_len)[scored.docs] == n_tokens]
    return [int(d) for d in same_len if index.docs.get(int(d)) == norm][:TOP_N]
