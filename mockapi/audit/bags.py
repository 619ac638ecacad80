"""Bag-of-words adversaries (issue 31): what a page's words tell of its role, without the question.

The form adversary (`exploits`) reads 37 features chosen by hand; a participant can also throw every word at a
linear model. Issue 31's principle is that nothing readable without the question differs by a page's role, so
these adversaries read each result's words and never the question:

- **(a) page states the answer**: one document per (answerable question, top-10 result) of the form
  adversary's seeded sample (`exploits.sample`): the page's stored text (its first `TEXT_CHARS` characters);
  label = answer page. Folds grouped by question (a participant's model meets new questions).
- **(b) question has an answer page**: one document per sampled question with results: the sum of its
  top-10 pages' rows, normalised (a participant sees the ten pages, not the question); label = answerable.
  Stratified folds (one row per question), seeded.
- The same two on **the snippet alone** (the result's `page_snippet`, tags dropped).

Features: scikit-learn's `HashingVectorizer` of word 1-2-grams (2**20 buckets, no vocabulary to hold, l2
rows), then logistic regression at the audit's settings (`learned._linear`); ROC AUC over pooled
out-of-fold scores. Below `learned.MIN_CLASS` members of a class the AUC is None (the real fixture's 10
questions: 9 answerable). The JSON names the `TOP_NGRAMS` most weighted n-grams each way per model, fitted on
every row, so the world owner sees what tells; a hashed bucket is named by the n-gram falling in it that
most of a dozen documents holding it hold (`_Names`; a bucket is shared by chance by a few n-grams).
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypedDict

from mockapi.audit import exploits, form
from mockapi.audit.data import Corpus
from mockapi.audit.learned import FOLDS, MIN_CLASS, _auc, _linear, single_threaded

N_FEATURES = 2**20
TEXT_CHARS = 20_000  # the stored text every text rule reads (`Corpus.text`)
BATCH = 200  # pages whose text one read holds at once
TOP_NGRAMS = 10
# documents read to name a bucket: spread evenly over those holding it (the first few named the bucket of "ii"
# by a rare bigram colliding with it, "edwards hosted", on g36's default world)
NAMING_DOCS = 12
_TAG = re.compile(r"<[^>]+>")


class BagModel(TypedDict, total=False):
    """One bag-of-words model: rows, positives, AUC and its most weighted n-grams each way."""

    rows: int
    positives: int
    auc: float | None
    top_positive: list[tuple[str, float]]
    top_negative: list[tuple[str, float]]


class BagFigures(TypedDict):
    """The audit's `bags` group."""

    questions: int
    states_text: BagModel
    states_snippet: BagModel
    has_answer_text: BagModel
    has_answer_snippet: BagModel


def _hasher(**given: Any) -> Any:
    import numpy as np
    from sklearn.feature_extraction.text import HashingVectorizer

    settings: dict[str, Any] = {
        "ngram_range": (1, 2),
        "n_features": N_FEATURES,
        "alternate_sign": False,
        "dtype": np.float32,
    }
    return HashingVectorizer(**{**settings, **given})


def snippet_text(snippet: str) -> str:
    """A result's snippet as words (tags dropped, entities read)."""
    return html.unescape(_TAG.sub(" ", snippet))


@single_threaded
def bag_adversaries(corpus: Corpus, seed: int = 0) -> BagFigures:
    """(a) and (b) from the pages' texts and from the snippets alone (module docstring)."""
    qs = corpus.fill(exploits.sample(corpus, seed))
    ids = list(dict.fromkeys(r.page_id for q in qs for r in q.results[: form.TOP]))
    texts = _text_rows(corpus, ids)
    at = {pid: i for i, pid in enumerate(ids)}
    docs = [snippet_text(r.snippet) for q in qs for r in q.results[: form.TOP]]
    snippets = _hasher().transform(docs).tocsr()
    where: list[list[int]] = []  # per question, its top-10 results' rows in `snippets`
    start = 0
    for q in qs:
        where.append(list(range(start, start + len(q.results[: form.TOP]))))
        start += len(where[-1])
    subject = [(i, q) for i, q in enumerate(qs) if q.answerable]
    page_rows = [at[r.page_id] for _i, q in subject for r in q.results[: form.TOP]]
    snippet_rows = [j for i, _q in subject for j in where[i]]
    y = [int(r.page_id in q.gold) for _i, q in subject for r in q.results[: form.TOP]]
    groups = [q.qid for _i, q in subject for _r in q.results[: form.TOP]]
    has = [int(q.answerable) for q in qs]
    own = [[at[r.page_id] for r in q.results[: form.TOP]] for q in qs]
    page_names = _Names(texts, lambda rows: _page_docs(corpus, [ids[i] for i in rows]))
    snippet_names = _Names(snippets, lambda rows: [docs[i] for i in rows])
    return {
        "questions": len(qs),
        "states_text": _model(texts[page_rows], y, groups, seed, page_names),
        "states_snippet": _model(snippets[snippet_rows], y, groups, seed, snippet_names),
        "has_answer_text": _model(_per_question(texts, own), has, None, seed, page_names),
        "has_answer_snippet": _model(_per_question(snippets, where), has, None, seed, snippet_names),
    }


