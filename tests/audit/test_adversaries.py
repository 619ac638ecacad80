"""The learned adversaries on the tiny world's real questions and results, with and without a planted leak.

Each test plants a cue that a participant's classifier would learn (a word in every false premise, a word in
every answer page's snippet, a size only answer pages have) and checks that the figure jumps and the audit
line fails, while the same cue planted without regard to the label leaves the figure where it was.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import cast

import pytest

from mockapi.audit import learned
from mockapi.audit.data import AuditQuestion, Result, load_world
from mockapi.audit.figures import AuditFigures
from mockapi.audit.learned import FalsePremise, StatesText
from mockapi.audit.report import Line, lines
from mockapi.formats.manifest import read_manifest


@pytest.fixture(scope="module")
def questions(tiny_world: Path) -> list[AuditQuestion]:
    return load_world(tiny_world, read_manifest(tiny_world)).questions


def _with_query(q: AuditQuestion, query: str) -> AuditQuestion:
    return dataclasses.replace(q, query=query)


def _line(figures: AuditFigures, name: str) -> Line:
    return next(row for row in lines(figures, None) if row["figure"] == name)


def _figures(
    false_premise: FalsePremise | None = None, states_text: StatesText | None = None
) -> AuditFigures:
    """The figure tree `lines` reads, with only the adversaries filled in."""
    adversaries = {
        "false_premise": false_premise or {},
        "labels": {},
        "states_text": states_text or {},
        "states_meta": {},
    }
    return cast(AuditFigures, {"adversaries": adversaries})  # `lines` reads the groups it finds


def _num(value: float | None) -> float:
    assert value is not None, "the figure was not computed"
    return value


def test_false_premise_word_is_learned_and_fails_the_line(questions: list[AuditQuestion]) -> None:
    planted = [_with_query(q, q.query + " reportedly") if q.false_premise else q for q in questions]
    before = learned.false_premise(questions)
    after = learned.false_premise(planted)
    # the tiny world has 10 false premises (8 per training fold): the regularised model learns the word first
    # but does not reach a perfect score (0.79 at generator 17; 0.599 -> 0.896 at generator 19, whose tiny
    # world's draw of false premises starts higher; 0.736 -> 0.953 at generator 20, whose draw starts higher
    # still); the jump and the failed line are what a leak shows
    assert _num(after["cv_auc"]) >= _num(before["cv_auc"]) + 0.2 and "reportedly" in after["top_terms"][:3]
    assert (
        _line(_figures(false_premise=after), "false premise from question text: CV AUC")["verdict"] == "FAIL"
    )
    # the same word on a random half of the questions, whatever their label, teaches nothing
    rng = random.Random(1)
    noise = [_with_query(q, q.query + " reportedly") if rng.random() < 0.5 else q for q in questions]
    assert abs(_num(learned.false_premise(noise)["cv_auc"]) - _num(before["cv_auc"])) < 0.1


def test_dev_to_test_and_world_to_real_are_scored_on_the_other_questions(
    questions: list[AuditQuestion],
) -> None:
    dev = [_with_query(q, q.query + " reportedly") if q.false_premise else q for q in questions]
    # a test world that words its false premises like the dev world is read as well; one that puts the word on
    # its true questions instead is read backwards
    train = dev[::2]
    assert sum(q.false_premise for q in train) >= learned.MIN_CLASS
    carried = learned.false_premise(train, test=dev[1::2])
    flipped = [q if q.false_premise else _with_query(q, q.query + " reportedly") for q in questions[1::2]]
    # about 5 false premises to train on: the regularised model ranks most of the marked ones first, not
    # all (0.86-0.97 with the generator's draw of questions); read backwards it falls below chance
    assert _num(carried["test_auc"]) >= 0.8
    assert _num(learned.false_premise(train, test=flipped)["test_auc"]) < 0.5
    assert carried["test_questions"] == len(questions) // 2
    labels = learned.question_labels(questions, real=questions[:10])
    assert labels["type_real_accuracy"] is not None and 0 < _num(labels["type_majority"]) < 1


def _with_size(q: AuditQuestion, size: int) -> AuditQuestion:
    """Every answer page of `q` given the same size."""
    results = [dataclasses.replace(r, size=size) if r.page_id in q.gold else r for r in q.results]
    return dataclasses.replace(q, results=results)


def test_answer_page_snippet_cue_is_learned(questions: list[AuditQuestion]) -> None:
    def cue(r: Result) -> Result:
        return dataclasses.replace(r, snippet=r.snippet + " stood at")

    planted = [
        dataclasses.replace(q, results=[cue(r) if r.page_id in q.gold else r for r in q.results])
        for q in questions
    ]
    figure = learned.states_answer_text(planted)
    assert _num(figure["auc"]) >= 0.95 and {"stood", "stood at"} & set(figure["top_terms"])
    assert _num(learned.states_answer_text(questions)["auc"]) < _num(figure["auc"])
    row = _line(_figures(states_text=figure), "states the answer, from URL+title+snippet: AUC")
    assert row["verdict"] == "FAIL"


def test_answer_page_size_cue_is_learned_without_rank(questions: list[AuditQuestion]) -> None:
    planted = [_with_size(q, 777_777) for q in questions]
    figure = learned.states_answer_metadata(planted)
    assert _num(figure["auc_without_rank"]) >= 0.95
    without_cue = learned.states_answer_metadata(questions)["auc_without_rank"]
    assert _num(without_cue) < _num(figure["auc_without_rank"])


def test_too_few_labels_give_no_figure(questions: list[AuditQuestion]) -> None:
    assert learned.false_premise(questions[:6])["cv_auc"] is None
    assert learned.states_answer_text(questions[:2])["auc"] is None
    assert _line(_figures(), "false premise: dev→test AUC")["verdict"] == "n/a"


def test_metadata_row_reads_crag_dates() -> None:
    q = AuditQuestion(
        "q", "x", "open", "simple", "static", "a", [], [], [], query_time="03/15/2024, 10:00:00 PT"
    )
    rank, size, empty, age, year = learned.metadata_row(q, 3, 1000, " Tue, 27 Feb 2024 22:55:55 GMT")
    assert (rank, empty, age, year) == (3.0, 0.0, 16.0, 2024.0) and size > 6
    assert learned.metadata_row(q, 1, 0, "")[2] == 1.0
