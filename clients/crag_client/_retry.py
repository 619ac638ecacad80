"""The one retry helper of the project: a policy (which failures to retry, how long to wait) and the loop that
applies it, `send_with_retries` / `asend_with_retries`, used by the SDK clients, the harness's own page
fetches and the LLM client of crag_eval. The sleep is injected, so tests check waits without waiting.

Capped exponential backoff with full jitter (the wait is uniform in [0, min(cap, base * 2**n)]), except
when the server sent `Retry-After` (seconds or an HTTP-date), which is honoured up to `max_retry_after`.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime

import httpx

RETRYABLE_STATUSES = frozenset({408, 429})


def is_retryable_status(status: int, extra: frozenset[int] = RETRYABLE_STATUSES) -> bool:
    """True for 408, 429 (or the statuses in `extra`) and every 5xx: the statuses worth another attempt."""
    return status in extra or 500 <= status <= 599


def parse_retry_after(value: str | None, now: Callable[[], datetime] | None = None) -> float | None:
    """Seconds to wait from `Retry-After` (delta-seconds or HTTP-date); None if absent or invalid."""
    if value is None:
        return None
    value = value.strip()
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
        current = now() if now is not None else datetime.now(timezone.utc)
        seconds = (when - current).total_seconds()
    if seconds != seconds:  # NaN
        return None
    return max(0.0, seconds)


@dataclass
class RetryPolicy:
    """How many attempts to make and how long to wait between them.

    `max_attempts` counts the first try (1 disables retries). `rng` is injectable so tests get seeded jitter.
    The defaults are the SDK's; the LLM client (crag_eval.llm) keeps its own older rule through the last
    three fields: a plain doubling wait, Retry-After that may lengthen but never shorten it, and 409 retried.
    """

    max_attempts: int = 3
    backoff_base: float = 0.5
    backoff_cap: float = 8.0
    max_retry_after: float = 60.0
    rng: random.Random = field(default_factory=random.Random)
    jitter: bool = True  # False: wait exactly min(cap, base * 2**n)
    backoff_is_floor: bool = False  # True: a shorter Retry-After does not shorten the backoff
    statuses: frozenset[int] = RETRYABLE_STATUSES  # retried besides every 5xx

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1 (1 means no retries)")

    def can_retry(self, attempt: int) -> bool:
        """True when `attempt` (1-based, the one that just failed) leaves another attempt."""
        return attempt < self.max_attempts

    def backoff(self, attempt: int) -> float:
        """Full-jitter wait after failed attempt number `attempt` (1-based)."""
        ceiling = min(self.backoff_cap, self.backoff_base * (2 ** (attempt - 1)))
        return self.rng.uniform(0.0, ceiling) if self.jitter else ceiling

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """The wait before the next attempt: `Retry-After` when given, else the jittered backoff."""
        if retry_after is None:
            return self.backoff(attempt)
        honoured = min(retry_after, self.max_retry_after)
        return max(honoured, self.backoff(attempt)) if self.backoff_is_floor else honoured

    def retries_status(self, status: int) -> bool:
        """True when a response with `status` is worth another attempt under this policy."""
        return is_retryable_status(status, self.statuses)

    def status_delay(self, attempt: int, status: int, retry_after_header: str | None) -> float | None:
        """The wait before retrying a response with `status`, or None when it must not be retried."""
        if not self.retries_status(status) or not self.can_retry(attempt):
            return None
        return self.delay(attempt, parse_retry_after(retry_after_header))


def send_with_retries(
    send: Callable[[], httpx.Response],
    policy: RetryPolicy,
    sleep: Callable[[float], None] = time.sleep,
) -> httpx.Response:
    """Call `send` until it gives a response that is not retryable or the attempts run out.

    Connection errors and timeouts are retried; the last one is re-raised when no attempt is left. A retryable
    status is retried; when no attempt is left that last response is returned (the caller maps it to its
    error, knowing the attempts are spent).
    """
    attempt = 0
    while True:
        attempt += 1
        try:
            response = send()
        except httpx.TransportError:
            if not policy.can_retry(attempt):
                raise
            sleep(policy.delay(attempt))
            continue
        delay = policy.status_delay(attempt, response.status_code, response.headers.get("retry-after"))
        if delay is None:
            return response
        response.close()
        sleep(delay)


async def asend_with_retries(
    send: Callable[[], Awaitable[httpx.Response]],
    policy: RetryPolicy,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> httpx.Response:
    """`send_with_retries` for an async `send` (same policy, same decisions, same order of waits)."""
    attempt = 0
    while True:
        attempt += 1
        try:
            response = await send()
        except httpx.TransportError:
            if not policy.can_retry(attempt):
                raise
            await sleep(policy.delay(attempt))
            continue
        delay = policy.status_delay(attempt, response.status_code, response.headers.get("retry-after"))
        if delay is None:
            return response
        await response.aclose()
        await sleep(delay)
