"""The standing adversary: a page's form against the query time and against the rest of its list, no question.

The form adversary (`form`, `exploits`) reads each page alone and in absolute terms: 24 text features, four
of the result. A participant also holds the query time and the whole list of results. audit36 found (generator
37's default world) that the form features, dates read against the query time and counts of names read
"this page states the answer" at AUC 0.773 with no feature that compares pages' contents (form alone: 0.674):
each measure differs a little by role, and together they add up. This adversary is that participant, general
rather than a list of tells:

- **own** features per result (`OWN`): the form adversary's text and result features (`form.text_features`,
  `form.result_features`); years before, in and after the query's year (counts and shares) and the latest and
  earliest year against it; full dates before and after the query day, within 7, 30 and 365 days before it,
  the nearest one's distance (log days); capitalised names (distinct, mentions, the commonest one's share of
  the mentions, names said 3+ times), numbers other than years (distinct, mentions), full dates (distinct,
  mentions).
- **relative** features (`FEATURES`' second half): each own feature minus its median over the question's
  top 10 (`form.TOP`): a page twice as long as its list, or the one that dates things near the query day.

Gradient-boosted trees as the form adversary's (`exploits._model`), out-of-fold scores, folds grouped by
question, over the answerable questions of the form adversary's (b) sample (`exploits.sample(corpus, seed,
QUESTION_FORM_QUESTIONS)`): **(a) page states the answer**, one row per (answerable question, top-10 result),
ROC AUC, bar 0.70 (the form adversary's); the same from the own features alone is reported. `diagnosis`: per
feature (own and against the list) the mean over answer pages, over the other results, and its AUC alone (0.5
= no tell; below 0.5 the other results hold more): the causes a world owner fixes. Unknown values (no year on
the page) are -1, as the form adversary's, so a mean of `min_year` also says how many pages name no year.

**(b) question has an answer page** (session 60), one row per question of the (b) sample (answerable or
not), label = answerable: a participant who scores each page with (a)'s model and reads the list. Each fold
draw (`exploits.FOLD_SEEDS`) splits the questions into `FOLDS` stratified folds; a page model trained on the
answerable questions' pages outside a fold (labels as (a)'s) scores every page of the fold's questions, so
answerable and unanswerable lists are scored alike, by a model that never saw them. A question's row
(`list_row`): its top-10 page scores in descending order, their mean, spread (highest - lowest) and the gap
between the two highest; each own feature's highest, lowest and spread over the list. Gradient-boosted trees,
out-of-fold (stratified folds, one row a question); AUC and the abstain gain as form (b)'s (`exploits
.best_gain`), each the mean over the fold draws. Bars form (b)'s: AUC <= 0.70, gain <= 1.0 point.

**Combined** (information): when the agreement adversary's rows of the same sample are given (`combined`),
one ranker reads every result's standing features (form's text and result features among them; not its
markup) and its agreement features (`agreement.FEATURES`: what the other results repeat): (a)'s rows, labels,
model and folds; its AUC is reported beside (a), no bar of its own (each part has its line).

Memory: `BATCH` questions' texts at a time; what is kept is the feature rows.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter
from collections.abc import Sequence
from datetime import date
from typing import TypedDict

from mockapi.audit import exploits, form
from mockapi.audit.data import AuditQuestion, Corpus
from mockapi.audit.learned import FOLDS, _auc, _when, single_threaded

BATCH = 20  # questions whose top-10 texts one read holds
TIME = (
    "years_before", "years_at", "years_after", "years_before_share", "years_at_share", "years_after_share",
    "latest_year_gap", "earliest_year_gap", "dates_before", "dates_after", "dates_within_7",
    "dates_within_30", "dates_within_365", "nearest_date_log_days",
)  # fmt: skip
COUNTS = (
    "names_distinct", "name_mentions", "top_name_share", "names_3plus", "numbers_distinct",
    "number_mentions", "dates_distinct", "date_mentions",
)  # fmt: skip
# form's text features (`form.text_features`, first in its FEATURES) and its 4 result features (the last 4:
# `form.result_features`); tests/audit/test_standing.py checks a row's length against FEATURES
_TEXT = form.FEATURES[: len(form.text_features(""))]
OWN = (*_TEXT, *form.FEATURES[-4:], *TIME, *COUNTS)
FEATURES = (*OWN, *(f"{name}_vs_list" for name in OWN))
_YEAR = re.compile(r"\b(?:1[6-9]|20)\d\d\b")
_NAME = re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)+")
_NUMBER = re.compile(r"(?<![\d.])\d[\d,]*(?:\.\d+)?(?![\d])")


Tell = tuple[str, float, float, float | None]  # a feature, its mean on answer pages, on others, its AUC alone


class StandingFigures(TypedDict, total=False):
    """The audit's `standing` group."""

    features: int
    questions: int
    states_pairs: int
    states_auc: float | None
    own_auc: float | None
    diagnosis: list[Tell]  # per feature
    has_answer_questions: int
    has_answer_auc: float | None
    abstain_gain_pts: float | None
    combined_auc: float | None  # with the agreement adversary's features


