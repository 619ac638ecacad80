"""The one retry helper (`send_with_retries` / `asend_with_retries`) on its own, over real httpx against the
scripted loopback server: what it retries, how long it waits (recorded, never slept), what it hands back when
the attempts run out, and the plain-doubling variant of the policy that crag_eval's LLM client uses."""

from __future__ import annotations

import asyncio
import random
import socket

import httpx
import pytest
from crag_client import RetryPolicy
from crag_client._retry import asend_with_retries, send_with_retries
from scripted_server import Reply, ScriptedServer, SleepRecorder

OK = Reply(body={"result": "ok"})


def sdk_policy(attempts: int = 3) -> RetryPolicy:
    return RetryPolicy(max_attempts=attempts, backoff_base=0.5, backoff_cap=4.0, rng=random.Random(7))


def doubling_policy(attempts: int = 5) -> RetryPolicy:
    """The LLM client's rule: 1, 2, 4… s capped at 30; Retry-After may lengthen a wait, never shorten it."""
    return RetryPolicy(
        max_attempts=attempts,
        backoff_base=1.0,
        backoff_cap=30.0,
        max_retry_after=30.0,
        jitter=False,
        backoff_is_floor=True,
        statuses=frozenset({408, 409, 429}),
    )


def post(http: httpx.Client, server: ScriptedServer) -> httpx.Response:
    return http.post(server.url + "/x", json={})


def test_retryable_statuses_then_success(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    server.queue(Reply(503), Reply(408), OK)
    with httpx.Client() as http:
        response = send_with_retries(lambda: post(http, server), sdk_policy(), sleeps)
    assert response.status_code == 200 and response.json() == {"result": "ok"}
    assert len(server.requests) == 3
    # full jitter from the seeded rng: the same draws as the policy makes on its own
    twin = sdk_policy()
    assert sleeps.waits == [twin.backoff(1), twin.backoff(2)]
    assert 0 <= sleeps.waits[0] <= 0.5 and 0 <= sleeps.waits[1] <= 1.0


def test_retry_after_replaces_the_backoff_up_to_its_cap(
    server: ScriptedServer, sleeps: SleepRecorder
) -> None:
    policy = RetryPolicy(max_attempts=3, max_retry_after=10.0, rng=random.Random(0))
    server.queue(Reply(429, headers={"Retry-After": "0.25"}), Reply(503, headers={"Retry-After": "120"}), OK)
    with httpx.Client() as http:
        assert send_with_retries(lambda: post(http, server), policy, sleeps).status_code == 200
    assert sleeps.waits == [0.25, 10.0]


def test_out_of_attempts_the_last_response_is_returned(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    server.queue(Reply(503), Reply(502), Reply(500, body={"detail": "last"}), OK)
    with httpx.Client() as http:
        response = send_with_retries(lambda: post(http, server), sdk_policy(3), sleeps)
    assert (response.status_code, response.json()) == (500, {"detail": "last"})
    assert len(server.requests) == 3 and len(sleeps.waits) == 2


@pytest.mark.parametrize("status", [400, 401, 404, 409, 422])
def test_other_statuses_are_returned_at_once(
    server: ScriptedServer, sleeps: SleepRecorder, status: int
) -> None:
    server.queue(Reply(status), OK)
    with httpx.Client() as http:
        assert send_with_retries(lambda: post(http, server), sdk_policy(), sleeps).status_code == status
    assert len(server.requests) == 1 and sleeps.waits == []


def test_dropped_connections_are_retried(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    server.queue(Reply(drop=True), OK)
    with httpx.Client() as http:
        assert send_with_retries(lambda: post(http, server), sdk_policy(), sleeps).status_code == 200
    assert len(server.requests) == 2 and len(sleeps.waits) == 1


def test_connection_errors_are_reraised_when_attempts_run_out(sleeps: SleepRecorder) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    calls = 0

    def send() -> httpx.Response:
        nonlocal calls
        calls += 1
        return httpx.post(f"http://127.0.0.1:{port}/x", json={})

    with pytest.raises(httpx.ConnectError):
        send_with_retries(send, sdk_policy(4), sleeps)
    assert calls == 4 and len(sleeps.waits) == 3


def test_one_attempt_means_no_retry(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    server.queue(Reply(503), OK)
    with httpx.Client() as http:
        assert send_with_retries(lambda: post(http, server), sdk_policy(1), sleeps).status_code == 503
    assert sleeps.waits == []
    with pytest.raises(ValueError, match="at least 1"):
        RetryPolicy(max_attempts=0)


def test_async_variant_makes_the_same_decisions(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    script = (Reply(503), Reply(429, headers={"Retry-After": "3"}), Reply(drop=True), OK)
    server.queue(*script)
    with httpx.Client() as http:
        send_with_retries(lambda: post(http, server), sdk_policy(5), sleeps)
    sync_waits, sleeps.waits = sleeps.waits, []

    async def run() -> int:
        server.queue(*script)
        async with httpx.AsyncClient() as http:
            response = await asend_with_retries(
                lambda: http.post(server.url + "/x", json={}), sdk_policy(5), sleeps.asleep
            )
        return response.status_code

    assert asyncio.run(run()) == 200
    assert sleeps.waits == sync_waits and len(sync_waits) == 3 and sync_waits[1] == 3.0
    assert len(server.requests) == 8


def test_doubling_policy_waits_exactly_and_retries_409(server: ScriptedServer, sleeps: SleepRecorder) -> None:
    server.queue(
        Reply(409),
        Reply(429, headers={"Retry-After": "0"}),  # shorter than the backoff: the backoff (4 s) stands
        Reply(503, headers={"Retry-After": "20"}),  # longer: lengthens the 8 s wait
        Reply(500, headers={"Retry-After": "90"}),  # capped at 30 s
        OK,
    )
    with httpx.Client() as http:
        assert send_with_retries(lambda: post(http, server), doubling_policy(5), sleeps).status_code == 200
    assert sleeps.waits == [1.0, 2.0, 20.0, 30.0]


def test_doubling_policy_caps_the_backoff() -> None:
    policy = doubling_policy(10)
    assert [policy.delay(n) for n in range(1, 8)] == [1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0]
