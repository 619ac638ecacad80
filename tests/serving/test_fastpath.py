"""The fast path (mockapi/http/fastpath.py) sends what the FastAPI routes send, or hands them the request.

Two real uvicorn servers over the tiny world: the app as `create_app` builds it (fast path in front) and the
same app with the fast path taken out. Every route gets the same matrix of requests (found, not found, odd
types, lax coercions, bad JSON, other content types, over-long fields, an over-cap body); status, content
type and body bytes must be equal. A second test drives `FastPath` directly with a recording inner app to show
which requests it answers itself and which it hands on, body intact.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import httpx
import orjson
import pytest
from fastapi import FastAPI

from mockapi.config.settings import Settings
from mockapi.http.app import create_app
from mockapi.http.fastpath import ROUTES, FastPath
from mockapi.process.loopback import serve_in_thread
from mockapi.wire.fields import MAX_BODY_BYTES, MAX_TEXT_CHARS


def _has_fastpath(app: FastAPI) -> bool:
    classes: list[object] = [m.cls for m in app.user_middleware]  # starlette types them as factories
    return FastPath in classes


def _without_fastpath(app: FastAPI) -> FastAPI:
    app.user_middleware = [m for m in app.user_middleware if m.cls is not cast(object, FastPath)]
    return app


@pytest.fixture(scope="module")
def two_servers(tiny_world: Path) -> Iterator[tuple[str, str, dict[str, Any]]]:
    fast = create_app(Settings(world=tiny_world))
    assert _has_fastpath(fast)
    plain = _without_fastpath(create_app(Settings(world=tiny_world)))
    with serve_in_thread(fast) as fast_url, serve_in_thread(plain) as plain_url:
        examples = httpx.get(f"{plain_url}/meta").json()["examples"]
        yield fast_url, plain_url, examples


def _odd_values(field_value: Any) -> list[Any]:
    """Values of other types and edge cases for one field, given a well-formed value."""
    common: list[Any] = [None, True, 1.0, 1.5, [], {}, "", "no such thing \u00e9", "x" * (MAX_TEXT_CHARS + 1)]
    if isinstance(field_value, int):
        return [*common, 0, -1, 2**63, -(2**63), "100", "1998", 1998.0, 10**30]
    if isinstance(field_value, list):
        return [*common, ["0022200547"], [1], ["x" * 200], ["1"] * 101, field_value * 2]
    return [*common, 5, "1998", " 1992", field_value.upper(), field_value + " ", field_value[:-1]]


def _bodies(example: dict[str, Any]) -> list[tuple[bytes, str]]:
    """(raw body, content type) pairs built around one well-formed example body."""
    out = [(orjson.dumps(example), "application/json")]
    for name, value in example.items():
        for odd in _odd_values(value):
            out.append((json.dumps({**example, name: odd}).encode(), "application/json"))  # big ints too
        out.append((orjson.dumps({k: v for k, v in example.items() if k != name}), "application/json"))
    out += [
        (orjson.dumps({**example, "extra": 1}), "application/json"),
        (orjson.dumps(example), "application/json; charset=utf-8"),
        (orjson.dumps(example), "text/plain"),
        (orjson.dumps(example), ""),
        (b"\xef\xbb\xbf" + orjson.dumps(example), "application/json"),
        (b'{"query": NaN}', "application/json"),
        (b"{bad json", "application/json"),
        (b"[1, 2]", "application/json"),
        (b"null", "application/json"),
        (b"", "application/json"),
        (b'{"query": "' + b"a" * MAX_BODY_BYTES + b'"}', "application/json"),
    ]
    return out


def test_fast_and_framework_paths_send_the_same_bytes(two_servers: tuple[str, str, dict[str, Any]]) -> None:
    fast_url, plain_url, examples = two_servers
    assert set(ROUTES) <= set(examples)
    checked = 0
    with httpx.Client() as client:
        for path in sorted(ROUTES):
            for raw, content_type in _bodies(examples[path]):
                headers = {"content-type": content_type} if content_type else {}
                fast = client.post(fast_url + path, content=raw, headers=headers)
                plain = client.post(plain_url + path, content=raw, headers=headers)
                where = f"{path} {raw[:80]!r} {content_type}"
                assert fast.status_code == plain.status_code, where
                assert fast.headers.get("content-type") == plain.headers.get("content-type"), where
                assert fast.content == plain.content, where
                checked += 1
            for method in ("GET", "PUT"):
                fast = client.request(method, fast_url + path)
                plain = client.request(method, plain_url + path)
                assert (fast.status_code, fast.content) == (plain.status_code, plain.content), path
    assert checked > 38 * 20


class _Recorder:
    """An inner ASGI app that notes each request it is handed (with the body it received) and answers 599."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, bytes]] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        message = await receive()
        self.seen.append((scope["path"], message.get("body", b"")))
        await send({"type": "http.response.start", "status": 599, "headers": []})
        await send({"type": "http.response.body", "body": b""})


def test_well_formed_requests_are_answered_and_the_rest_handed_on_intact(tiny_world: Path) -> None:
    app = create_app(Settings(world=tiny_world))
    inner = _Recorder()
    with serve_in_thread(app) as url:
        examples = httpx.get(f"{url}/meta").json()["examples"]
        front = FastPath(inner, app.state)  # the state the running app's lifespan opened
        transport = httpx.ASGITransport(app=front)

        async def post(path: str, raw: bytes, content_type: str = "application/json") -> int:
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
                response = await client.post(path, content=raw, headers={"content-type": content_type})
                return response.status_code

        import asyncio

        for path in ROUTES:
            assert asyncio.run(post(path, orjson.dumps(examples[path]))) == 200, path
        assert inner.seen == []
        handed = [
            ("/open/get_entity", b'{"query": 5}', "application/json"),
            ("/open/get_entity", b'{"query": "x"}', "text/plain"),
            ("/open/get_entity", b"{bad", "application/json"),
            ("/movie/get_movie_info_by_id", b'{"query": "5"}', "application/json"),
            ("/movie/get_movie_info_by_id", b'{"query": true}', "application/json"),
            ("/music/get_billboard_rank_date", b'{"date": "2024-01-01"}', "application/json"),
            ("/sports/nba/get_play_by_play_data_by_game_ids", b'{"game_ids": "1"}', "application/json"),
            ("/web/search", b'{"query": "x"}', "application/json"),
        ]
        for path, raw, content_type in handed:
            assert asyncio.run(post(path, raw, content_type)) == 599, path
        assert inner.seen == [(path, raw) for path, raw, _ in handed]


def test_not_installed_where_every_request_must_reach_the_app(tiny_world: Path) -> None:
    for settings in (
        Settings(world=tiny_world, task=1),
        Settings(world=tiny_world, latency="fixed:1ms"),
        Settings(world=tiny_world, admin_token="t"),
    ):
        app = create_app(settings)
        assert not _has_fastpath(app), settings