def time_features(text: str, asked: date | None) -> list[float]:
    """TIME's features of `text` against the query day `asked` (all 0 when it is unknown)."""
    if asked is None:
        return [0.0] * len(TIME)
    years = [int(y) for y in _YEAR.findall(text)]
    before = sum(y < asked.year for y in years)
    at = sum(y == asked.year for y in years)
    after = len(years) - before - at
    n = max(1, len(years))
    gaps = [(asked - d).days for d in exploits.all_dates(text)]
    nearest = min((abs(g) for g in gaps), default=None)
    return [
        float(before), float(at), float(after), before / n, at / n, after / n,
        float(max(years) - asked.year) if years else 0.0, float(min(years) - asked.year) if years else 0.0,
        float(sum(g > 0 for g in gaps)), float(sum(g < 0 for g in gaps)),
        float(sum(0 <= g <= 7 for g in gaps)), float(sum(0 <= g <= 30 for g in gaps)),
        float(sum(0 <= g <= 365 for g in gaps)), math.log1p(nearest) if nearest is not None else -1.0,
    ]  # fmt: skip


def count_features(text: str) -> list[float]:
    """COUNTS' features of `text`: how many names, figures and dates it holds, how often it repeats them."""
    names = Counter(_NAME.findall(text))
    numbers = Counter(n.replace(",", "") for n in _NUMBER.findall(text) if not _YEAR.fullmatch(n))
    dates = Counter(exploits.all_dates(text))
    mentions = sum(names.values())
    top = names.most_common(1)[0][1] / mentions if mentions else 0.0
    return [
        float(len(names)), float(mentions), top, float(sum(c >= 3 for c in names.values())),
        float(len(numbers)), float(sum(numbers.values())), float(len(dates)), float(sum(dates.values())),
    ]  # fmt: skip


def list_rows(own: Sequence[list[float]]) -> list[list[float]]:
    """Each page's own features followed by each minus its median over the list."""
    medians = [statistics.median(col) for col in zip(*own, strict=True)] if own else []
    return [[*row, *(v - m for v, m in zip(row, medians, strict=True))] for row in own]


def question_rows(corpus: Corpus, qs: Sequence[AuditQuestion]) -> dict[str, list[list[float]]]:
    """Per question, its top-10 results' FEATURES in rank order (texts read `BATCH` questions at a time)."""
    out: dict[str, list[list[float]]] = {}
    for start in range(0, len(qs), BATCH):
        chunk = qs[start : start + BATCH]
        texts = corpus.text([r.page_id for q in chunk for r in q.results[: form.TOP]], limit=form.TEXT_LIMIT)
        for q in chunk:
            when = _when(q.query_time, query=True)
            asked = when.date() if when else None
            own = []
            for r in q.results[: form.TOP]:
                text = texts.get(r.page_id, "")
                found = form.text_features(text) + form.result_features(q, r)
                found += time_features(text, asked) + count_features(text)
                own.append([-1.0 if math.isnan(v) else v for v in found])
            out[q.qid] = list_rows(own)
    return out


@single_threaded
def standing_adversary(
    corpus: Corpus, seed: int = 0, agreed: dict[str, list[list[float]]] | None = None
) -> StandingFigures:
    """(a) over the answerable questions of the form adversary's (b) sample, (b) over all of them, and the
    combined ranker when `agreed` holds the agreement adversary's rows of the sample (module docstring)."""
    drawn = exploits.sample(corpus, seed, exploits.QUESTION_FORM_QUESTIONS)
    every = [q for q in corpus.fill(list(drawn)) if q.results]
    rows = question_rows(corpus, every)
    qs = [q for q in every if q.answerable]
    pairs = [(q, i) for q in qs for i in range(len(rows[q.qid]))]
    y = [int(q.results[i].page_id in q.gold) for q, i in pairs]
    x = [rows[q.qid][i] for q, i in pairs]
    out: StandingFigures = {"features": len(FEATURES), "questions": len(qs), "states_pairs": len(y)}
    out["states_auc"] = out["own_auc"] = None
    out.update(has_answer(every, rows, seed))
    if not exploits._enough(y):
        return out
    groups = [q.qid for q, _ in pairs]
    out["states_auc"] = _auc(y, exploits._oof(exploits._model(seed), x, y, groups, seed))
    own = [r[: len(OWN)] for r in x]
    out["own_auc"] = _auc(y, exploits._oof(exploits._model(seed), own, y, groups, seed))
    out["diagnosis"] = diagnosis(x, y)
    if agreed and all(q.qid in agreed for q, _ in pairs):
        both = [[*row, *agreed[q.qid][i]] for row, (q, i) in zip(x, pairs, strict=True)]
        out["combined_auc"] = _auc(y, exploits._oof(exploits._model(seed), both, y, groups, seed))
    return out


