"""The simulator's `slow` fault adds the same pauses to a body sent whole and to a streamed one: a 50-page
search with HTML now comes in 64 KiB chunks (mockapi/web/body_stream.py), and pausing inside each of them
would have turned a 0.7 s fault into minutes. The pauses are counted, not timed."""

from __future__ import annotations

import asyncio

import pytest
from starlette.types import Message

from mockapi.sim import middleware
from mockapi.sim.middleware import SLOW_CHUNKS, SLOW_PAUSE_S


def _through_slow(
    messages: list[Message], monkeypatch: pytest.MonkeyPatch
) -> tuple[list[Message], list[float]]:
    pauses: list[float] = []
    sent: list[Message] = []

    async def pause(seconds: float) -> None:
        pauses.append(seconds)

    async def send(message: Message) -> None:
        sent.append(message)

    async def run() -> None:
        slow = middleware._slow(send)
        for message in messages:
            await slow(message)

    monkeypatch.setattr("mockapi.sim.middleware.asyncio.sleep", pause)  # the module the fault sleeps through
    asyncio.run(run())
    return sent, pauses


def test_a_body_sent_whole_comes_in_pieces_with_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    start: Message = {"type": "http.response.start", "status": 200, "headers": []}
    sent, pauses = _through_slow([start, {"type": "http.response.body", "body": b"x" * 8000}], monkeypatch)
    assert pauses == [SLOW_PAUSE_S] * (SLOW_CHUNKS - 1)
    bodies = [m for m in sent if m["type"] == "http.response.body"]
    assert len(bodies) == SLOW_CHUNKS and b"".join(m["body"] for m in bodies) == b"x" * 8000
    assert [m["more_body"] for m in bodies] == [True] * (SLOW_CHUNKS - 1) + [False]


def test_a_streamed_body_gets_the_same_pauses_not_one_per_chunk(monkeypatch: pytest.MonkeyPatch) -> None:
    chunks: list[Message] = [
        {"type": "http.response.body", "body": bytes([i]) * 65536, "more_body": True} for i in range(230)
    ]
    end: Message = {"type": "http.response.body", "body": b"", "more_body": False}
    sent, pauses = _through_slow([*chunks, end], monkeypatch)
    assert pauses == [SLOW_PAUSE_S] * (SLOW_CHUNKS - 1)
    assert sent == [*chunks, end]  # the chunks as they were, in order
