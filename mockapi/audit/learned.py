"""Learned adversaries: classifiers a participant would train on surface text, cross-validated.

A single-feature rule (`leaks`) misses what a plain linear model finds by adding many weak cues, so the audit
trains the models a participant would (scikit-learn, default settings, seeded folds):

- **False premise from the question text**: TF-IDF of word 1-2-grams (sublinear tf, min_df 2) + logistic
  regression, 5-fold stratified CV; the figure is ROC AUC over the pooled out-of-fold scores. **dev→test**:
  trained on every question of this world, scored on another world's questions (the test split).
  **world→real**: trained on this world, scored on the real sample.
- **Question type, domain from the question text**: the same features, multinomial logistic regression, 5-fold
  CV accuracy beside the majority class's share; world→real accuracy when a real sample is given.
- **"This result states the answer" from URL + title + snippet, without the question**: one document per
  (answerable question, result): URL words, page name and snippet (tags dropped); label = answer page (gold
  page of a world; a page holding the answer verbatim for real records). Folds group by question (a
  participant's model meets new questions), AUC over pooled out-of-fold scores.
- **The same from metadata**: rank, log html size, last-modified empty, its age at query time, its year;
  gradient-boosted trees (they need no scaling and find thresholds), with and without rank: rank is a
  legitimate engine signal (real engines rank answer pages high), size and date are not.

In CV the TF-IDF vocabulary and weights are fitted once on all documents (no labels: a participant holds the
unlabelled text of every question and result), the classifier per fold; it is 5x cheaper on 45,000 results.

Every CV needs at least `MIN_CLASS` members in the minority class (and `MIN_GROUPS` questions for the grouped
ones); below that the figure is None (a 10-question real sample gives no false-premise CV).
"""

from __future__ import annotations

import functools
import html
import math
import re
from collections.abc import Callable
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from typing import Any, Literal, TypedDict, TypeVar, cast

from mockapi.audit.data import AuditQuestion

FOLDS = 5
MIN_CLASS = 5
MIN_GROUPS = 5
TOP_FEATURES = 8
_TAG = re.compile(r"<[^>]+>")
F = TypeVar("F", bound=Callable[..., Any])


def single_threaded(fn: F) -> F:
    """Run `fn` with scikit-learn's thread pools capped at one thread: on a shared machine the pools thrash
    (an OpenMP pool keeps a spinning thread per core), and one core is all these models need. The estimators
    are imported first, so that the cap also reaches the OpenMP pool the gradient-boosted trees load."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        import sklearn.ensemble
        import sklearn.feature_extraction.text
        import sklearn.linear_model
        import sklearn.model_selection  # noqa: F401
        from threadpoolctl import threadpool_limits

        with threadpool_limits(1):
            return fn(*args, **kwargs)

    return cast(F, run)


def _vectorizer() -> Any:
    from sklearn.feature_extraction.text import TfidfVectorizer

    # min_df=2: an n-gram seen once can't generalise across folds, and it keeps the vocabulary small and fast
    return TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True, min_df=2)


def _linear(multiclass: bool = False) -> Any:
    from sklearn.linear_model import LogisticRegression

    return LogisticRegression(max_iter=2000, C=4.0 if multiclass else 1.0)


def _text_model(multiclass: bool = False) -> Any:
    from sklearn.pipeline import make_pipeline

    return make_pipeline(_vectorizer(), _linear(multiclass))


def _auc(y: list[int], scores: Any) -> float | None:
    from sklearn.metrics import roc_auc_score

    if len(set(y)) < 2:
        return None
    return round(float(roc_auc_score(y, scores)), 3)


def _oof_scores(model: Any, docs: Any, y: list[int], groups: list[str] | None, seed: int) -> Any:
    """Out-of-fold decision scores (stratified folds, or grouped by question when `groups` is given)."""
    from sklearn.model_selection import GroupKFold, StratifiedKFold, cross_val_predict

    if groups is None:
        cv: Any = StratifiedKFold(FOLDS, shuffle=True, random_state=seed)
        return cross_val_predict(model, docs, y, cv=cv, method="decision_function")
    cv = GroupKFold(min(FOLDS, len(set(groups))))
    method = "decision_function" if hasattr(model, "decision_function") else "predict_proba"
    out = cross_val_predict(model, docs, y, cv=cv, groups=groups, method=method)
    return out[:, 1] if method == "predict_proba" else out


def _top_terms(vectorizer: Any, clf: Any, n: int = TOP_FEATURES) -> list[str]:
    names = vectorizer.get_feature_names_out()
    order = clf.coef_[0].argsort()[::-1][:n]
    return [str(names[i]) for i in order]


class FalsePremise(TypedDict, total=False):
    """False premise from the question text: CV AUC, the strongest n-grams, dev→test and world→real."""

    questions: int
    false_premises: int
    cv_auc: float | None
    top_terms: list[str]
    test_auc: float | None
    test_questions: int
    test_false_premises: int
    real_auc: float | None
    real_questions: int
    real_false_premises: int


class QuestionLabels(TypedDict, total=False):
    """Question type and domain from the question text: CV accuracy, majority baselines, world→real."""

    type_majority: float | None
    type_cv_accuracy: float | None
    type_real_accuracy: float
    type_real_majority: float
    domain_majority: float | None
    domain_cv_accuracy: float | None
    domain_real_accuracy: float
    domain_real_majority: float


class StatesText(TypedDict, total=False):
    pairs: int
    answer_pages: int
    auc: float | None
    top_terms: list[str]


class StatesMeta(TypedDict):
    pairs: int
    auc: float | None
    auc_without_rank: float | None


class Adversaries(TypedDict):
    """The audit's `adversaries` group."""

    false_premise: FalsePremise
    labels: QuestionLabels
    states_text: StatesText
    states_meta: StatesMeta


