"""`openai-agent`: the reference agent. Function calling over the mock API's tools (the 38 KG routes and web
search / get page, from `mockapi.mcp.tools`: the same names, schemas and descriptions the MCP server lists)
against any OpenAI-compatible chat-completions endpoint, under the harness's per-question budget.

Each question: the system prompt (CRAG's answer rules), the question and its query time, then up to
`max_steps` rounds of tool calls through the question's own tool client (so the journal sees them under its
interaction id). When the tool budget is spent (`ToolBudgetExceeded`), the tokens run out, or the steps do, it
asks once more without tools for the final answer. Web results are fetched without HTML (a page's text comes
from web_get_page, cut to TOOL_CHARS); the pages its searches returned are its ranked retrieval.
Settings as the `openai` model: CRAG_EVAL_MODEL_BASE_URL, CRAG_EVAL_MODEL_MODEL, CRAG_EVAL_MODEL_API_KEY (else
OPENAI_*), or `--model-args '{"model": …, "base_url": …, "max_steps": …}'`.
"""

from __future__ import annotations

import json
import os
from typing import Any

from crag_client import Client, CragError
from crag_client.html import page_text

from crag_eval.files.records import BudgetLimits, ExtendedAnswer
from crag_eval.llm.agent import ToolBudgetExceeded
from crag_eval.llm.client import (
    ChatMessage,
    ChatRequest,
    ChatTool,
    Endpoint,
    LLMUsage,
    ToolCall,
    ToolFunction,
    check_endpoint,
    complete,
)
from crag_eval.models.openai_rag import ENV_PREFIX, SYSTEM
from mockapi.mcp.tools import spec_by_name, tool_specs

TOOL_CHARS = 6000
FINAL = "Answer the question now from what you have found, following the answer rules."


def openai_tools(task: int | None) -> list[ChatTool]:
    return [
        {
            "type": "function",
            "function": {"name": s.name, "description": s.description, "parameters": s.input_schema},
        }
        for s in tool_specs(task)
    ]


class OpenAIAgentModel:
    tool_client = "sync"

    def __init__(
        self,
        model: str | None = None,
        base_url: str | None = None,
        max_steps: int = 8,
        max_answer_tokens: int = 75,
    ) -> None:
        env = Endpoint.from_env(ENV_PREFIX, "gpt-4o-mini")
        self.endpoint = Endpoint(
            base_url or env.base_url, model or env.model, env.api_key, backoff_s=env.backoff_s
        )
        self.max_steps, self.max_answer_tokens = max_steps, max_answer_tokens
        task = os.environ.get("CRAG_EVAL_TASK", "")
        self.task = int(task) if task in ("1", "2", "3") else None
        self.tools = openai_tools(self.task)
        self.by_name = spec_by_name(self.task)

    def preflight(self) -> None:
        check_endpoint(self.endpoint, ENV_PREFIX, "--model openai-agent")

    def get_batch_size(self) -> int:
        return 1

    def batch_generate_answer(self, batch: dict[str, list[Any]]) -> list[ExtendedAnswer]:
        return [
            self.answer(q, t, client, budget)
            for q, t, client, budget in zip(
                batch["query"], batch["query_time"], batch["tools"], batch["budget"], strict=True
            )
        ]

    def answer(self, query: str, query_time: str, client: Client, budget: BudgetLimits) -> ExtendedAnswer:
        usage = LLMUsage()
        pages: list[str] = []
        messages: list[ChatMessage] = [
            {"role": "system", "content": SYSTEM + " Use the tools to find the facts you need."},
            {"role": "user", "content": f"Current Time: {query_time}\nQuestion: {query}"},
        ]
        max_tokens = budget.get("max_tokens")
        for _step in range(self.max_steps):
            if max_tokens is not None and usage.input_tokens + usage.output_tokens >= max_tokens:
                break
            body: ChatRequest = {
                "messages": messages,
                "tools": self.tools,
                "temperature": 0.0,
                "max_tokens": 300,
            }
            message = complete(self.endpoint, body, usage=usage, cacheable=True)["choices"][0]["message"]
            calls = message.get("tool_calls") or []
            if not calls:
                return self._done(message.get("content"), usage, pages)
            messages.append({"role": "assistant", "content": message.get("content"), "tool_calls": calls})
            spent = False
            for call in calls:
                content, spent_now = self._run_tool(client, call, pages)
                spent = spent or spent_now
                messages.append({"role": "tool", "tool_call_id": call.get("id", ""), "content": content})
            if spent:
                break
        if max_tokens is not None and usage.input_tokens + usage.output_tokens >= max_tokens:
            return self._done("i don't know", usage, pages)
        messages.append({"role": "user", "content": FINAL})
        body = {"messages": messages, "temperature": 0.0, "max_tokens": self.max_answer_tokens}
        message = complete(self.endpoint, body, usage=usage, cacheable=True)["choices"][0]["message"]
        return self._done(message.get("content"), usage, pages)

    def _run_tool(self, client: Client, call: ToolCall, pages: list[str]) -> tuple[str, bool]:
        """The tool's answer as text for the model, and whether the tool budget is spent."""
        function: ToolFunction | dict[str, str] = call.get("function") or {}
        spec = self.by_name.get(str(function.get("name")))
        if spec is None:
            return f"error: no tool named {function.get('name')!r}", False
        try:
            args = json.loads(function.get("arguments") or "{}")
        except ValueError:
            return "error: the arguments are not JSON", False
        if spec.path == "/web/search" and isinstance(args, dict):
            args.setdefault("include_html", False)
        try:
            result = client.call(spec.path, args if spec.input_schema.get("properties") else None)
        except ToolBudgetExceeded as exc:
            return f"error: {exc}", True
        except CragError as exc:
            return f"error: {exc}", False
        found = result.get("result") if isinstance(result, dict) else None
        if spec.path == "/web/search" and isinstance(found, list):
            pages.extend(str(e.get("page_url", "")) for e in found if isinstance(e, dict))
        if spec.path == "/web/get_page" and isinstance(found, dict) and found.get("page_result"):
            found = {**found, "page_result": page_text(str(found["page_result"]))}
            result = {"result": found}
        return json.dumps(result, ensure_ascii=False)[:TOOL_CHARS], False

    def _done(self, text: str | None, usage: LLMUsage, pages: list[str]) -> ExtendedAnswer:
        return {
            "answer": str(text or "").strip(),
            "usage": usage.as_dict(),
            "pages": list(dict.fromkeys(pages)),
        }
