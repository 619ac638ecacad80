"""Token buckets per client: `rate` requests per second with a burst of max(1, rate).

Bounded: a bucket left idle long enough to refill is the same as no bucket, so those are dropped as they
come due (checked every PRUNE_EVERY requests); beyond MAX_BUCKETS live clients (a flood of source addresses)
the longest idle go first. Before, every client ever seen kept a bucket for the life of the process.
"""

from __future__ import annotations

import time

MAX_BUCKETS = 50_000
PRUNE_EVERY = 1024


class RateLimiter:
    """Not thread-safe by design: it runs on the event loop only."""

    def __init__(self, max_buckets: int = MAX_BUCKETS) -> None:
        # client -> (tokens, last refill time, when the bucket is full again if left alone)
        self._buckets: dict[str, tuple[float, float, float]] = {}
        self._max = max_buckets
        self._calls = 0

    def __len__(self) -> int:
        return len(self._buckets)

    def acquire(self, client: str, rate: float) -> float:
        """Take one token; returns 0 when allowed, else the seconds until a token is available."""
        now = time.monotonic()
        self._calls += 1
        if self._calls % PRUNE_EVERY == 0 or len(self._buckets) >= self._max:
            self._prune(now)
        capacity = max(1.0, rate)
        tokens, last, _full = self._buckets.get(client, (capacity, now, now))
        tokens = min(capacity, tokens + (now - last) * rate)
        wait = 0.0
        if tokens >= 1.0:
            tokens -= 1.0
        else:
            wait = (1.0 - tokens) / rate
        self._buckets[client] = (tokens, now, now + (capacity - tokens) / rate)
        return wait

    def _prune(self, now: float) -> None:
        """Drop the buckets that are full again (no bucket gives the same answer), then, over the cap, the
        least recently used down to three quarters of it."""
        self._buckets = {c: b for c, b in self._buckets.items() if b[2] > now}
        if len(self._buckets) >= self._max:
            keep = sorted(self._buckets.items(), key=lambda item: item[1][1])[-(self._max * 3 // 4) :]
            self._buckets = dict(keep)
