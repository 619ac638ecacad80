"""Retry decisions, free of IO: which failures to retry, and how long to wait before the next attempt.

Capped exponential backoff with full jitter (the wait is uniform in [0, min(cap, base * 2**n)]), except
when the server sent `Retry-After` (seconds or an HTTP-date), which is honoured up to `max_retry_after`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime

RETRYABLE_STATUSES = frozenset({408, 429})


def is_retryable_status(status: int) -> bool:
    """True for 408, 429 and every 5xx: the statuses worth another attempt."""
    return status in RETRYABLE_STATUSES or 500 <= status <= 599


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
    """

    max_attempts: int = 3
    backoff_base: float = 0.5
    backoff_cap: float = 8.0
    max_retry_after: float = 60.0
    rng: random.Random = field(default_factory=random.Random)

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1 (1 means no retries)")

    def can_retry(self, attempt: int) -> bool:
        """True when `attempt` (1-based, the one that just failed) leaves another attempt."""
        return attempt < self.max_attempts

    def backoff(self, attempt: int) -> float:
        """Full-jitter wait after failed attempt number `attempt` (1-based)."""
        ceiling = min(self.backoff_cap, self.backoff_base * (2 ** (attempt - 1)))
        return self.rng.uniform(0.0, ceiling)

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """The wait before the next attempt: `Retry-After` when given, else the jittered backoff."""
        if retry_after is not None:
            return min(retry_after, self.max_retry_after)
        return self.backoff(attempt)

    def status_delay(self, attempt: int, status: int, retry_after_header: str | None) -> float | None:
        """The wait before retrying a response with `status`, or None when it must not be retried."""
        if not is_retryable_status(status) or not self.can_retry(attempt):
            return None
        return self.delay(attempt, parse_retry_after(retry_after_header))
