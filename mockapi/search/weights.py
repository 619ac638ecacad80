"""BM25 term weights, computed with the same float operations in the same order as the original's libraries.

Each posting stores its whole term weight; a query adds the weights of its tokens in query order (repeats
again), as both libraries do, so scores match the original's to the last bit.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

K1 = 1.5
B = 0.75
EPSILON = 0.25
IDF_CUTOFF = 4.0

Floats = npt.NDArray[np.float64]


def _raw_idf(n_docs: int, df: int) -> float:
    return math.log(n_docs - df + 0.5) - math.log(df + 0.5)


def okapi_idf(n_docs: int, dfs: list[int]) -> list[float]:
    """rank_bm25.BM25Okapi: `dfs` in first-occurrence order (the order its mean IDF is summed in);
    negative IDFs become EPSILON x mean IDF."""
    raw = [_raw_idf(n_docs, df) for df in dfs]
    if not raw:
        return []
    total = 0.0
    for value in raw:
        total += value
    floor = EPSILON * (total / len(raw))
    return [floor if v < 0 else v for v in raw]


def cutoff_idf(n_docs: int, dfs: list[int]) -> list[float | None]:
    """fast_bm25: a term is kept only when its IDF is above IDF_CUTOFF (None: dropped)."""
    return [v if v > IDF_CUTOFF else None for v in (_raw_idf(n_docs, df) for df in dfs)]


def _norm(doc_len: Floats, avgdl: float) -> Floats:
    # `1 - b + b * doc_len / avgdl` evaluates as (1 - b) + ((b * doc_len) / avgdl)
    return K1 * ((1 - B) + (B * doc_len) / avgdl)


def okapi_weights(idf: float, tf: Floats, doc_len: Floats, avgdl: float) -> Floats:
    """rank_bm25: idf * (q_freq * (k1 + 1) / (q_freq + k1 * (...)))."""
    result: Floats = idf * ((tf * (K1 + 1)) / (tf + _norm(doc_len, avgdl)))
    return result


def cutoff_weights(idf: float, tf: Floats, doc_len: Floats, avgdl: float) -> Floats:
    """fast_bm25: idf * freq * (k1 + 1) / (freq + denom), left to right."""
    result: Floats = ((idf * tf) * (K1 + 1)) / (tf + _norm(doc_len, avgdl))
    return result
