"""The k best BM25 scores of a query without scoring every document that holds one of its tokens.

The improved ranking needs the top 2 x 10 candidates by score. A name query such as "The Last Tide" over the
full world's 418K movies holds "the", whose postings name most of the corpus: summing every posting and
selecting the best took 15 ms a query, where the answer comes from the few hundred documents holding "tide".

MaxScore (Turtle & Flood, 1995): a token's contribution to any document is at most its largest weight. Take
the tokens with the largest bounds as *essential*; every document outside their postings scores at most the
sum of the other tokens' bounds. Score the essential tokens' documents exactly; when the k-th best of them
beats that sum, no other document can reach the top k (nor tie with its k-th score), so the candidates' top k
is the corpus's. Otherwise one more token becomes essential, down to all of them.

Exactness: a candidate's score is the same float sum as `CorpusIndex.score_arrays` makes (its weights added in
query order, starting from 0.0), so the pairs returned are identical to scoring everything.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from mockapi.search.index import CorpusIndex, Scored, Span

Pairs = list[tuple[int, float]]
Posting = tuple[npt.NDArray[np.int32], npt.NDArray[np.float64]]

MARGIN = 1e-9
"""Relative slack on the bound: a sum of the same weights in another order can differ in the last bits."""


def best(scored: Scored, k: int) -> Pairs:
    """The k best-scored candidates as (doc, score) pairs, with every member of a tie at the k-th score."""
    docs, scores = scored.docs, scored.scores
    if len(docs) > k:
        keep = scores >= np.partition(scores, len(scores) - k)[len(scores) - k]
        docs, scores = docs[keep], scores[keep]
    return list(zip(docs.tolist(), scores.tolist(), strict=True))


def best_pruned(index: CorpusIndex, spans: list[Span], k: int) -> Pairs:
    """`best(index.score_arrays(spans, False), k)` (BM25Okapi weights), scoring as few documents as it can."""
    return pruned(index, spans, k)[0]


def pruned(index: CorpusIndex, spans: list[Span], k: int) -> tuple[Pairs, int]:
    """`best_pruned` and the number of documents it scored (tests check that pruning happens)."""
    weights, post_doc = index.post_w.np, index.post_doc.np
    postings: list[Posting] = [(post_doc[a:b], weights[a:b]) for a, b in spans]
    # negative weights (tiny corpora) only lower a sum: a bound of 0 covers them
    bounds = [max(0.0, float(w.max())) if len(w) else 0.0 for _, w in postings]
    order = sorted(range(len(spans)), key=lambda i: -bounds[i])
    for m in range(1, len(order)):
        essential = set(order[:m])
        outside = sum(bounds[i] for i in order[m:])
        lists = [postings[i][0] for i in sorted(essential)]
        # one token's postings already ascend without repeats
        candidates = lists[0] if m == 1 else np.unique(np.concatenate(lists))
        if len(candidates) < k:
            continue
        scores = _scores(candidates, postings, essential)
        kth = float(np.partition(scores, len(scores) - k)[len(scores) - k])
        if kth > 0 and outside * (1 + MARGIN) < kth:
            keep = scores >= kth
            return list(zip(candidates[keep].tolist(), scores[keep].tolist(), strict=True)), len(candidates)
    everything = index.score_arrays(spans, False)
    return best(everything, k), len(everything.docs)


def _scores(
    candidates: npt.NDArray[np.int32], postings: list[Posting], essential: set[int]
) -> npt.NDArray[np.float64]:
    """Exact scores of `candidates` (ascending): every token's weight added in query order from 0.0."""
    scores = np.zeros(len(candidates))
    for i, (ids, w) in enumerate(postings):
        if i in essential:  # each of its documents is a candidate
            scores[np.searchsorted(candidates, ids)] += w
            continue
        at = np.searchsorted(ids, candidates)  # postings ascend by document
        inside = at < len(ids)
        hit = np.zeros(len(candidates), dtype=bool)
        hit[inside] = ids[at[inside]] == candidates[inside]
        scores[hit] += w[at[hit]]
    return scores
