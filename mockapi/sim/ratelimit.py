"""Token buckets per client: `rate` requests per second with a burst of max(1, rate)."""

from __future__ import annotations

import time


class RateLimiter:
    """Not thread-safe by design: it runs on the event loop only."""

    def __init__(self) -> None:
        self._buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, last refill time)

    def acquire(self, client: str, rate: float) -> float:
        """Take one token; returns 0 when allowed, else the seconds until a token is available."""
        now = time.monotonic()
        capacity = max(1.0, rate)
        tokens, last = self._buckets.get(client, (capacity, now))
        tokens = min(capacity, tokens + (now - last) * rate)
        if tokens >= 1.0:
            self._buckets[client] = (tokens - 1.0, now)
            return 0.0
        self._buckets[client] = (tokens, now)
        return (1.0 - tokens) / rate
