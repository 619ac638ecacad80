"""CRAG's reward for a final answer: the rules judge's four-way label (crag-eval's), as a number."""

from __future__ import annotations

from crag_eval.files.types import FOUR_WAY_VALUE, Prediction, Question
from crag_eval.judges.rules import RulesJudge
from crag_eval.llm.truncate import truncate

LABEL_OF = {"correct": "perfect", "missing": "missing", "incorrect": "incorrect", "failed": "incorrect"}


def judge(question: Question, answer: str) -> tuple[str, float]:
    """(four-way label, reward): perfect 1, acceptable 0.5, missing 0, incorrect -1. The answer is cut to
    CRAG's 75 tokens first, as crag-eval scores it; an answer the rules cannot decide counts incorrect, as
    in crag-eval's Score_a."""
    verdict = RulesJudge().judge(question, Prediction(question.interaction_id, truncate(answer)))
    label = verdict.four_way or LABEL_OF[verdict.label]
    return label, FOUR_WAY_VALUE[label]