@single_threaded
def false_premise(
    qs: list[AuditQuestion], test: list[AuditQuestion] | None = None, real: list[AuditQuestion] | None = None,
    seed: int = 0,
) -> FalsePremise:  # fmt: skip
    """CV AUC of false premise from the question text; dev→test and world→real AUC; strongest n-grams."""
    docs = [q.query for q in qs]
    y = [int(q.false_premise) for q in qs]
    positives = sum(y)
    out: FalsePremise = {"questions": len(qs), "false_premises": positives, "cv_auc": None}
    if min(positives, len(y) - positives) < MIN_CLASS:
        return out
    out["cv_auc"] = _auc(y, _oof_scores(_linear(), _vectorizer().fit_transform(docs), y, None, seed))
    model = _text_model().fit(docs, y)
    out["top_terms"] = _top_terms(model.steps[0][1], model.steps[-1][1])
    if test:
        out["test_auc"], out["test_questions"], out["test_false_premises"] = _transfer(model, test)
    if real:
        out["real_auc"], out["real_questions"], out["real_false_premises"] = _transfer(model, real)
    return out


def _transfer(model: Any, other: list[AuditQuestion]) -> tuple[float | None, int, int]:
    """AUC of a fitted false-premise model on other questions, their count and their false premises."""
    ty = [int(q.false_premise) for q in other]
    return _auc(ty, model.decision_function([q.query for q in other])), len(other), sum(ty)


@single_threaded
def question_labels(
    qs: list[AuditQuestion], real: list[AuditQuestion] | None = None, seed: int = 0
) -> QuestionLabels:
    """CV accuracy of question type and of domain from the question text, majority baselines, world→real."""
    docs = [q.query for q in qs]
    matrix = _vectorizer().fit_transform(docs)
    real_docs = [q.query for q in real or []]
    kind = _label_figures(docs, matrix, [q.qtype for q in qs], real_docs, [q.qtype for q in real or []], seed)
    domain = _label_figures(
        docs, matrix, [q.domain for q in qs], real_docs, [q.domain for q in real or []], seed
    )
    out: QuestionLabels = {"type_majority": kind["majority"], "type_cv_accuracy": kind["cv_accuracy"]}
    if "real_accuracy" in kind:
        out["type_real_accuracy"], out["type_real_majority"] = kind["real_accuracy"], kind["real_majority"]
    out["domain_majority"], out["domain_cv_accuracy"] = domain["majority"], domain["cv_accuracy"]
    if "real_accuracy" in domain:
        out["domain_real_accuracy"] = domain["real_accuracy"]
        out["domain_real_majority"] = domain["real_majority"]
    return out


class _LabelFigures(TypedDict, total=False):
    majority: float | None
    cv_accuracy: float | None
    real_accuracy: float
    real_majority: float


