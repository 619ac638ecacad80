"""Retry behaviour against a real loopback server that injects 429 (with Retry-After), 503, dropped
connections and slow answers. Sleeps are recorded, not slept."""

from __future__ import annotations

import asyncio
import random
import socket
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime

import pytest
from crag_client import (
    AsyncClient,
    Client,
    CragConnectionError,
    CragTimeoutError,
    NotFoundError,
    RateLimitError,
    RetryPolicy,
    ServerError,
    ValidationError,
)
from scripted_server import Reply, ScriptedServer, SleepRecorder

OK = Reply(body={"result": ["Lady Gaga"]})


def client_for(server: ScriptedServer, sleeps: SleepRecorder, attempts: int = 3, **kw: object) -> Client:
    policy = RetryPolicy(max_attempts=attempts, backoff_base=0.5, backoff_cap=4.0, rng=random.Random(0))
    return Client(server.url, retry=policy, sleep=sleeps, **kw)  # type: ignore[arg-type]


def test_429_honours_retry_after_seconds(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    server.queue(Reply(429, {"detail": "slow down"}, headers={"Retry-After": "2"}), OK)
    with client_for(server, sleeps) as client:
        assert client.music.search_artist_entity_by_name("gaga") == ["Lady Gaga"]
    assert sleeps.waits == [2.0]
    assert len(server.requests) == 2
    assert server.requests[0].body == server.requests[1].body


def test_429_honours_retry_after_http_date(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    when = format_datetime(datetime.now(timezone.utc) + timedelta(seconds=40), usegmt=True)
    server.queue(Reply(429, {"detail": "later"}, headers={"Retry-After": when}), OK)
    with client_for(server, sleeps) as client:
        client.music.search_artist_entity_by_name("gaga")
    assert len(sleeps.waits) == 1 and 30 < sleeps.waits[0] <= 40


def test_503_then_success_uses_jittered_backoff(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    server.queue(Reply(503, {"detail": "busy"}), Reply(503, {"detail": "busy"}), OK)
    with client_for(server, sleeps) as client:
        assert client.music.search_artist_entity_by_name("gaga") == ["Lady Gaga"]
    assert len(server.requests) == 3
    assert len(sleeps.waits) == 2
    assert 0 <= sleeps.waits[0] <= 0.5 and 0 <= sleeps.waits[1] <= 1.0


def test_dropped_connection_is_retried(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    server.queue(Reply(drop=True), OK)
    with client_for(server, sleeps) as client:
        assert client.music.search_artist_entity_by_name("gaga") == ["Lady Gaga"]
    assert len(server.requests) == 2 and len(sleeps.waits) == 1


def test_persistent_503_raises_server_error_after_max_attempts(
    server: ScriptedServer, sleeps: SleepRecorder
) -> None:
    server.default = Reply(503, {"detail": "store not open"})
    with client_for(server, sleeps, attempts=4) as client, pytest.raises(ServerError) as info:
        client.finance.get_eps("META")
    assert len(server.requests) == 4 and len(sleeps.waits) == 3
    assert info.value.status == 503
    assert "POST /finance/get_eps failed with 503" in str(info.value)
    assert "store not open" in str(info.value)


def test_persistent_429_raises_rate_limit_error(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    server.default = Reply(429, {"detail": "limit"}, headers={"Retry-After": "1"})
    with client_for(server, sleeps, attempts=2) as client, pytest.raises(RateLimitError):
        client.finance.get_eps("META")
    assert sleeps.waits == [1.0]


def test_422_and_404_are_not_retried(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    detail = [{"type": "string_type", "loc": ["body", "query"], "msg": "Input should be a valid string"}]
    server.queue(Reply(422, {"detail": detail}), Reply(404, {"detail": "Not Found"}))
    with client_for(server, sleeps) as client:
        with pytest.raises(ValidationError) as info:
            client.movie.get_person_info("x")
        assert info.value.body == {"detail": detail}
        with pytest.raises(NotFoundError, match="check the base URL"):
            client.movie.get_person_info("x")
    assert len(server.requests) == 2 and sleeps.waits == []


def test_plain_text_500_is_a_server_error(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    server.default = Reply(500, raw=b"Internal Server Error", content_type="text/plain")
    with client_for(server, sleeps, attempts=2) as client, pytest.raises(ServerError) as info:
        client.movie.get_year_info(1800)
    assert info.value.body == "Internal Server Error"


def test_timeout_is_retried_then_raised(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    server.default = Reply(body={"result": 1}, delay=0.5)
    with (
        client_for(server, sleeps, attempts=2, timeout=0.1) as client,
        pytest.raises(CragTimeoutError) as info,
    ):
        client.finance.get_eps("META")
    assert len(sleeps.waits) == 1
    assert "timed out after 2 attempts" in str(info.value)


def test_connection_refused_raises_connection_error(sleeps: SleepRecorder) -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    policy = RetryPolicy(max_attempts=3, rng=random.Random(0))
    client = Client(f"http://127.0.0.1:{port}", retry=policy, sleep=sleeps)
    with client, pytest.raises(CragConnectionError, match="is the server running"):
        client.open.search_entity_by_name("florida")
    assert len(sleeps.waits) == 2


def test_async_client_retries_the_same_way(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    server.queue(Reply(429, {"detail": "x"}, headers={"Retry-After": "3"}), Reply(drop=True), Reply(503), OK)

    async def main() -> list[str]:
        policy = RetryPolicy(max_attempts=4, rng=random.Random(0))
        async with AsyncClient(server.url, retry=policy, sleep=sleeps.asleep) as client:
            return await client.music.search_artist_entity_by_name("gaga")

    assert asyncio.run(main()) == ["Lady Gaga"]
    assert len(server.requests) == 4
    assert sleeps.waits[0] == 3.0 and len(sleeps.waits) == 3


def test_async_client_raises_after_attempts(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    server.default = Reply(502, {"detail": "bad gateway"})

    async def main() -> None:
        async with AsyncClient(server.url, max_attempts=2, sleep=sleeps.asleep) as client:
            await client.finance.get_pe_ratio("META")

    with pytest.raises(ServerError):
        asyncio.run(main())
    assert len(server.requests) == 2
