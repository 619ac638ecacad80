"""verl's reward function: CRAG's four-way score of one rollout, by the offline rules judge.

verl (and trainers that take its `custom_reward_function`) call
`compute_score(data_source, solution_str, ground_truth, extra_info=None)` once per rollout, with the row's
`reward_model.ground_truth` (`crag-mock export --format verl` writes `{"target": [answer, *alternatives]}`)
and its `extra_info` (`question_type` and `query` there let the judge apply its type-aware rules).

Scored: the last `<answer>...</answer>` span of the rollout when it has one (Search-R1's format), else the
whole text; truncated to CRAG's 75 tokens. Returned: 1.0 perfect, 0.5 acceptable, 0.0 missing, -1.0
incorrect. The rules judge decides perfect, missing and incorrect; where it cannot decide (it counts such
an answer as incorrect), an answer that states a gold answer as a whole phrase, unhedged and unnegated, but
among more words than the judge's rules take, is acceptable: right, with a minor flaw (verbosity) that does
not mislead, as CRAG defines it. Anything else undecided stays incorrect, as the judge counts it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from crag_eval.files.types import FOUR_WAY_VALUE, Prediction, Question, QuestionType, question_type_of
from crag_eval.judges import text as tx
from crag_eval.judges.rules import RulesJudge
from crag_eval.llm.truncate import truncate

_ANSWER = re.compile(r"<answer>(.*?)</answer>", re.DOTALL | re.IGNORECASE)
_JUDGE = RulesJudge()
_UNSURE = {"not", "no", "never", "neither", "nor", "or", "either", "maybe", "perhaps", "possibly", "unclear"}


def compute_score(
    data_source: str, solution_str: str, ground_truth: Any, extra_info: Mapping[str, Any] | None = None
) -> float:
    """CRAG's score of `solution_str` against `ground_truth`'s answers (see the module docstring)."""
    del data_source  # one rule for every CRAG world
    info = dict(extra_info or {})
    gold = gold_answers(ground_truth)
    question = Question(
        interaction_id=str(info.get("interaction_id", "")),
        query=str(info.get("query", "")),
        query_time=str(info.get("query_time", "")),
        answer=gold[0] if gold else "",
        alt_answers=tuple(gold[1:]),
        question_type=_question_type(info.get("question_type")),
    )
    return FOUR_WAY_VALUE[four_way(question, answer_span(solution_str))]


def answer_span(solution: str) -> str:
    """The last `<answer>…</answer>` span, stripped, else the whole text; cut to CRAG's 75 tokens."""
    spans = _ANSWER.findall(solution)
    return truncate((spans[-1] if spans else solution).strip())


def four_way(question: Question, answer: str) -> str:
    """perfect / acceptable / missing / incorrect of one answer."""
    judgement = _JUDGE.judge(question, Prediction(question.interaction_id, answer))
    if judgement.four_way is not None:
        return judgement.four_way
    if judgement.undecided and any(_states(gold, answer) for gold in question.gold):
        return "acceptable"
    return "incorrect"


def _states(gold: str, answer: str) -> bool:
    """`answer` holds `gold` as a whole phrase and no word that negates or hedges it."""
    g, a = tx.normalise(gold), tx.normalise(answer)
    return bool(g) and f" {g} " in f" {a} " and not (_UNSURE & (set(a.split()) - set(g.split())))


def gold_answers(ground_truth: Any) -> list[str]:
    """The answers of verl's `ground_truth`: `{"target": [...]}` (lists may come back from Parquet as
    arrays), a list, or one string."""
    if isinstance(ground_truth, Mapping):
        ground_truth = ground_truth.get("target", ground_truth.get("answer", []))
    if isinstance(ground_truth, str):
        return [ground_truth]
    return [str(answer) for answer in ground_truth]


def _question_type(value: Any) -> QuestionType:
    try:
        return question_type_of(value)
    except ValueError:
        return ""