def diagnosis(x: list[list[float]], y: list[int]) -> list[Tell]:
    """Per feature: its mean over answer pages, over the others, and its AUC alone."""
    out: list[Tell] = []
    for k, name in enumerate(FEATURES):
        col = [r[k] for r in x]
        answer = [v for v, label in zip(col, y, strict=True) if label]
        other = [v for v, label in zip(col, y, strict=True) if not label]
        mean_answer, mean_other = round(statistics.fmean(answer), 3), round(statistics.fmean(other), 3)
        out.append((name, mean_answer, mean_other, _auc(y, col)))
    return out


def has_answer(qs: Sequence[AuditQuestion], rows: dict[str, list[list[float]]], seed: int) -> StandingFigures:
    """(b) over `qs` (module docstring): AUC and abstain gain, each the mean over the fold draws."""
    has = [int(q.answerable) for q in qs]
    out: StandingFigures = {"has_answer_questions": len(qs), "has_answer_auc": None, "abstain_gain_pts": None}
    if not exploits._enough(has):
        return out
    aucs: list[float | None] = []
    gains: list[float | None] = []
    for draw in (seed + 1000 * k for k in range(exploits.FOLD_SEEDS)):
        scores = page_scores(qs, rows, draw)
        x = [list_row(rows[q.qid], scores[q.qid]) for q in qs]
        found = exploits._oof(exploits._model(draw), x, has, [q.qid for q in qs], draw)
        aucs.append(_auc(has, found))
        gains.append(exploits.best_gain(-found, [1 - h for h in has]))
    out["has_answer_auc"] = exploits._mean(aucs, 3)
    out["abstain_gain_pts"] = exploits._mean(gains, 2)
    return out


def page_scores(
    qs: Sequence[AuditQuestion], rows: dict[str, list[list[float]]], draw: int
) -> dict[str, list[float]]:
    """Per question, its top-10 pages' (a) scores from a page model that never saw the question: trained on
    the answerable questions' pages outside the question's fold (stratified by answerable, seeded `draw`)."""
    from sklearn.model_selection import StratifiedKFold

    has = [int(q.answerable) for q in qs]
    out: dict[str, list[float]] = {}
    for train, test in StratifiedKFold(FOLDS, shuffle=True, random_state=draw).split(has, has):
        x = [row for i in train if qs[i].answerable for row in rows[qs[i].qid]]
        y = [
            int(r.page_id in qs[i].gold) for i in train if qs[i].answerable for r in qs[i].results[: form.TOP]
        ]
        model = exploits._model(draw).fit(x, y) if exploits._enough(y) else None
        for i in test:
            own = rows[qs[i].qid]
            out[qs[i].qid] = (
                [float(p) for p in model.predict_proba(own)[:, 1]]
                if model is not None and own
                else [0.5] * len(own)
            )
    return out


def list_row(rows: Sequence[list[float]], scores: Sequence[float]) -> list[float]:
    """A question's (b) row: its page scores high to low (padded to `form.TOP` with 0), their mean, spread
    and top gap; each own feature's highest, lowest and spread over the list."""
    ranked = sorted(scores, reverse=True)
    ranked += [0.0] * (form.TOP - len(ranked))
    out = [
        *ranked[: form.TOP],
        statistics.fmean(scores) if scores else 0.0,
        ranked[0] - min(scores, default=0.0),
    ]
    out.append(ranked[0] - ranked[1])
    cols = list(zip(*(row[: len(OWN)] for row in rows), strict=True)) or [(0.0,)] * len(OWN)
    return out + [max(c) for c in cols] + [min(c) for c in cols] + [max(c) - min(c) for c in cols]
