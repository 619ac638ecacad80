"""Agent runs: a tool client per question under a budget, and what each question cost.

A model that sets `tool_client = "sync"` (or `"async"`) gets two more keys in every batch: `tools`, one
`crag_client.Client` (or `AsyncClient`) per question, already stamped with its `X-Interaction-Id`, and
`budget`, one `{"max_tool_calls", "max_tokens", "seconds"}` per question. The client counts every request it
sends (retries included, as the server's journal counts them) and refuses the one past `--max-tool-calls`
with `ToolBudgetExceeded` before it leaves the process. Models report their LLM usage in the extended answer
(`{"answer": …, "usage": {"input_tokens", "output_tokens", "llm_calls", "cached_calls", "model"}}`); an answer
whose tokens exceed `--max-tokens`, or whose question the journal shows over `--max-tool-calls` (calls made
around the client), is withdrawn: scored as missing, with the overrun recorded.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
from crag_client import AsyncClient, Client
from pydantic import BaseModel, Field

from crag_eval.files.records import AgentUsageData, BudgetLimits, ReportedUsage
from crag_eval.llm.prices import Prices

AGENT_CLIENT = "crag-eval-agent"
"""`X-Client-Id` of the tool clients (the journal tells them from the harness's own page fetches)."""


class ToolBudgetExceeded(RuntimeError):
    """The question's --max-tool-calls is spent; the model should answer with what it has."""


@dataclass(frozen=True)
class Budget:
    max_tool_calls: int | None = None
    max_tokens: int | None = None
    seconds: float | None = None

    def as_dict(self) -> BudgetLimits:
        return {"max_tool_calls": self.max_tool_calls, "max_tokens": self.max_tokens, "seconds": self.seconds}


@dataclass
class ToolMeter:
    """Calls per route of one question's tool client; refuses the call past the budget."""

    limit: int | None = None
    calls: Counter[str] = field(default_factory=Counter)
    refused: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def admit(self, request: httpx.Request) -> None:
        with self._lock:
            if self.limit is not None and sum(self.calls.values()) >= self.limit:
                self.refused += 1
                raise ToolBudgetExceeded(f"--max-tool-calls {self.limit} spent; answer with what you have")
            self.calls[request.url.path] += 1


class _Metered(httpx.BaseTransport):
    def __init__(self, meter: ToolMeter, inner: httpx.BaseTransport) -> None:
        self.meter, self.inner = meter, inner

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.meter.admit(request)
        return self.inner.handle_request(request)

    def close(self) -> None:
        self.inner.close()


class _AsyncMetered(httpx.AsyncBaseTransport):
    def __init__(self, meter: ToolMeter, inner: httpx.AsyncBaseTransport) -> None:
        self.meter, self.inner = meter, inner

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.meter.admit(request)
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self.inner.aclose()


def tool_client(kind: str, url: str, interaction_id: str, meter: ToolMeter) -> Client | AsyncClient:
    """A fresh client for one question (its own pool: an async one belongs to the model's event loop)."""
    headers = {"x-client-id": AGENT_CLIENT}
    if kind == "async":
        return AsyncClient(
            url,
            interaction_id=interaction_id,
            headers=headers,
            transport=_AsyncMetered(meter, httpx.AsyncHTTPTransport()),
        )
    return Client(
        url, interaction_id=interaction_id, headers=headers, transport=_Metered(meter, httpx.HTTPTransport())
    )


def wants_tools(model: Any) -> str | None:
    kind = getattr(model, "tool_client", None)
    return kind if kind in ("sync", "async") else None


class AgentUsage(BaseModel):
    """predictions.jsonl `agent`: what one question cost."""

    tool_calls: dict[str, int] = Field(default_factory=dict)
    """Calls by tool (route path), as the question's tool client sent them."""
    n_tool_calls: int = 0
    refused_calls: int = 0
    """Calls refused by the budget (never sent)."""
    journal_calls: int | None = None
    """The model's calls for this question in the server journal (None without a journal)."""
    input_tokens: int = 0
    output_tokens: int = 0
    llm_calls: int = 0
    cached_calls: int = 0
    """LLM calls answered from the cache (--llm-cache): no tokens paid."""
    llm_model: str | None = None
    cost: float | None = None
    """US dollars at --prices (None when the model is not priced)."""
    over_budget: list[str] = Field(default_factory=list)
    """What was overrun ('tokens', 'tool calls (journal)'); the answer was then withdrawn."""

    def as_data(self) -> AgentUsageData:
        """As predictions.jsonl holds it."""
        return AgentUsageData(
            tool_calls=dict(self.tool_calls),
            n_tool_calls=self.n_tool_calls,
            refused_calls=self.refused_calls,
            journal_calls=self.journal_calls,
            input_tokens=self.input_tokens,
            output_tokens=self.output_tokens,
            llm_calls=self.llm_calls,
            cached_calls=self.cached_calls,
            llm_model=self.llm_model,
            cost=self.cost,
            over_budget=list(self.over_budget),
        )


def usage_of(answer: Any) -> ReportedUsage:
    """The usage a model reported in its extended answer (empty for a plain one)."""
    if not isinstance(answer, dict) or not isinstance(answer.get("usage"), dict):
        return {}
    reported: ReportedUsage = answer["usage"]  # the model's own JSON: `account` coerces each count with int()
    return reported


def account(
    answer: Any,
    meter: ToolMeter | None,
    journal_calls: int | None,
    budget: Budget,
    prices: Prices | None,
) -> AgentUsage:
    """One question's usage from its answer's `usage`, its tool meter and the journal; overruns named."""
    usage = usage_of(answer)
    out = AgentUsage(
        tool_calls=dict(meter.calls) if meter else {},
        n_tool_calls=sum(meter.calls.values()) if meter else 0,
        refused_calls=meter.refused if meter else 0,
        journal_calls=journal_calls,
        input_tokens=int(usage.get("input_tokens") or 0),
        output_tokens=int(usage.get("output_tokens") or 0),
        llm_calls=int(usage.get("llm_calls") or 0),
        cached_calls=int(usage.get("cached_calls") or 0),
        llm_model=usage.get("model"),
    )
    if prices is not None and out.llm_model:
        out.cost = prices.cost(out.llm_model, out.input_tokens, out.output_tokens)
    if budget.max_tokens is not None and out.input_tokens + out.output_tokens > budget.max_tokens:
        out.over_budget.append("tokens")
    calls = max(out.n_tool_calls, journal_calls or 0)
    if budget.max_tool_calls is not None and calls > budget.max_tool_calls:
        out.over_budget.append("tool calls (journal)")
    return out


class AgentBatch:
    """The tool clients and meters of one batch (for a model with `tool_client`), closed after it."""

    def __init__(self, kind: str | None, url: str, ids: list[str], budget: Budget) -> None:
        self.kind, self.budget = kind, budget
        self.meters = {i: ToolMeter(budget.max_tool_calls) for i in ids} if kind else {}
        self.clients = [tool_client(kind, url, i, self.meters[i]) for i in ids] if kind else []

    def extend(self, batch: dict[str, list[Any]]) -> None:
        if self.kind:
            batch["tools"] = list(self.clients)
            batch["budget"] = [self.budget.as_dict() for _ in self.clients]

    def close(self) -> None:
        import asyncio

        for client in self.clients:
            if isinstance(client, AsyncClient):
                asyncio.run(client.aclose())
            else:
                client.close()

    def usage(
        self, interaction_id: str, answer: Any, journal_calls: int | None, prices: Prices | None
    ) -> AgentUsage | None:
        """The question's usage, or None for a model that neither took tools nor reported usage."""
        if not self.kind and not usage_of(answer):
            return None
        return account(answer, self.meters.get(interaction_id), journal_calls, self.budget, prices)
