"""The environment's wire models: OpenEnv's protocol (an action, an observation with `done` and `reward`,
a state, the reset and step bodies and answers, the WebSocket messages), with this environment's fields.

OpenEnv's own models are the reference (openenv-core's `openenv.core.env_server.types`); they are declared
here again, so serving the protocol needs none of that package's dependencies. Its client is what the tests
drive the server with.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, JsonValue, model_validator

from mockapi.wire.base import WireModel
from mockapi.wire.fields import Ident, Text


class CragAction(WireModel):
    """One step: a tool call (`tool` + `arguments`) or the final `answer`, never both."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"tool": "web_search", "arguments": {"query": "who directed the last tide", "k": 5}},
                {"tool": "movie_get_person_info", "arguments": {"person_name": "Ava Stone"}},
                {"answer": "Ava Stone"},
            ]
        },
    )

    tool: Ident | None = None
    """A tool's name: a KG route ('finance_get_price_history'), 'web_search' or 'web_get_page' (the MCP
    tools' names; the reset observation lists the task's)."""
    arguments: dict[str, JsonValue] = Field(default_factory=dict)
    """The tool's arguments: its route's request body."""
    answer: Text | None = None
    """The final answer; ends the episode with CRAG's reward."""
    metadata: dict[str, JsonValue] = Field(default_factory=dict)
    """Free metadata (OpenEnv's), ignored."""

    @model_validator(mode="after")
    def _one_kind(self) -> CragAction:
        if (self.tool is None) == (self.answer is None):
            raise ValueError("give either `tool` (with `arguments`) or `answer`")
        return self


class CragObservation(WireModel):
    """What the agent sees after a reset or a step."""

    model_config = ConfigDict(extra="forbid")

    question: str = ""
    """The question of the episode."""
    query_time: str = ""
    """Its query time, CRAG's format: the world's clock for this question."""
    interaction_id: str = ""
    """Its id (web search by this id gives the question's own pages)."""
    episode_id: str = ""
    """The episode's id (over HTTP, `POST /step` names it)."""
    tools: list[str] = Field(default_factory=list)
    """On reset: the tools of the task (Task 1: web search and get page only)."""
    result: JsonValue = None
    """The tool's answer: its route's response body."""
    error: str | None = None
    """Why the step did nothing: an unknown tool, the route's 4xx body, a spent budget, an ended episode."""
    tool_calls_left: int | None = None
    """Tool calls left in the budget (null: no budget)."""
    judgement: Literal["perfect", "acceptable", "missing", "incorrect"] | None = None
    """On the answer: CRAG's four-way label from the rules judge (an undecided answer counts incorrect)."""
    done: bool = False
    """Whether the episode has ended."""
    reward: float | None = None
    """On the answer: 1 perfect, 0.5 acceptable, 0 missing, -1 incorrect."""
    metadata: dict[str, JsonValue] = Field(default_factory=dict)
    """Free metadata (OpenEnv's)."""


class CragState(WireModel):
    """The episode's state (`GET /state`, the WebSocket `state` message)."""

    episode_id: str | None = None
    """The episode's id."""
    step_count: int = 0
    """Steps taken in the episode."""
    interaction_id: str | None = None
    """The question's id."""
    task: int | None = None
    """The CRAG task served (1, 2, 3; null: all tools)."""
    tool_calls: int = 0
    """Tool calls made (refused ones not counted)."""
    done: bool = False
    """Whether the episode has ended."""


class ResetRequest(WireModel):
    """`POST /reset` (and the WebSocket `reset` message's `data`)."""

    model_config = ConfigDict(
        extra="ignore", json_schema_extra={"examples": [{"seed": 42, "episode_id": "episode-001"}, {}]}
    )

    seed: int | None = Field(None, ge=0)
    """Draws the question (the same seed, the same question); none: the server's next draw."""
    episode_id: Ident | None = None
    """The episode's id (default: a new one)."""
    interaction_id: Ident | None = None
    """Pick this question instead of drawing one."""


class StepRequest(WireModel):
    """`POST /step`. Over HTTP an episode lives between requests under its `episode_id` (from the reset);
    a WebSocket session holds its own episode."""

    model_config = ConfigDict(extra="ignore")

    action: dict[str, Any]
    """The action (`CragAction`)."""
    episode_id: Ident | None = None
    """HTTP only: the episode to step (as the reset observation's state names it)."""


class StepResponse(WireModel):
    """OpenEnv's answer to a reset or a step: the observation without `done` and `reward`, and those."""

    observation: dict[str, JsonValue]
    """The observation's fields."""
    reward: float | None = None
    """The reward (on the answer)."""
    done: bool = False
    """Whether the episode has ended."""


class SchemaResponse(WireModel):
    """`GET /schema`: the JSON schemas of the action, the observation and the state."""

    action: dict[str, JsonValue]
    """`CragAction`'s schema."""
    observation: dict[str, JsonValue]
    """`CragObservation`'s schema."""
    state: dict[str, JsonValue]
    """`CragState`'s schema."""


class HealthResponse(WireModel):
    """`GET /health`."""

    status: Literal["healthy"] = "healthy"
    """Always 'healthy' when the server answers."""


def as_response(observation: CragObservation) -> StepResponse:
    """OpenEnv's split: `done` and `reward` beside the other fields."""
    fields = observation.model_dump(exclude={"done", "reward", "metadata"})
    return StepResponse(observation=fields, reward=observation.reward, done=observation.done)
