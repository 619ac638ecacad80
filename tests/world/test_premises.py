"""False premises read like true questions; sets are named as people name them (web-only questions: fast)."""

from __future__ import annotations

import random

import pytest

from mockapi.world.questions.generate import generate
from mockapi.world.questions.model import Question, group_of

N = 500


@pytest.fixture(scope="module")
def web_questions() -> list[Question]:
    return generate(N, random.Random(11), None, "dev")


def test_false_premises_are_not_read_from_wording(web_questions: list[Question]) -> None:
    """A participant's classifier (TF-IDF word 1-2-grams, logistic regression, 5-fold CV) on the question
    text alone: the old generator's premise-only frames gave about 0.97 here."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score
    from sklearn.model_selection import StratifiedKFold, cross_val_predict
    from sklearn.pipeline import make_pipeline

    texts = [q.query for q in web_questions]
    y = [q.question_type == "false_premise" for q in web_questions]
    model = make_pipeline(
        TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True, min_df=2), LogisticRegression()
    )
    folds = StratifiedKFold(5, shuffle=True, random_state=0)
    scores = cross_val_predict(model, texts, y, cv=folds, method="predict_proba")[:, 1]
    assert sum(y) >= 30
    assert roc_auc_score(y, scores) < 0.82


def test_true_questions_say_premises_too(web_questions: list[Question]) -> None:
    """The facts a premise says ("the 2010 film x") are the subject's own, kept for the pages to state."""
    said = [q for q in web_questions if q.question_type != "false_premise" and q.context]
    assert len(said) >= N // 6
    for q in said:
        assert all(f.subject in q.subjects or f.subject.kind != "group" for f in q.context)


def test_sets_are_named_and_keep_their_members(web_questions: list[Question]) -> None:
    grouped = [(group_of(q), q) for q in web_questions if group_of(q) is not None]
    assert len(grouped) >= N // 12
    members: dict[str, set[str]] = {}
    for group, q in grouped:
        assert group is not None and group.descriptor in q.query, (group.name, q.query)
        assert group.aliases and group.aliases[0].startswith("the ")
        names = {s.name for s in q.subjects[1:]}
        if q.question_type != "false_premise":
            assert members.setdefault(group.name, names) == names  # one set, the same members everywhere
