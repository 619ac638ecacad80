"""The 64 KiB body cap holds before anything buffers a body, whichever middleware runs first.

Driven at the ASGI level with an upload that never ends (a chunked body has no Content-Length): a
middleware that buffers first and checks later would read it forever, so `receive` stops the test once the
server has pulled a few MiB. The simulator (outermost whenever simulation or an admin token is on) used to
read the whole body before `InputLimits` saw it.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mockapi.config.settings import Settings
from mockapi.http.app import create_app
from mockapi.http.server.state import state_of
from mockapi.sim.config import load_sim_config
from mockapi.sim.middleware import SimState, Simulator
from mockapi.wire.fields import MAX_BODY_BYTES
from mockapi.wire.limits import BODY_CAPS, InputLimits
from mockapi.wire.retrieve import MAX_RETRIEVE_BODY_BYTES

CHUNK = 16 * 1024
GUARD = 4 * 1024 * 1024  # far past the cap: a middleware still reading here is buffering without a limit


class EndlessUpload:
    """`receive` of a chunked upload that never ends; counts the bytes the server pulled."""

    def __init__(self) -> None:
        self.pulled = 0

    async def __call__(self) -> Message:
        self.pulled += CHUNK
        if self.pulled > GUARD:
            raise AssertionError(
                f"the server buffered {self.pulled} bytes of a body capped at {MAX_BODY_BYTES}"
            )
        return {"type": "http.request", "body": b"x" * CHUNK, "more_body": True}


async def _echo(scope: Scope, receive: Receive, send: Send) -> None:
    """An app that would read everything it is given."""
    while (await receive()).get("more_body"):
        pass
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"{}"})


def _scope(headers: list[tuple[bytes, bytes]], path: str = "/open/get_entity") -> Scope:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"content-type", b"application/json"), *headers],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }


def _post(app: ASGIApp, headers: list[tuple[bytes, bytes]]) -> tuple[int, int]:
    """(status, bytes pulled) of one endless upload."""
    status, pulled, _ = _answer(app, headers)
    return status, pulled


def _answer(
    app: ASGIApp, headers: list[tuple[bytes, bytes]], path: str = "/open/get_entity"
) -> tuple[int, int, bytes]:
    """(status, bytes pulled, body) of one endless upload."""
    upload = EndlessUpload()
    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    asyncio.run(app(_scope(headers, path), upload, send))  # type: ignore[arg-type]
    return sent[0]["status"], upload.pulled, b"".join(m.get("body", b"") for m in sent[1:])


def _simulator(app: ASGIApp) -> Simulator:
    return Simulator(app, SimState(load_sim_config(Settings(rate_limit=1000))))


STACKS: dict[str, Any] = {
    "simulator outside InputLimits": lambda: _simulator(InputLimits(_echo, body_caps=BODY_CAPS)),
    "InputLimits outside the simulator": lambda: InputLimits(_simulator(_echo), body_caps=BODY_CAPS),
    "the simulator alone": lambda: _simulator(_echo),
}


@pytest.mark.parametrize("stack", STACKS)
def test_a_chunked_body_is_cut_at_the_cap(stack: str) -> None:
    status, pulled = _post(STACKS[stack](), [])
    assert status == 413
    assert pulled <= MAX_BODY_BYTES + CHUNK


@pytest.mark.parametrize("stack", STACKS)
def test_a_declared_length_over_the_cap_reads_nothing(stack: str) -> None:
    status, pulled = _post(STACKS[stack](), [(b"content-length", b"10000000000")])
    assert (status, pulled) == (413, 0)


@pytest.mark.parametrize("stack", STACKS)
def test_the_413_names_the_routes_own_cap(stack: str) -> None:
    """/retrieve takes Search-R1's batches (5 MiB), every other route 64 KiB: the answer says which."""
    for path, cap in (("/retrieve", MAX_RETRIEVE_BODY_BYTES), ("/open/get_entity", MAX_BODY_BYTES)):
        status, pulled, body = _answer(STACKS[stack](), [(b"content-length", b"10000000000")], path)
        assert (status, pulled) == (413, 0)
        assert orjson.loads(body)["detail"] == f"request body larger than {cap} bytes", path


def test_the_served_app_with_simulation_on(tiny_world: Path) -> None:
    """create_app's own order (the simulator outermost, so it journals the 413 too)."""
    app = create_app(Settings(world=tiny_world, rate_limit=1000, admin_token="t"))
    with TestClient(app):  # the lifespan opens the state the journal is read from
        status, pulled = _post(app, [])
        state = state_of(app)
    assert status == 413 and pulled <= MAX_BODY_BYTES + CHUNK
    assert state is not None and state.sim is not None
    [entry] = state.sim.journal.entries()
    assert (entry.route, entry.status) == ("/open/get_entity", 413)
