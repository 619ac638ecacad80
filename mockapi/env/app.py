"""The OpenEnv server: `POST /reset`, `POST /step`, `GET /state`, `GET /schema`, `GET /health`,
`GET /metadata` and `WS /ws`, over a world app run in process (its lifespan opens the stores).

A WebSocket session holds one `Episode` (a reset in the session starts its next episode); at most
`max_concurrent_envs` sessions at once, the next one is refused with OpenEnv's `CAPACITY_REACHED` error.
Over plain HTTP an episode is kept under its `episode_id` (the newest `HTTP_EPISODES`), so curl can play too.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Annotated

import httpx
from crag_eval.files.questions import load_world_questions
from fastapi import Body, FastAPI, WebSocket
from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError

from mockapi.config.settings import Settings
from mockapi.env.episode import Budget, Episode, World
from mockapi.env.session import serve_session
from mockapi.env.wire import (
    CragAction,
    CragObservation,
    CragState,
    HealthResponse,
    ResetRequest,
    SchemaResponse,
    StepRequest,
    StepResponse,
    as_response,
)
from mockapi.http.app import create_app
from mockapi.http.error_handlers import install_error_handlers
from mockapi.mcp.tools import spec_by_name
from mockapi.wire.errors import ApiError

HTTP_EPISODES = 1024
"""HTTP episodes kept (the oldest is dropped first)."""
BASE = "http://crag-mock.env"


@dataclass
class EnvServer:
    """The server's state: the shared world (while the lifespan runs), sessions open, HTTP episodes."""

    settings: Settings
    budget: Budget
    max_concurrent_envs: int
    seed: int
    world: World | None = None
    sessions: int = 0
    episodes: OrderedDict[str, Episode] = field(default_factory=OrderedDict)

    def live(self) -> World:
        if self.world is None:
            raise ApiError(503, "unavailable", "the environment is starting or stopping")
        return self.world


def create_env_app(
    settings: Settings, budget: Budget | None = None, max_concurrent_envs: int = 8, seed: int = 0
) -> FastAPI:
    """The environment over `settings.world` (its task, `settings.task`, decides the tools)."""
    budget = budget or Budget()
    server = EnvServer(settings, budget, max_concurrent_envs, seed)
    world_app = create_app(settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        transport = httpx.ASGITransport(app=world_app)
        async with (
            world_app.router.lifespan_context(world_app),
            httpx.AsyncClient(transport=transport, base_url=BASE, timeout=120.0) as http,
        ):
            questions = load_world_questions(settings.world)
            tools = spec_by_name(settings.task)
            server.world = World(questions, tools, http, settings.task, budget, random.Random(seed))
            try:
                yield
            finally:
                server.world = None

    app = FastAPI(title="CRAG OpenEnv environment", lifespan=lifespan)
    install_error_handlers(app)
    _routes(app, server)
    return app


def _routes(app: FastAPI, server: EnvServer) -> None:
    @app.post("/reset", response_model=StepResponse)
    def reset(body: Annotated[ResetRequest | None, Body()] = None) -> StepResponse:
        """Start an episode: a question drawn with `seed` (or the server's next draw, or `interaction_id`)."""
        episode = Episode(server.live())
        try:
            observation = episode.reset(body or ResetRequest.model_validate({}))
        except ValueError as exc:
            raise ApiError(404, "not_found", str(exc), ["body", "interaction_id"]) from None
        server.episodes[observation.episode_id] = episode
        while len(server.episodes) > HTTP_EPISODES:
            server.episodes.popitem(last=False)
        return as_response(observation)

    @app.post("/step", response_model=StepResponse)
    async def step(body: StepRequest) -> StepResponse:
        """A tool call or the final answer, in the HTTP episode `episode_id`."""
        try:
            action = CragAction.model_validate(body.action)
        except ValidationError as exc:
            raise RequestValidationError(
                [{**e, "loc": ("body", "action", *e["loc"])} for e in exc.errors()]
            ) from None
        episode = server.episodes.get(body.episode_id or "")
        if episode is None:
            return as_response(
                CragObservation(
                    error="no such HTTP episode: give the reset's episode_id (or use WS /ws)", done=True
                )
            )
        return as_response(await episode.step(action))

    @app.get("/state", response_model=CragState)
    def state(episode_id: str | None = None) -> CragState:
        """The state of the HTTP episode `episode_id` (an empty state for none)."""
        episode = server.episodes.get(episode_id or "")
        return episode.state if episode is not None else CragState(task=server.settings.task)

    @app.get("/schema", response_model=SchemaResponse)
    def schema() -> SchemaResponse:
        """The JSON schemas of the action, the observation and the state."""
        return SchemaResponse(
            action=CragAction.model_json_schema(),
            observation=CragObservation.model_json_schema(),
            state=CragState.model_json_schema(),
        )

    @app.get("/health", response_model=HealthResponse)
    def health() -> HealthResponse:
        return HealthResponse()

    @app.get("/metadata")
    def metadata() -> dict[str, str]:
        """OpenEnv's environment metadata."""
        return {
            "name": "crag-mock",
            "description": "CRAG questions over a frozen world: KG and web-search tools, CRAG's reward",
            "version": "1",
        }

    @app.websocket("/ws")
    async def ws(websocket: WebSocket) -> None:
        await serve_session(websocket, server)
