"""Issue 22 item 4: a short answer whose number, year, date or name contradicts the gold answer and every
alternative is incorrect; 'undecided' stays for answers the rules cannot read. Golden cases per rule, both
ways (each 'incorrect' row was undecided before the rule existed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from crag_eval.files.questions import load_world_questions
from crag_eval.files.types import Prediction, Question, QuestionType
from crag_eval.judges.rules import RulesJudge

JUDGE = RulesJudge()


def verdict(
    answer: str, alts: tuple[str, ...], prediction: str, qtype: QuestionType = "simple"
) -> tuple[str, str]:
    question = Question("q", "a question?", "03/05/2024, 23:18:31 PT", answer, alts, question_type=qtype)
    j = JUDGE.judge(question, Prediction("q", prediction))
    return ("undecided" if j.undecided else j.label), j.reason


FOUNDED = "the company was founded on march 5, 1911"
WINS = "together, ingfield utd and lexington avalanche have 45 wins"
BORN = "february 3, 1926 is when emma heerkens was born"
DECADE = ("the 1960s", ("1960s", "the 60s"))
RUNTIME = ("last voyage runs 2 hours 44 minutes", ("2 hours 44 minutes", "2h 44m"))
MOVIE = (
    "tyler james, the manager of ross nelson, has a latest movie of the silent kingdom",
    ("the silent kingdom",),
)

CONTRADICTED = [
    # figures: a number, a bare year, a date no gold answer has
    (FOUNDED, (), "1892", "contradiction-figure"),
    (WINS, ("45",), "1850", "contradiction-figure"),
    (BORN, ("february 3, 1926",), "1850", "contradiction-figure"),
    (BORN, ("february 3, 1926",), "It was July 12th, 1990.", "contradiction-figure"),
    (*DECADE, "1850", "contradiction-figure"),
    (*RUNTIME, "1850", "contradiction-figure"),
    # names: no word in common with the gold or any alternative
    ("dr. crystal ho", (), "Shannon Hernandez", "contradiction-name"),
    (*MOVIE, "Golden Letters", "contradiction-name"),
    ("boulder rivermen", (), "1850", "contradiction-figure"),  # a year where a name is asked
]  # fmt: skip


@pytest.mark.parametrize(("answer", "alts", "prediction", "rule"), CONTRADICTED)
def test_a_contradicting_short_answer_is_incorrect(
    answer: str, alts: tuple[str, ...], prediction: str, rule: str
) -> None:
    assert verdict(answer, alts, prediction) == ("incorrect", rule)


NOT_CONTRADICTED = [
    (FOUNDED, (), "1911"),  # the gold's year: less precise, not wrong
    (BORN, ("february 3, 1926",), "1926"),
    (*DECADE, "1965"),  # inside the decade
    (*RUNTIME, "164 minutes"),  # the same time in another unit
    (WINS, ("45",), "45 wins in total, I think"),  # still read by the other rules: not a contradiction
    ("united kingdom", (), "UK"),  # an abbreviation
    ("manchester united", (), "Man Utd"),
    ("dr. crystal ho", (), "Crystal"),  # part of the name
    (*MOVIE, "Ross Nelson"),  # shares words with the gold sentence: maybe a reading the rules cannot make
    ("dr. crystal ho", (), "Maybe Shannon Hernandez"),  # hedged
    ("paris", ("paris, france",), "the french capital, home to many museums"),  # a description, not a name
    ("dr. crystal ho", (), "shannon hernandez"),  # not written as a name: the rules cannot tell
    ("dr. crystal ho", (), "The person you ask about is Shannon Hernandez, as far as I can tell"),  # long
]  # fmt: skip


@pytest.mark.parametrize(("answer", "alts", "prediction"), NOT_CONTRADICTED)
def test_an_answer_that_does_not_contradict_is_never_called_wrong_by_the_rule(
    answer: str, alts: tuple[str, ...], prediction: str
) -> None:
    label, rule = verdict(answer, alts, prediction)
    assert not rule.startswith("contradiction"), (label, rule)
    assert label in ("correct", "undecided")


def test_yes_no_golds_are_left_to_their_own_rule_and_a_list_is_read_as_its_words() -> None:
    assert verdict("yes", (), "Acme Corp") == ("undecided", "undecided")
    gold = "stevensbury hornets, south garrettstad wolves and north stephanieborough phoenix"
    assert verdict(gold, (), "Boulder Rivermen") == ("incorrect", "contradiction-name")
    assert verdict(gold, (), "Stevensbury Hornets") == ("undecided", "undecided")


def test_one_year_for_every_tiny_world_question_is_decided(tiny_world: Path) -> None:
    """The issue's probe: "1850" to every question left 50 of 80 undecided; each now has a verdict, but for
    yes/no golds: a figure may answer one by implication ("did it open in 2020?" "2019"), so the rules leave
    it to a judge that reads (module docstring of crag_eval.judges.contradiction)."""
    questions = load_world_questions(tiny_world)
    judgements = [JUDGE.judge(q, Prediction(q.interaction_id, "1850")) for q in questions]
    assert len(judgements) == 80
    yes_no = {q.interaction_id for q in questions if q.answer.strip().lower() in ("yes", "no")}
    undecided = {j.interaction_id for j in judgements if j.undecided}
    assert undecided <= yes_no and len(undecided) < 10, undecided
    assert all(j.label == "incorrect" for j in judgements if j.interaction_id not in yes_no)