def _text_rows(corpus: Corpus, ids: list[str]) -> Any:
    """The hashed rows of the pages' stored texts, in `ids` order, read `BATCH` pages at a time."""
    import scipy.sparse

    hasher = _hasher()
    blocks = []
    for start in range(0, len(ids), BATCH):
        chunk = ids[start : start + BATCH]
        found = corpus.text(chunk, limit=TEXT_CHARS)
        blocks.append(hasher.transform([found.get(pid, "") for pid in chunk]))
    return scipy.sparse.vstack(blocks, format="csr") if blocks else scipy.sparse.csr_matrix((0, N_FEATURES))


def _page_docs(corpus: Corpus, ids: list[str]) -> list[str]:
    found = corpus.text(ids, TEXT_CHARS)
    return [found.get(pid, "") for pid in ids]


def _per_question(rows: Any, members: list[list[int]]) -> Any:
    """One row per question: the sum of its results' rows, l2-normalised."""
    import scipy.sparse
    from sklearn.preprocessing import normalize

    if not members:
        return scipy.sparse.csr_matrix((0, N_FEATURES))
    row_of = [i for i, m in enumerate(members) for _ in m]
    cols = [j for m in members for j in m]
    picks = scipy.sparse.csr_matrix(
        ([1.0] * len(cols), (row_of, cols)), shape=(len(members), rows.shape[0]), dtype=rows.dtype
    )
    return normalize(picks @ rows)


class _Names:
    """Names hashed buckets by the n-grams of the documents that hold them (`NAMING_DOCS` per bucket)."""

    def __init__(self, rows: Any, docs: Callable[[list[int]], list[str]]) -> None:
        self._rows = rows  # the documents' hashed rows
        self._docs = docs  # the documents of some rows

    def name(self, buckets: Sequence[int]) -> dict[int, str]:
        """Per bucket, the n-gram falling in it that the most of `NAMING_DOCS` documents holding it (spread
        evenly over them) hold (ties: the first in sorted order); a bucket no document holds has no name."""
        if not buckets:
            return {}
        held = self._rows[:, list(buckets)].tocsc()
        rows = {b: _spread(sorted(int(r) for r in held[:, k].indices)) for k, b in enumerate(buckets)}
        every = sorted({r for found in rows.values() for r in found})
        texts = dict(zip(every, self._docs(every), strict=True))
        analyze = _hasher().build_analyzer()
        one = _hasher(analyzer=lambda t: t, norm=None)  # one n-gram a document: its row's one bucket
        out: dict[int, str] = {}
        for b, found in rows.items():
            counts: Counter[str] = Counter(t for r in found for t in set(analyze(texts[r])))
            terms = sorted(counts)
            hashed = one.transform([[t] for t in terms]).indices if terms else []
            mine = [t for t, h in zip(terms, hashed, strict=True) if int(h) == b]
            if mine:
                out[b] = max(mine, key=lambda t: counts[t])  # the first of the commonest: sorted order
        return out


def _spread(rows: list[int]) -> list[int]:
    """At most `NAMING_DOCS` of `rows`, evenly spaced."""
    step = max(1, -(-len(rows) // NAMING_DOCS))
    return rows[::step][:NAMING_DOCS]


def _model(x: Any, y: list[int], groups: list[str] | None, seed: int, names: _Names) -> BagModel:
    """Out-of-fold AUC of a logistic regression on `x` (folds grouped by question, or stratified), and the
    most weighted n-grams of one fitted on every row."""
    from sklearn.model_selection import GroupKFold, StratifiedKFold, cross_val_predict

    out: BagModel = {"rows": len(y), "positives": sum(y), "auc": None}
    if min(sum(y), len(y) - sum(y)) < MIN_CLASS or len(y) < 2 * FOLDS:
        return out
    if groups is not None:
        if len(set(groups)) < FOLDS:
            return out
        cv: Any = GroupKFold(FOLDS)
        scores = cross_val_predict(_linear(), x, y, cv=cv, groups=groups, method="decision_function")
    else:
        cv = StratifiedKFold(FOLDS, shuffle=True, random_state=seed)
        scores = cross_val_predict(_linear(), x, y, cv=cv, method="decision_function")
    out["auc"] = _auc(y, scores)
    coef = _linear().fit(x, y).coef_[0]
    order = coef.argsort()
    up, down = [int(i) for i in order[::-1][:TOP_NGRAMS]], [int(i) for i in order[:TOP_NGRAMS]]
    named = names.name(up + down)
    out["top_positive"] = [(named.get(i, f"#{i}"), round(float(coef[i]), 2)) for i in up]
    out["top_negative"] = [(named.get(i, f"#{i}"), round(float(coef[i]), 2)) for i in down]
    return out
