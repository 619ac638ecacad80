"""`openai`: the paper's straightforward RAG over any OpenAI-compatible endpoint.

Web context: page snippets in the served order until ~4K tokens. KG context (Tasks 2–3, ~2K tokens): what
the question's words reach without an LLM extraction step (the open-domain entity search and the best
entity's summary); on Task 1 the server refuses the KG and the context stays empty. The prompt gives the query
time and the paper's answer rules (shortest answer, "invalid question" for a false premise, "I don't know"
when unsure).
Settings: CRAG_EVAL_MODEL_BASE_URL, CRAG_EVAL_MODEL_MODEL, CRAG_EVAL_MODEL_API_KEY (else OPENAI_*).
"""

from __future__ import annotations

import html
import os
import re
from typing import Any

import httpx

from crag_eval.llm import Endpoint, LLMError, chat
from crag_eval.truncate import truncate

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


def web_context(pages: list[dict[str, Any]], budget: int = WEB_TOKENS) -> str:
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
    def __init__(self) -> None:
        self.endpoint = Endpoint.from_env("CRAG_EVAL_MODEL", "gpt-4o-mini")
        self.server = (
            os.environ.get("CRAG_MOCK_API_URL") or os.environ.get("CRAG_SERVER") or "http://127.0.0.1:8000"
        )

    def get_batch_size(self) -> int:
        return 4

    def batch_generate_answer(self, batch: dict[str, list[Any]]) -> list[str]:
        return [
            self.answer(q, pages, t)
            for q, pages, t in zip(batch["query"], batch["search_results"], batch["query_time"], strict=True)
        ]

    def answer(self, query: str, pages: list[dict[str, Any]], query_time: str) -> str:
        references = f"# Web\n{web_context(pages)}"
        kg = self.kg_context(query)
        if kg:
            references += f"\n# Knowledge Graph\n{kg}"
        user = (
            f"### References\n{references}\n------\n"
            "Using only the references above, answer the question.\n"
            f"Current Time: {query_time}\nQuestion: {query}"
        )
        try:
            return chat(
                self.endpoint,
                [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}],
                max_tokens=75,
            ).strip()
        except LLMError:
            return "I don't know"

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
