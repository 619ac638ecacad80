"""An ASGI middleware that turns the server into a simulator: latency, faults, rate limits, a journal.

Pure ASGI (not BaseHTTPMiddleware) so it can delay without blocking a thread, drop a connection mid-response
and stream a body slowly. Every random draw comes from one seeded `random.Random`, so a given sequence of
requests meets the same delays and faults on every run.

Rate limits and the journal key each request by its peer address, which uvicorn takes from
`X-Forwarded-For` only when the peer is a configured trusted proxy (`--forwarded-allow-ips`). The
`X-Client-Id` header names the client only under `--trust-client-id` (crag-eval's own in-process server):
elsewhere a caller would evade `--rate-limit` by sending a fresh id per request.
The body is read through `read_capped_body`, so this middleware never holds more than the route's cap either
(64 KiB, `/retrieve` 5 MiB), whether it runs before or after `InputLimits`, and its 413 names that cap.
"""

from __future__ import annotations

import asyncio
import math
import random
import time
from dataclasses import dataclass

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mockapi.observe.middleware import FAULT_KEY
from mockapi.sim.config import RoutePolicy, SimConfig
from mockapi.sim.journal import BODY_LIMIT, Journal
from mockapi.sim.ratelimit import RateLimiter
from mockapi.wire.errors import ErrorType, send_error
from mockapi.wire.limits import BodyTooLarge, read_capped_body, send_too_large

SLOW_CHUNKS = 8
SLOW_PAUSE_S = 0.1


class DroppedConnection(Exception):
    """Raised after the response head is sent: uvicorn then closes the socket without a body."""


class SimState:
    """What the simulator mutates (seeded draws, rate-limit buckets, journal), kept apart from the middleware
    so the admin routes can reach it: Starlette builds middleware instances lazily, out of the app's reach."""

    def __init__(self, config: SimConfig) -> None:
        self.config = config
        self.journal = Journal(config.journal_size)
        self.limiter = RateLimiter()
        self.rng = random.Random(config.seed)

    def reset(self) -> None:
        """Back to the initial state: same seed, empty buckets, empty journal."""
        self.rng = random.Random(self.config.seed)
        self.limiter = RateLimiter()
        self.journal.reset()


class Simulator:
    """Wraps the app; see the module docstring. Its mutable parts live in the shared `state`."""

    def __init__(self, app: ASGIApp, state: SimState) -> None:
        self.app = app
        self.state = state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = self.state.config.policy(scope["path"])
        if policy is None:
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        client = self._client(scope, headers)
        status = {"code": 0}
        outcome = _Outcome()
        body = b""
        try:
            try:
                body, _ = await read_capped_body(scope, receive)
            except BodyTooLarge as too_large:
                status["code"] = 413
                await send_too_large(send, too_large.cap)
                return
            await self._serve(scope, body, send, policy, client, status, outcome)
        except Exception:
            # The app's own unhandled errors become a JSON 500 further out; journal them as that.
            status["code"] = status["code"] or 500
            raise
        finally:
            scope[FAULT_KEY] = outcome.fault  # for the metrics and the access log (mockapi/observe)
            self._record(scope, body, headers, client, status["code"], outcome, started)
        if outcome.fault == "drop":
            raise DroppedConnection(scope["path"])

    def _client(self, scope: Scope, headers: dict[str, str]) -> str:
        """Who sent the request: the peer address, or the `X-Client-Id` header when that is trusted."""
        claimed = headers.get("x-client-id") if self.state.config.trust_client_id else None
        return claimed or (scope.get("client") or ("unknown", 0))[0]

    def _record(
        self,
        scope: Scope,
        body: bytes,
        headers: dict[str, str],
        client: str,
        status: int,
        outcome: _Outcome,
        started: float,
    ) -> None:
        self.state.journal.record(
            method=scope["method"],
            route=scope["path"],
            body=body[:BODY_LIMIT].decode("utf-8", "replace"),
            status=status,
            latency_ms=round((time.perf_counter() - started) * 1000, 3),
            delay_ms=round(outcome.delay_s * 1000, 3),
            interaction_id=headers.get("x-interaction-id"),
            client=client,
            fault=outcome.fault,
        )

    async def _serve(
        self,
        scope: Scope,
        body: bytes,
        send: Send,
        policy: RoutePolicy,
        client: str,
        status: dict[str, int],
        outcome: _Outcome,
    ) -> None:
        """Answer one request under `policy`; `outcome` records the fault injected and the delay added."""

        async def tracking_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
            await send(message)

        if policy.rate_limit > 0:
            wait = self.state.limiter.acquire(client, policy.rate_limit)
            if wait > 0:
                outcome.fault = "rate_limit"
                await _json_error(
                    tracking_send, 429, "rate_limited", "rate limit exceeded; retry later", wait
                )
                return
        fault = self.state.rng.choice(policy.faults) if self.state.rng.random() < policy.fault_rate else None
        outcome.fault = fault
        outcome.delay_s = delay = policy.latency.sample(self.state.rng)
        if delay > 0:
            await asyncio.sleep(delay)
        if fault in ("429", "500", "503"):
            code = int(fault)
            await _json_error(
                tracking_send, code, "simulated_fault", f"simulated {code} (fault injection)", 1.0
            )
            return
        if fault == "drop":
            await tracking_send(
                {"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"64")]}
            )
            return
        outgoing = _slow(tracking_send) if fault == "slow" else tracking_send
        await self.app(scope, _replay(body), outgoing)


@dataclass
class _Outcome:
    """What the simulator did to one request: the fault it injected and the delay it added (seeded, so
    tests can check it exactly, where the measured `latency_ms` depends on the machine)."""

    fault: str | None = None
    delay_s: float = 0.0


def _replay(body: bytes) -> Receive:
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.Event().wait()  # like a real client that keeps the connection open
        return {"type": "http.disconnect"}

    return receive


def _slow(send: Send) -> Send:
    """The body in SLOW_CHUNKS pieces with a pause between them: a body sent whole is split; a streamed one
    (a 50-page search with HTML comes in 64 KiB chunks) is paused after each of its first pieces only, so
    either way the fault adds the same (SLOW_CHUNKS - 1) pauses, not one per chunk."""
    pauses_left = SLOW_CHUNKS - 1

    async def slow_send(message: Message) -> None:
        nonlocal pauses_left
        if message["type"] != "http.response.body" or not message.get("body"):
            await send(message)
            return
        data: bytes = message["body"]
        streamed = message.get("more_body", False)
        step = len(data) if streamed else max(1, math.ceil(len(data) / (pauses_left + 1)))
        pieces = [data[i : i + step] for i in range(0, len(data), step)]
        for i, piece in enumerate(pieces):
            last = i == len(pieces) - 1
            await send({"type": "http.response.body", "body": piece, "more_body": not last or streamed})
            if (not last or streamed) and pauses_left > 0:
                pauses_left -= 1
                await asyncio.sleep(SLOW_PAUSE_S)

    return slow_send


async def _json_error(send: Send, status: int, kind: ErrorType, message: str, retry_after: float) -> None:
    """The canonical error body with a Retry-After the SDK honours."""
    await send_error(
        send, status, kind, message, headers=[(b"retry-after", str(max(1, math.ceil(retry_after))).encode())]
    )