def _label_figures(
    docs: list[str], matrix: Any, y: list[str], real_docs: list[str], real_y: list[str], seed: int
) -> _LabelFigures:
    """One label's majority baseline, CV accuracy and (with real questions) world→real accuracy."""
    from collections import Counter

    from sklearn.model_selection import KFold, cross_val_predict

    counts = Counter(y)
    out: _LabelFigures = {"majority": round(counts.most_common(1)[0][1] / len(y), 3) if y else None}
    if len(counts) < 2 or len(y) < FOLDS * MIN_CLASS:
        out["cv_accuracy"] = None
        return out
    cv = KFold(FOLDS, shuffle=True, random_state=seed)
    pred = cross_val_predict(_linear(multiclass=True), matrix, y, cv=cv)
    out["cv_accuracy"] = _accuracy(pred, y)
    if real_y:
        model = _text_model(multiclass=True).fit(docs, y)
        out["real_accuracy"] = _accuracy(model.predict(real_docs), real_y)
        out["real_majority"] = round(Counter(real_y).most_common(1)[0][1] / len(real_y), 3)
    return out


def _accuracy(predicted: Any, truth: list[str]) -> float:
    right: int = sum(a == b for a, b in zip(predicted, truth, strict=True))
    return round(right / len(truth), 3)


def result_document(url: str, name: str, snippet: str) -> str:
    """URL words, page name and snippet text of one result: what a participant sees before reading."""
    url_words = " ".join(re.findall(r"[a-z0-9]+", url.lower().split("://", 1)[-1]))
    return html.unescape(f"{url_words} {name} {_TAG.sub(' ', snippet)}")


def _pairs(qs: list[AuditQuestion]) -> tuple[list[AuditQuestion], list[int], list[str]]:
    subject = [q for q in qs if q.answerable and q.results]
    y = [int(r.page_id in q.gold) for q in subject for r in q.results]
    groups = [q.qid for q in subject for _r in q.results]
    return subject, y, groups


def _enough(y: list[int], groups: list[str]) -> bool:
    return min(sum(y), len(y) - sum(y)) >= MIN_CLASS and len(set(groups)) >= MIN_GROUPS


@single_threaded
def states_answer_text(qs: list[AuditQuestion], seed: int = 0) -> StatesText:
    """AUC of "this result is an answer page" from URL + title + snippet, folds grouped by question."""
    subject, y, groups = _pairs(qs)
    out: StatesText = {"pairs": len(y), "answer_pages": sum(y), "auc": None}
    if not _enough(y, groups):
        return out
    docs = [result_document(r.url, r.name, r.snippet) for q in subject for r in q.results]
    vectorizer = _vectorizer()
    matrix = vectorizer.fit_transform(docs)
    out["auc"] = _auc(y, _oof_scores(_linear(), matrix, y, groups, seed))
    out["top_terms"] = _top_terms(vectorizer, _linear().fit(matrix, y))
    return out


def _when(text: str, query: bool) -> datetime | None:
    try:
        if query:  # 'MM/DD/YYYY, HH:MM:SS PT': the zone is coarse anyway, days are what matter
            return datetime.strptime(text.strip()[:20], "%m/%d/%Y, %H:%M:%S").replace(tzinfo=timezone.utc)
        parsed = parsedate_to_datetime(text.strip())
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)
    except (ValueError, TypeError, IndexError):
        return None


def metadata_row(q: AuditQuestion, rank: int, size: int, last_modified: str) -> list[float]:
    """rank, log size, empty last-modified, age in days at query time, year (NaN when unknown)."""
    modified = _when(last_modified, query=False) if last_modified.strip() else None
    asked = _when(q.query_time, query=True)
    age = (asked - modified).days if modified and asked else math.nan
    year = modified.year if modified else math.nan
    return [float(rank), math.log1p(size), float(modified is None), float(age), float(year)]


@single_threaded
def states_answer_metadata(qs: list[AuditQuestion], seed: int = 0) -> StatesMeta:
    """AUC of answer page from rank/size/last-modified (gradient-boosted trees), with and without rank."""
    from sklearn.ensemble import HistGradientBoostingClassifier

    subject, y, groups = _pairs(qs)
    out: StatesMeta = {"pairs": len(y), "auc": None, "auc_without_rank": None}
    if not _enough(y, groups):
        return out
    rows = [metadata_row(q, r.rank, r.size, r.last_modified) for q in subject for r in q.results]
    columns: tuple[tuple[Literal["auc", "auc_without_rank"], slice], ...] = (
        ("auc", slice(0, 5)),
        ("auc_without_rank", slice(1, 5)),
    )
    for key, cols in columns:
        model = HistGradientBoostingClassifier(max_iter=60, random_state=seed)
        features = [row[cols] for row in rows]
        out[key] = _auc(y, _oof_scores(model, features, y, groups, seed))
    return out
