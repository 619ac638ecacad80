"""`crag_eval.reward.compute_score`: verl's reward signature, CRAG's four-way score by the rules judge."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from crag_eval.files.questions import load_world_questions
from crag_eval.reward import answer_span, compute_score

GOLD = {"target": ["1977", "July 30, 1977"]}
INFO = {"question_type": "simple", "query": "when was magrit turci born?"}


@pytest.mark.parametrize(
    ("solution", "score"),
    [
        ("<think>the page says 1977</think> <answer> 1977 </answer>", 1.0),
        ("<answer>July 30, 1977</answer>", 1.0),
        ("<answer>I don't know</answer>", 0.0),
        ("<answer>1982</answer>", -1.0),
        ("<answer>1982</answer> ... <answer>1977</answer>", 1.0),  # the last span counts
        ("1977", 1.0),  # no span: the whole text
    ],
)
def test_golden_cases(solution: str, score: float) -> None:
    assert compute_score("crag-mock/dev", solution, GOLD, INFO) == score


def test_a_right_answer_in_too_many_words_is_acceptable() -> None:
    gold = {"target": ["Steven Spielberg"]}
    info = {"question_type": "simple", "query": "who directed jaws?"}
    verbose = (
        "<answer>The director of the film, according to several reviews and the studio's own notes, was "
        "Steven Spielberg, who went on to make two more films with the same crew</answer>"
    )
    assert compute_score("crag-mock/dev", verbose, gold, info) == 0.5
    hedged = "<answer>It was maybe Steven Spielberg, or perhaps another director of that studio</answer>"
    assert compute_score("crag-mock/dev", hedged, gold, info) == -1.0


def test_ground_truth_as_parquet_gives_it_back() -> None:
    """verl hands over what Parquet read: arrays instead of lists."""
    gold = {"target": np.array(["1977", "July 30, 1977"], dtype=object)}
    assert compute_score("crag-mock/dev", "<answer>1977</answer>", gold) == 1.0
    assert compute_score("crag-mock/dev", "<answer>1977</answer>", ["1977"]) == 1.0
    assert compute_score("crag-mock/dev", "<answer>1977</answer>", "1977") == 1.0


def test_false_premise_answers_invalid_question() -> None:
    info = {"question_type": "false_premise", "query": "when did the moon win an oscar?"}
    gold = {"target": ["invalid question"]}
    assert compute_score("crag-mock/dev", "<answer>invalid question</answer>", gold, info) == 1.0
    assert compute_score("crag-mock/dev", "<answer>1999</answer>", gold, info) == -1.0


def test_the_span_is_cut_to_75_tokens() -> None:
    assert len(answer_span("<answer>" + "word " * 200 + "</answer>").split()) == 75


def test_the_oracle_scores_1_on_every_tiny_world_question(tiny_world: Path) -> None:
    questions = load_world_questions(tiny_world)
    assert questions
    for q in questions:
        gold = {"target": list(q.gold)}
        info = {"question_type": q.question_type, "query": q.query, "interaction_id": q.interaction_id}
        assert compute_score("crag-mock/dev", f"<answer>{q.answer}</answer>", gold, info) == 1.0, q
