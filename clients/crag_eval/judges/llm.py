"""The `openai` judge: CRAG's grading rules (in our own words) asked of any OpenAI-compatible model.

Two-step as in the paper: the rules judge decides first; only what it leaves undecided goes to the model. The
model answers with one strict JSON object carrying a four-way label. A reply that is not exactly that is asked
again; an endpoint that still fails gives a `failed` judgement (shown as a judge failure, never as a
hallucination). Verdicts are cached on disk, keyed by question, gold answers, prediction, judge model and
prompt version, so re-scoring a run costs nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

from crag_eval.files.types import Judgement, Label, Prediction, Question
from crag_eval.judges.rules import RulesJudge
from crag_eval.llm.client import ChatMessage, Endpoint, LLMError, LLMUsage, chat
from crag_eval.llm.kvcache import Cache

PROMPT_VERSION = "crag-eval-judge-1"
DEFAULT_JUDGE_MODEL = "gpt-4o-mini"
FOUR_WAY = ("perfect", "acceptable", "missing", "incorrect")

SYSTEM_PROMPT = """You grade answers to questions for a question-answering benchmark.
You get a question, one or more gold answers (treat them as true; any one of them is enough), and a
prediction. Give exactly one label:
- "perfect": the prediction answers the question correctly and adds nothing false. A short answer that states
  the gold fact, or a faithful paraphrase or summary of it, is perfect. Numbers must agree up to rounding;
  dates may use any format; units and spelling variants are fine.
- "acceptable": useful and essentially correct, with a minor flaw that does not mislead (a small extra
  inaccuracy, slightly imprecise wording).
- "missing": the prediction does not attempt an answer: it says it does not know, cannot find the information,
  asks for clarification, or is empty.
- "incorrect": anything else: a wrong or irrelevant answer, a hedge between several answers, a
  self-contradiction, a list with items missing or extra items, or an answer to a question whose premise is
  false when the gold answer says the premise is false ("invalid question").
Reply with one JSON object and nothing else:
{"label": "<perfect|acceptable|missing|incorrect>", "explanation": "<one short sentence>"}"""


def user_prompt(question: Question, prediction: str) -> str:
    golds = "\n".join(f"- {g}" for g in question.gold)
    return f"Question: {question.query}\nGold answers:\n{golds}\nPrediction: {prediction}"


class JudgeReplyError(ValueError):
    """The judge's reply is not the JSON object the prompt asks for."""


def parse_reply(text: str) -> tuple[str, str]:
    """(label, explanation) from a reply that must be one JSON object with a valid `label`."""
    body = text.strip()
    fenced = re.fullmatch(r"```(?:json)?\s*(.*?)\s*```", body, flags=re.S)
    if fenced:
        body = fenced.group(1)
    try:
        data = json.loads(body)
    except json.JSONDecodeError as exc:
        raise JudgeReplyError(f"reply is not JSON: {text[:80]!r}") from exc
    if not isinstance(data, dict) or data.get("label") not in FOUR_WAY:
        raise JudgeReplyError(f"reply lacks a valid label: {text[:80]!r}")
    return str(data["label"]), str(data.get("explanation", ""))


def default_cache() -> Cache:
    """`$CRAG_EVAL_CACHE` (a file, or 'off'), else judge-cache.sqlite beside the worlds."""
    from mockapi.core.paths import data_root

    env = os.environ.get("CRAG_EVAL_CACHE")
    if env == "off":
        return Cache(None)
    return Cache(Path(env) if env else data_root() / "judge-cache.sqlite")


class LLMJudge:
    """Rules first; the undecided rest graded by a chat model with a four-way label."""

    def __init__(self, endpoint: Endpoint, cache: Cache | None = None, parse_attempts: int = 3) -> None:
        self.endpoint = endpoint
        self.cache = cache if cache is not None else default_cache()
        self.parse_attempts = parse_attempts
        self.rules = RulesJudge()
        self.name = f"openai:{endpoint.model}"
        self.usage = LLMUsage()
        """Tokens this judge spent (scores.json judge_usage)."""

    def judge(self, question: Question, prediction: Prediction) -> Judgement:
        first = self.rules.judge(question, prediction)
        if not first.undecided:
            first.judge = self.name
            return first
        key = self.cache_key(question, prediction.prediction)
        cached = self.cache.get(key)
        if cached is None:
            try:
                label, explanation = self._ask(question, prediction.prediction)
            except (LLMError, JudgeReplyError) as exc:
                return Judgement(
                    question.interaction_id, self.name, "failed", "judge-failure", detail=str(exc)
                )
            cached = {"label": label, "explanation": explanation}
            self.cache.put(key, cached)
        label = cached["label"]
        three: Label = "correct" if label in ("perfect", "acceptable") else label  # type: ignore[assignment]
        return Judgement(
            question.interaction_id,
            self.name,
            three,
            "llm",
            four_way=label,  # type: ignore[arg-type]
            detail=cached.get("explanation", ""),
        )

    def cache_key(self, question: Question, prediction: str) -> str:
        parts = [question.query, list(question.gold), prediction, self.endpoint.model, PROMPT_VERSION]
        return hashlib.sha256(json.dumps(parts).encode()).hexdigest()

    def _ask(self, question: Question, prediction: str) -> tuple[str, str]:
        messages: list[ChatMessage] = [
            {"role": "system", "content": SYSTEM_PROMPT},
            {"role": "user", "content": user_prompt(question, prediction)},
        ]
        error: JudgeReplyError | None = None
        for _ in range(self.parse_attempts):
            try:
                reply = chat(self.endpoint, messages, json_mode=True, max_tokens=200, usage=self.usage)
                return parse_reply(reply)
            except JudgeReplyError as exc:
                error = exc
        assert error is not None
        raise error
