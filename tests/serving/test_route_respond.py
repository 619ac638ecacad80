"""`KgRoute.respond` (the in-process answer an MCP tool serves) gives the bytes the HTTP route sends, for
found and not-found bodies, for a domain the world lacks, and refuses a body the HTTP route answers 422."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pydantic
import pytest
from fastapi.testclient import TestClient

from mockapi.config.settings import Settings
from mockapi.http.app import create_app
from mockapi.http.server.state import ServerState, state_of
from mockapi.serving.routes import ROUTES, KgRoute


@pytest.fixture(scope="module")
def served(tiny_world: Path) -> Iterator[tuple[TestClient, ServerState]]:
    app = create_app(Settings(world=tiny_world, task=None))
    with TestClient(app) as client:
        state = state_of(app)
        assert state is not None
        yield client, state


def _none_like(value: Any) -> Any:
    return [] if isinstance(value, list) else 0 if isinstance(value, int) else "zz none"


@pytest.mark.parametrize("route", ROUTES, ids=lambda r: r.path)
def test_respond_is_the_http_answer(served: tuple[TestClient, ServerState], route: KgRoute) -> None:
    client, state = served
    found = state.meta.examples[route.path]
    missing = {key: _none_like(value) for key, value in found.items()}
    for body in (found, missing):
        response = client.post(route.path, json=body) if route.body else client.post(route.path)
        assert response.status_code == 200, response.text
        answer = route.respond(state.serving, state.search, body, state.meta.missing_domains)
        assert answer == response.content
    assert route.respond(state.serving, state.search, found, [route.domain]) == b'{"result":null}'


def test_respond_refuses_what_http_answers_422(served: tuple[TestClient, ServerState]) -> None:
    client, state = served
    route = next(r for r in ROUTES if r.path.endswith("/get_movie_info_by_id"))
    assert client.post(route.path, json={"query": "not a number"}).status_code == 422
    with pytest.raises(pydantic.ValidationError):
        route.respond(state.serving, state.search, {"query": "not a number"})
