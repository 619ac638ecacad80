"""What the rules-judge tests share: the judge, a question with a gold answer, and the label of an answer."""

from __future__ import annotations

from crag_eval.files.types import Prediction, Question, QuestionType
from crag_eval.judges.rules import RulesJudge

JUDGE = RulesJudge()


def q(
    answer: str,
    alts: tuple[str, ...] = (),
    qtype: QuestionType = "simple",
    iid: str = "q",
    domain: str = "movie",
) -> Question:
    return Question(
        iid, "a question?", "03/05/2024, 23:18:31 PT", answer, alts, domain=domain, question_type=qtype
    )


def label(question: Question, text: str, error: str | None = None) -> tuple[str, str]:
    j = JUDGE.judge(question, Prediction(question.interaction_id, text, error=error))
    return j.label, j.reason
