"""RAGEval's key-point judge asked of an OpenAI-compatible model: one call per (question, key point, answer).

The reply must hold exactly one of RAGEval's three tags, `[[[Relevant]]]`, `[[[Irrelevant]]]` or
`[[[Wrong]]]`; saying the information is missing is Irrelevant, not Wrong, as in RAGEval. Verdicts share the
judge's cache (keyed by question, key point, answer, model and prompt version). A reply without a tag, or an
endpoint that fails, gives None: the caller falls back to the rules and counts it.
"""

from __future__ import annotations

import hashlib
import json
import re

from crag_eval.files.types import Question
from crag_eval.llm.client import ChatMessage, Endpoint, LLMError, LLMUsage, chat
from crag_eval.llm.kvcache import Cache

PROMPT_VERSION = "crag-eval-keypoint-1"
SYSTEM = """You check whether an answer covers one key point of the correct answer to a question.
Reply with exactly one tag and nothing else:
[[[Relevant]]] the answer states the key point's information accurately;
[[[Wrong]]] the answer makes a specific claim that contradicts the key point;
[[[Irrelevant]]] the answer neither states nor contradicts it (saying the information is missing or unknown
is Irrelevant, not Wrong)."""
_TAG = re.compile(r"\[\[\[(Relevant|Irrelevant|Wrong)\]\]\]", re.IGNORECASE)
VERDICT = {"relevant": "relevant", "irrelevant": "irrelevant", "wrong": "wrong"}


class KeyPointJudge:
    def __init__(self, endpoint: Endpoint, cache: Cache) -> None:
        self.endpoint, self.cache = endpoint, cache
        self.name = f"openai:{endpoint.model}"
        self.failures = 0
        self.usage = LLMUsage()

    def __call__(self, question: Question, point: str, answer: str) -> str | None:
        parts = [question.query, point, answer, self.endpoint.model, PROMPT_VERSION]
        key = hashlib.sha256(json.dumps(parts).encode()).hexdigest()
        cached = self.cache.get(key)
        if cached is not None:
            return cached["verdict"]
        user = f"Question: {question.query}\nKey point: {point}\nAnswer: {answer}"
        messages: list[ChatMessage] = [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": user},
        ]
        try:
            found = _TAG.search(chat(self.endpoint, messages, max_tokens=20, usage=self.usage))
        except LLMError:
            found = None
        if found is None:
            self.failures += 1
            return None
        verdict = VERDICT[found.group(1).lower()]
        self.cache.put(key, {"verdict": verdict})
        return verdict
