"""The rules judge's one-sentence rule: a sentence answer that states the gold, and the cases it must leave
alone."""

from __future__ import annotations

import pytest
from crag_eval.files.types import Question
from rules_cases import label

# (gold, question, prediction) → label, reason: the one-sentence rule, and the cases it must leave alone.
SENTENCES = [
    (
        "the louvre",
        "which museum holds the mona lisa?",
        "The Mona Lisa has been on display at the Louvre in Paris since the early nineteenth century.",
        ("correct", "sentence"),
    ),
    (
        "john smith",
        "who is the ceo of acme corp?",
        "As of March 2024, the CEO of Acme Corp is John Smith.",
        ("correct", "sentence"),
    ),
    (
        "james cameron",
        "who directed titanic?",
        "Titanic was directed by the Canadian filmmaker James Cameron.",
        ("correct", "contains"),
    ),
    (
        "42",
        "how many points did the hawks score on 2024-03-05?",
        "The Hawks scored 42 points on March 5, 2024.",
        ("correct", "numeric"),
    ),
    # the gold is named in the question: containing it proves nothing
    (
        "james cameron",
        "did james cameron or steven spielberg direct titanic?",
        "Steven Spielberg directed Titanic, while James Cameron only produced it.",
        ("incorrect", "undecided"),
    ),
    # negated, hedged, a list, two sentences, an extra figure, a set question
    (
        "john smith",
        "who is the ceo of acme corp?",
        "The CEO of Acme Corp is not John Smith but Jane Doe.",
        ("incorrect", "undecided"),
    ),
    (
        "john smith",
        "who is the ceo of acme corp?",
        "The CEO of Acme Corp is probably John Smith, I think.",
        ("incorrect", "undecided"),
    ),
    (
        "john smith",
        "who is the ceo of acme corp?",
        "Candidates for CEO include John Smith and Jane Doe.",
        ("incorrect", "undecided"),
    ),
    (
        "john smith",
        "who is the ceo of acme corp?",
        "It is John Smith. Before him it was Jane Doe.",
        ("incorrect", "undecided"),
    ),
    (
        "john smith",
        "who is the ceo of acme corp?",
        "John Smith has led Acme Corp for 12 years as its CEO.",
        ("incorrect", "undecided"),
    ),
]


@pytest.mark.parametrize(("gold", "query", "pred", "expected"), SENTENCES)
def test_golden_sentences(gold: str, query: str, pred: str, expected: tuple[str, str]) -> None:
    question = Question("q", query, "03/05/2024, 23:18:31 PT", gold, question_type="simple")
    assert label(question, pred) == expected


def test_set_questions_never_use_the_sentence_rule() -> None:
    question = Question("q", "which bands did he play in?", "t", "the beatles", question_type="set")
    assert (
        label(question, "Over his long career he played in the Beatles during the sixties in England.")[1]
        == "undecided"
    )
