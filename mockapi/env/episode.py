"""One episode: a question drawn at reset, tool calls answered by the world's own routes (in process), and
the final answer scored with CRAG's reward. An `Episode` belongs to one WebSocket session (or one HTTP
episode id), so sessions never share state; the `World` they share is read-only."""

from __future__ import annotations

import random
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import httpx
from crag_eval.files.types import Question
from pydantic import JsonValue

from mockapi.env.reward import judge
from mockapi.env.wire import CragAction, CragObservation, CragState, ResetRequest
from mockapi.mcp.tools import ToolSpec
from mockapi.wire.web import SEARCH

ENV_CLIENT = "openenv"
"""`X-Client-Id` of tool calls (the journal tells them from direct HTTP calls)."""


@dataclass(frozen=True)
class Budget:
    """Per episode, as crag-eval's agent budgets: tool calls, and seconds from reset to the answer."""

    max_tool_calls: int | None = None
    seconds: float | None = None


@dataclass
class World:
    """What the episodes of one server share: questions, the task's tools, the world app's client."""

    questions: list[Question]
    tools: dict[str, ToolSpec]
    http: httpx.AsyncClient
    """The world app in process (an ASGI transport): a tool call is its HTTP route."""
    task: int | None
    budget: Budget
    draws: random.Random
    """The server's own sequence, for resets without a seed."""
    by_id: dict[str, Question] = field(init=False)

    def __post_init__(self) -> None:
        self.by_id = {q.interaction_id: q for q in self.questions}

    def draw(self, request: ResetRequest) -> Question:
        """The question asked for, else one drawn with the reset's seed, else the server's next draw."""
        if request.interaction_id is not None:
            if request.interaction_id not in self.by_id:
                raise ValueError(f"no question {request.interaction_id!r} in this world")
            return self.by_id[request.interaction_id]
        rng = random.Random(request.seed) if request.seed is not None else self.draws
        return rng.choice(self.questions)


class Episode:
    """The state of one episode and its steps."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.question: Question | None = None
        self.state = CragState(task=world.task)
        self.refused = 0
        self.started = 0.0

    def reset(self, request: ResetRequest) -> CragObservation:
        question = self.world.draw(request)
        self.question, self.refused, self.started = question, 0, time.monotonic()
        episode_id = request.episode_id or str(uuid.uuid4())
        self.state = CragState(
            episode_id=episode_id, interaction_id=question.interaction_id, task=self.world.task
        )
        return self._seen(tools=list(self.world.tools))

    async def step(self, action: CragAction) -> CragObservation:
        if self.question is None:
            return CragObservation(error="no episode: reset first", done=True)
        if self.state.done:
            return self._seen(error="the episode is over: reset for a new one")
        self.state.step_count += 1
        if action.answer is not None:
            return self._answer(self.question, action.answer)
        return await self._tool(self.question, action.tool or "", action.arguments)

    def _answer(self, question: Question, answer: str) -> CragObservation:
        self.state.done = True
        seconds = self.world.budget.seconds
        if seconds is not None and time.monotonic() - self.started > seconds:
            # withdrawn, as crag-eval withdraws an answer over --timeout
            return self._seen(
                error=f"answered after the {seconds:g} s budget", judgement="missing", reward=0.0
            )
        label, reward = judge(question, answer)
        return self._seen(judgement=label, reward=reward)

    async def _tool(self, question: Question, name: str, arguments: dict[str, JsonValue]) -> CragObservation:
        spec = self.world.tools.get(name)
        if spec is None:
            return self._seen(error=f"no tool {name!r} here; the tools are {', '.join(self.world.tools)}")
        limit = self.world.budget.max_tool_calls
        if limit is not None and self.state.tool_calls >= limit:
            # crag-eval refuses the call past the budget and lets the model answer; a second refusal ends
            # the episode as missing, so a policy that never answers cannot loop
            self.refused += 1
            if self.refused > 1:
                self.state.done = True
                return self._seen(error="tool budget spent twice: no answer", judgement="missing", reward=0.0)
            return self._seen(error=f"tool budget of {limit} calls spent: answer now")
        self.state.tool_calls += 1
        response = await self._call(spec, question, arguments)
        body: JsonValue = _json(response)
        error = None if response.is_success else f"HTTP {response.status_code} from {spec.path}"
        return self._seen(result=body, error=error)

    async def _call(
        self, spec: ToolSpec, question: Question, arguments: dict[str, JsonValue]
    ) -> httpx.Response:
        headers = {"x-interaction-id": question.interaction_id, "x-client-id": ENV_CLIENT}
        if not spec.input_schema.get("properties"):
            return await self.world.http.post(spec.path, headers=headers)
        return await self.world.http.post(
            spec.path, json=with_defaults(spec, question, arguments), headers=headers
        )

    def _seen(self, **fields: Any) -> CragObservation:
        """An observation of this episode (its question and budget) with `fields`."""
        question = self.question
        assert question is not None
        limit = self.world.budget.max_tool_calls
        return CragObservation(
            question=question.query,
            query_time=question.query_time,
            interaction_id=question.interaction_id,
            episode_id=self.state.episode_id or "",
            tool_calls_left=None if limit is None else max(0, limit - self.state.tool_calls),
            done=self.state.done,
            **fields,
        )


def with_defaults(
    spec: ToolSpec, question: Question, arguments: dict[str, JsonValue]
) -> dict[str, JsonValue]:
    """Web search without HTML (an agent reads pages with `web_get_page`) and at the question's query time
    (free text reaches no page written after it), unless the call says otherwise."""
    if spec.path != SEARCH.path:
        return arguments
    return {"include_html": False, "query_time": question.query_time, **arguments}


def _json(response: httpx.Response) -> JsonValue:
    try:
        value: JsonValue = response.json()
    except ValueError:
        return response.text
    return value
