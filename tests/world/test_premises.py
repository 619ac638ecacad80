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
        assert group is not None and group.aliases and group.aliases[0].startswith("the ")
        # named by its modifier ("which 2010 documentary film") or its noun phrase ("the documentary movies
        # released in 2010"): a set said in common words reads either way
        said = (group.descriptor, group.aliases[0].removeprefix("the "))
        assert any(name in q.query for name in said), (group.name, q.query)
        names = {s.name for s in q.subjects[1:]}
        if q.question_type != "false_premise":
            assert members.setdefault(group.name, names) == names  # one set, the same members everywhere


def test_a_false_premise_is_a_true_question_with_one_premise_bent() -> None:
    """Drafted from the same randomness, a false premise and the true question of its intent are one text
    but for the bent premise: same frame, same references, same voice; only the premise's value differs."""
    import datetime as dt

    from mockapi.world.questions.ask import Ask
    from mockapi.world.questions.composers import COMPOSERS
    from mockapi.world.questions.falsepremise import INVALID, bending, false_premise
    from mockapi.world.questions.generate import _plain
    from mockapi.world.questions.mix import DOMAINS, Cell
    from mockapi.world.questions.source import WebSource

    day = dt.date(2024, 3, 1)
    bent: dict[str, int] = {}
    for seed in range(400):
        qtype = sorted(COMPOSERS)[seed % len(COMPOSERS)]
        cell = Cell(DOMAINS[seed % len(DOMAINS)], qtype, "static")
        fp = false_premise(bending(Ask(cell, WebSource(), day, random.Random(seed)), qtype), COMPOSERS[qtype])
        if fp is None:
            continue
        # the true question of the same draft: a false premise's slot asks a changing value of a day or a year
        # (falsepremise.DATED, outoftime.py), so its true twin is drafted by the same bending Ask, unbent
        ask = bending(Ask(cell, WebSource(), day, random.Random(seed)), qtype)
        true = COMPOSERS[qtype](ask)
        assert true is not None and fp.answer == INVALID and fp.wrong_value
        said = _plain(true, ask).query
        head = _common(said, fp.query)
        tail = _common(said[head:][::-1], fp.query[head:][::-1])
        changed = fp.query[max(0, head - 30) : len(fp.query) - tail + 30]
        assert fp.query != said, said
        if not fp.wrong_value.isdigit():  # a count may be said in words ("four"); "lose" is said "lost"
            assert fp.wrong_value[:3] in changed.lower(), (said, fp.query)
        for text in (said, fp.query):  # one value differs, not the frame
            assert len(text[head : len(text) - tail].split()) <= 6, (said, fp.query)
        bent[qtype] = bent.get(qtype, 0) + 1
    assert len(bent) >= 5 and sum(bent.values()) >= 40, bent


def _common(a: str, b: str) -> int:
    """Length of the common prefix of two strings."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def test_an_invented_fact_has_one_value_and_its_years_keep_their_order(
    web_questions: list[Question],
) -> None:
    """A description, a premise and the asked value of one invented subject are one fact: two draws put two
    values of it on the pages (the default build stopped on a band described by a member list that was not
    the one asked). An artist debuts after growing up; a company lists after its founding."""
    from mockapi.world.questions.source import year_of

    seen: dict[tuple[str, str, str], str] = {}
    years: dict[tuple[str, str], int] = {}
    for q in web_questions:
        for f in [*q.facts, *q.context]:
            if f.kind.startswith("rel:") or f.source != "web":
                continue
            key = (f.subject.name, f.subject.kind, f.kind)
            assert seen.setdefault(key, f.value) == f.value, (q.query, key, seen[key], f.value)
            year = year_of(f)
            if year is not None:
                years[(f.subject.name, f.kind)] = year
    pairs = [(y, years.get((name, "mu.debut"))) for (name, kind), y in years.items() if kind == "mu.birth"]
    assert all(debut - born >= 14 for born, debut in pairs if debut is not None)


def test_a_bent_year_is_four_or_more_years_off() -> None:
    """Off by one or two ("the one founded in 1898" of a club of 1897, "the 2000 film" of a film shot in 2000
    and released in 2001) read as slips a fair assistant corrects and answers (reader62: 2 of 5 false
    premises ambiguous); generator 43 bent a year by 1-3 in 6 of 10 draws."""
    import datetime as dt
    import random

    from mockapi.world.questions.model import Fact, Subject
    from mockapi.world.questions.premise import _bent

    club = Subject("East Steve Hornets", "sports", "team")
    offs = set()
    for seed in range(300):
        year = 1900 + seed % 124
        fact = Fact(club, "sp.founded", str(year), number=float(year))
        wrong = _bent(fact, str(year), random.Random(seed), dt.date(2024, 3, 1))
        assert wrong is not None and int(wrong) < 2024
        offs.add(abs(int(wrong) - year))
    assert min(offs) >= 4, sorted(offs)
