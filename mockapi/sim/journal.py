"""The request journal: every simulated call with its time, route, body, status, latency and interaction id.

In memory and bounded (a ring buffer); each worker process keeps its own.
"""

from __future__ import annotations

import datetime as dt
import itertools
import threading
from collections import deque

from mockapi.wire.journal import JournalEntry

BODY_LIMIT = 2048  # bytes of request body kept per entry: enough for every KG body, bounded for /web


class Journal:
    """A thread-safe, bounded, append-only log with sequence numbers that survive truncation."""

    def __init__(self, size: int = 100_000) -> None:
        self._entries: deque[JournalEntry] = deque(maxlen=size)
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
            return entry

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
            self._seq = 0
