"""RAGEval's key-point metrics and ROUGE-L, beside CRAG's labels.

Key points of a question, distilled from its gold answer as RAGEval distils them: the world's key phrases
that the gold answer states (a sentence answer names several facts; phrases of intermediate facts, such as a
two-hop question's first hop, are evidence, not answer points; a phrase that is an alternative form of the
answer is the answer point itself) and the short gold answer (for a sentence
answer, its first short alternative), de-duplicated; a false premise has one key point, "the premise is
false". Each key point of an answer is, as RAGEval's judge says, Relevant (covered), Wrong
(contradicted) or Irrelevant (neither); then completeness = covered / key points, hallucination = wrong / key
points, irrelevance = the rest (means over questions).

By rules: a key phrase is covered when it occurs in the answer (CoFE-RAG's matching: case-folded, non-word
characters removed), the short answer when the rules judge finds the answer correct; an uncovered key point is
Wrong when the rules judge finds the answer incorrect (it makes a specific claim that is not the gold), else
Irrelevant (a decline, or a right answer that states the point in other words). RAGEval's own rule: saying
"I don't know" is Irrelevant, never Wrong. With `--judge openai` every key point is asked of the model (one
call per key point, cached like the verdicts).

ROUGE-L (F1 of the longest common subsequence of lower-cased word tokens, best over the gold forms) is
reported for sentence answers (golds of SENTENCE_WORDS words or more), as RAGEval reports it: a lexical
baseline.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Literal

from crag_eval.files.score_sections import KeyPointScores
from crag_eval.files.types import Judgement, Prediction, Question
from crag_eval.judges import text as tx
from crag_eval.score.diagnostics import QuestionLabels
from crag_eval.score.phrases import clean

Verdict = Literal["relevant", "wrong", "irrelevant"]
FALSE_PREMISE_POINT = "the question's premise is false"
SENTENCE_WORDS = 6
_WORD = re.compile(r"[^\W_]+")
AskPoint = Callable[[Question, str, str], str | None]
"""An LLM key-point judge: (question, key point, answer) → verdict, or None when it failed (rules then)."""


def key_points(question: Question, labels: QuestionLabels | None) -> list[str]:
    """The question's key points (see the module docstring), in a stable order."""
    if question.answer.strip().lower() == "invalid question":
        return [FALSE_PREMISE_POINT]
    short = question.answer if not is_sentence(question.answer) else next(iter(question.alt_answers), "")
    # the answer itself, not its alternatives: an alternative is another whole answer ("boulder 26, denver 30"
    # beside the gold "56"), and the per-entity values it states are not points the gold must make
    golds = [clean(question.answer)]
    # a key phrase that is one of the answer's own forms ("$221.2 million" beside the gold "$221.18 million")
    # is the answer point again, not another fact: it is covered by the short answer
    forms = {clean(g) for g in question.alt_answers}
    phrases = [p for p in (labels.key_phrases if labels else ()) if clean(p) not in forms]
    stated = [p for p in phrases if any(clean(p) in g for g in golds)]
    points = [*stated, short]
    seen: dict[str, str] = {}
    for point in points:
        if clean(point):
            seen.setdefault(clean(point), point)
    return list(seen.values())


def is_sentence(text: str) -> bool:
    return len(_WORD.findall(text)) >= SENTENCE_WORDS


def rule_verdict(point: str, question: Question, answer: str, judgement: Judgement | None) -> Verdict:
    label = judgement.label if judgement else "missing"
    if point == FALSE_PREMISE_POINT:
        return "relevant" if label == "correct" else ("wrong" if label == "incorrect" else "irrelevant")
    if tx.is_missing(answer):
        return "irrelevant"
    short = question.answer if not is_sentence(question.answer) else next(iter(question.alt_answers), "")
    if (clean(point) and clean(point) in clean(answer)) or (point == short and label == "correct"):
        return "relevant"
    return "wrong" if label == "incorrect" else "irrelevant"


def _askable(point: str, answer: str) -> bool:
    """A decline and a false premise need no model: the rules settle them the way RAGEval's judge would."""
    return point != FALSE_PREMISE_POINT and not tx.is_missing(answer)


def rouge_l(prediction: str, reference: str) -> float:
    """ROUGE-L F1 over lower-cased word tokens."""
    a, b = _WORD.findall(prediction.lower()), _WORD.findall(reference.lower())
    if not a or not b:
        return 0.0
    previous = [0] * (len(b) + 1)
    for x in a:
        current = [0]
        for j, y in enumerate(b):
            current.append(previous[j] + 1 if x == y else max(previous[j + 1], current[j]))
        previous = current
    lcs = previous[-1]
    if lcs == 0:
        return 0.0
    precision, recall = lcs / len(a), lcs / len(b)
    return 2 * precision * recall / (precision + recall)


def score_key_points(
    questions: Sequence[Question],
    predictions: dict[str, Prediction],
    judgements: dict[str, Judgement],
    labels: dict[str, QuestionLabels],
    ask: AskPoint | None = None,
    judge: str = "rules",
) -> KeyPointScores:
    """The three rates over the answered questions, and ROUGE-L over those with a sentence gold."""
    comp = hallu = irr = 0.0
    n = n_points = 0
    rouge: list[float] = []
    for q in questions:
        p = predictions.get(q.interaction_id)
        if p is None:
            continue
        points = key_points(q, labels.get(q.interaction_id))
        if points:
            j = judgements.get(q.interaction_id)
            verdicts = [
                (ask(q, point, p.prediction) if ask and _askable(point, p.prediction) else None)
                or rule_verdict(point, q, p.prediction, j)
                for point in points
            ]
            n, n_points = n + 1, n_points + len(points)
            comp += verdicts.count("relevant") / len(points)
            hallu += verdicts.count("wrong") / len(points)
            irr += verdicts.count("irrelevant") / len(points)
        if is_sentence(q.answer):
            rouge.append(max(rouge_l(p.prediction, g) for g in q.gold))
    return KeyPointScores(
        judge=judge,
        questions=n,
        key_points=n_points,
        completeness=round(comp / n, 4) if n else 0.0,
        hallucination=round(hallu / n, 4) if n else 0.0,
        irrelevance=round(irr / n, 4) if n else 0.0,
        rouge_l_questions=len(rouge),
        rouge_l=round(sum(rouge) / len(rouge), 4) if rouge else None,
    )
