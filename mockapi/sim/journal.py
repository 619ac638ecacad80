"""The request journal: every simulated call with its time, route, body, status, latency and interaction id.

In memory and bounded three ways: a count (`size`), an estimate of the bytes held (`max_bytes`) and an age
(`max_age_s`); the oldest entries go first. Each worker process keeps its own. Before the byte and age
bounds, 100,000 entries with full bodies were ~300 MB (76 -> 376 MB RSS over 80K requests).
"""

from __future__ import annotations

import datetime as dt
import itertools
import threading
import time
from collections import deque

from mockapi.wire.journal import JournalEntry

BODY_LIMIT = 2048  # bytes of request body kept per entry: enough for every KG body, bounded for /web
MAX_BYTES = 32 << 20
MAX_AGE_S = 3600.0
ENTRY_OVERHEAD = 1500  # bytes of a JournalEntry beyond its body (pydantic object, dict, floats; tracemalloc)


class Journal:
    """A thread-safe, bounded, append-only log with sequence numbers that survive truncation."""

    def __init__(self, size: int = 100_000, max_bytes: int = MAX_BYTES, max_age_s: float = MAX_AGE_S) -> None:
        self._entries: deque[JournalEntry] = deque()
        self._costs: deque[tuple[float, int]] = deque()  # per entry: (monotonic time, estimated bytes)
        self._bytes = 0
        self._size, self._max_bytes, self._max_age = size, max_bytes, max_age_s
        self._lock = threading.Lock()
        self._seq = 0

    def record(
        self,
        *,
        method: str,
        route: str,
        body: str,
        status: int,
        latency_ms: float,
        delay_ms: float,
        interaction_id: str | None,
        client: str,
        fault: str | None,
    ) -> JournalEntry:
        """Append one entry (seq and time are filled in)."""
        with self._lock:
            self._seq += 1
            entry = JournalEntry(
                seq=self._seq,
                time=dt.datetime.now(dt.timezone.utc).isoformat(),
                method=method,
                route=route,
                body=body,
                status=status,
                latency_ms=latency_ms,
                delay_ms=delay_ms,
                interaction_id=interaction_id,
                client=client,
                fault=fault,
            )
            self._entries.append(entry)
            cost = ENTRY_OVERHEAD + len(body) + len(route) + len(client) + len(interaction_id or "")
            now = time.monotonic()
            self._costs.append((now, cost))
            self._bytes += cost
            self._evict(now)
            return entry

    def _evict(self, now: float) -> None:
        """Drop the oldest entries while over the count, the bytes, or the age (called with the lock)."""
        while self._entries and (
            len(self._entries) > self._size
            or self._bytes > self._max_bytes
            or now - self._costs[0][0] > self._max_age
        ):
            self._entries.popleft()
            self._bytes -= self._costs.popleft()[1]

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def entries(
        self, *, interaction_id: str | None = None, since: int = 0, limit: int = 10_000
    ) -> list[JournalEntry]:
        """Entries after `since` (a seq), optionally for one interaction id, oldest first."""
        with self._lock:
            snapshot = list(self._entries)
        picked = (
            e
            for e in snapshot
            if e.seq > since and (interaction_id is None or e.interaction_id == interaction_id)
        )
        return list(itertools.islice(picked, limit))

    @property
    def last_seq(self) -> int:
        """The sequence number of the newest entry (0 when none yet)."""
        with self._lock:
            return self._seq

    def reset(self) -> None:
        """Forget everything (sequence numbers restart)."""
        with self._lock:
            self._entries.clear()
            self._costs.clear()
            self._bytes = 0
            self._seq = 0
