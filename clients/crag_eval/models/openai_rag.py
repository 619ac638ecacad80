"""`openai`: the paper's straightforward RAG over any OpenAI-compatible endpoint.

Web context: page snippets in the served order until ~4K tokens. KG context (Tasks 2–3, ~2K tokens): what
the question's words reach without an LLM extraction step (the open-domain entity search and the best
entity's summary); on Task 1 the server refuses the KG and the context stays empty. The prompt gives the query
time and the paper's answer rules (shortest answer, "invalid question" for a false premise, "I don't know"
when unsure).
Settings: CRAG_EVAL_MODEL_BASE_URL, CRAG_EVAL_MODEL_MODEL, CRAG_EVAL_MODEL_API_KEY (else OPENAI_*), or
`--model-args '{"model": …, "base_url": …}'`. An endpoint that fails after retries raises (the harness records
the error and its traceback); it never turns into an "I don't know" that would pass for a real answer.
"""

from __future__ import annotations

import html
import os
import re
from typing import Any

import httpx

from crag_eval.files.records import ExtendedAnswer, SearchPage
from crag_eval.llm.client import ChatMessage, Endpoint, LLMUsage, chat, check_endpoint
from crag_eval.llm.truncate import truncate

ENV_PREFIX = "CRAG_EVAL_MODEL"
WEB_TOKENS = 4000
KG_TOKENS = 2000
SYSTEM = (
    "You answer questions using the references given. Answer with the shortest phrase that fully answers the "
    "question, without explanation. If the question rests on a false premise, answer exactly "
    "'invalid question'. "
    'If the references do not let you answer with confidence, answer exactly "I don\'t know".'
)


def clean_snippet(text: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text or "")).split())


def web_context(pages: list[SearchPage], budget: int = WEB_TOKENS) -> str:
    lines: list[str] = []
    used = 0
    for page in pages:
        snippet = clean_snippet(str(page.get("page_snippet", "")))
        if not snippet:
            continue
        cost = len(snippet.split()) * 4 // 3 + 4  # ~ tokens per English word
        if used + cost > budget:
            snippet = truncate(snippet, max(0, budget - used))
            if snippet:
                lines.append(f"- {snippet}")
            break
        lines.append(f"- {snippet}")
        used += cost
    return "\n".join(lines)


class OpenAIRAGModel:
    def __init__(self, model: str | None = None, base_url: str | None = None, batch_size: int = 4) -> None:
        env = Endpoint.from_env(ENV_PREFIX, "gpt-4o-mini")
        self.endpoint = Endpoint(
            base_url or env.base_url, model or env.model, env.api_key, backoff_s=env.backoff_s
        )
        self.batch_size = batch_size
        self.server = (
            os.environ.get("CRAG_MOCK_API_URL") or os.environ.get("CRAG_SERVER") or "http://127.0.0.1:8000"
        )

    def preflight(self) -> None:
        """Called by the harness before question 1: a missing key or an unreachable endpoint fails the run."""
        check_endpoint(self.endpoint, ENV_PREFIX, "--model openai")

    def get_batch_size(self) -> int:
        return self.batch_size

    def batch_generate_answer(self, batch: dict[str, list[Any]]) -> list[ExtendedAnswer]:
        """Extended answers: the text and the LLM usage (tokens in/out) the harness accounts."""
        out: list[ExtendedAnswer] = []
        for q, pages, t in zip(batch["query"], batch["search_results"], batch["query_time"], strict=True):
            usage = LLMUsage()
            out.append({"answer": self.answer(q, pages, t, usage), "usage": usage.as_dict()})
        return out

    def answer(
        self, query: str, pages: list[SearchPage], query_time: str, usage: LLMUsage | None = None
    ) -> str:
        references = f"# Web\n{web_context(pages)}"
        kg = self.kg_context(query)
        if kg:
            references += f"\n# Knowledge Graph\n{kg}"
        user = (
            f"### References\n{references}\n------\n"
            "Using only the references above, answer the question.\n"
            f"Current Time: {query_time}\nQuestion: {query}"
        )
        messages: list[ChatMessage] = [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": user},
        ]
        return chat(self.endpoint, messages, max_tokens=75, usage=usage, cacheable=True).strip()

    def kg_context(self, query: str) -> str:
        """The best open-domain entity for the query and its summary, cut to ~2K tokens; '' when refused."""
        try:
            with httpx.Client(base_url=self.server, timeout=20.0) as http:
                found = http.post("/open/search_entity_by_name", json={"query": query})
                if found.status_code != 200:
                    return ""
                names = found.json().get("result") or []
                if not names:
                    return ""
                entity = http.post("/open/get_entity", json={"query": names[0]}).json().get("result")
        except (httpx.HTTPError, ValueError):
            return ""
        if not isinstance(entity, dict):
            return ""
        text = f"{names[0]}: {entity.get('summary_text', '')} {entity.get('summary_structured', '')}"
        return truncate(" ".join(text.split()), KG_TOKENS)
