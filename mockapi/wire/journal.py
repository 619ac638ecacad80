"""`GET /admin/journal`: one simulated request per entry, as the simulator records it and crag-eval reads it.

Declared once here, below the server and the client: the simulator (`mockapi.sim.journal`) builds the entries
and crag-eval's diagnostics parse the route's answer into the same classes.
"""

from __future__ import annotations

from pydantic import ConfigDict

from mockapi.wire.base import WireModel


class JournalEntry(WireModel):
    """One request as the simulator saw it."""

    model_config = ConfigDict(frozen=True)

    seq: int
    """Sequence number, from 1; survives the ring buffer dropping old entries."""
    time: str
    """When the request ended (ISO 8601, UTC)."""
    method: str
    route: str
    """The request path."""
    body: str
    """The first `BODY_LIMIT` bytes of the request body, decoded as UTF-8 (bad bytes replaced)."""
    status: int
    """The status sent (or the one a dropped connection would have had)."""
    latency_ms: float
    """Measured time in the simulator and the app (machine-dependent)."""
    delay_ms: float
    """The latency the simulator added (`--latency`), as sampled from its seeded generator."""
    interaction_id: str | None
    """The request's `X-Interaction-Id` header."""
    client: str
    """The rate-limit and journal key: `X-Client-Id` where trusted, else the peer address."""
    fault: str | None
    """The injected fault (e.g. `drop`, `500`), None when served normally."""

    def failed(self) -> bool:
        """A call the caller had to retry: 408, 429, 5xx or a dropped connection."""
        return self.status in (408, 429) or self.status >= 500 or self.fault == "drop"


class JournalPage(WireModel):
    """The answer of `GET /admin/journal`."""

    entries: list[JournalEntry]
    """Entries after `since`, oldest first."""
    last_seq: int
    """The newest sequence number in the journal, to pass as `since` next time."""
