"""uvicorn's HTTP protocol with the limits a public server needs against slow and huge request heads.

uvicorn (httptools) times out only idle keep-alive connections: a client that opens a connection and never
finishes its request head (slowloris) or its body holds the socket for ever, and the head has no size limit
(a 30 MB header was answered 200; a 100 MB one stalled every other client ~10 s while httptools parsed it).
With 1,100 such sockets under a 1,024 descriptor limit, 97 of 99 other clients failed. `GuardedHTTP`:
- a request head must be complete within HEAD_TIMEOUT_S of its first byte (or of the connection), and its
  body within BODY_TIMEOUT_S of the head: else the connection is closed;
- a head over MAX_HEAD_BYTES is answered 431 and the connection closed, before the parser sees the bytes;
- at most `max_connections` per process (below the descriptor limit): a new connection over it evicts the
  one that has waited longest for its head (the slowloris), so clients that send a request keep being served.
Idle keep-alive connections keep uvicorn's own timeout (`--timeout-keep-alive`, 75 s in `crag-mock serve`).
"""

from __future__ import annotations

import asyncio
import resource
from typing import Any, ClassVar

from mockapi.process.batched_writes import BatchedWrites

HEAD_TIMEOUT_S = 5.0
BODY_TIMEOUT_S = 10.0  # bodies are capped at 64 KiB (mockapi/wire/limits.py): seconds even on a slow link
MAX_HEAD_BYTES = 32 << 10
HEAD_END = b"\r\n\r\n"
_BODY = b'{"detail": "request head over 32 KiB: refused unread", "type": "head_too_large", "status": 431}'
TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json\r\nconnection: close\r\n"
    + f"content-length: {len(_BODY)}\r\n\r\n".encode()
    + _BODY
)


def default_max_connections() -> int:
    """Three quarters of the soft descriptor limit (the rest: the world's files, logs, the listening socket),
    at most 10,000."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(16, min(10_000, soft * 3 // 4)) if soft != resource.RLIM_INFINITY else 10_000


class GuardedHTTP(BatchedWrites):
    """BatchedWrites (one write per response) with head and body timeouts, a head cap and a connection cap."""

    head_timeout_s: ClassVar[float] = HEAD_TIMEOUT_S
    body_timeout_s: ClassVar[float] = BODY_TIMEOUT_S
    max_head_bytes: ClassVar[int] = MAX_HEAD_BYTES
    max_connections: ClassVar[int] = default_max_connections()
    # per process (each worker has its own): open connections, and those waiting for a head, oldest first
    _open: ClassVar[set[GuardedHTTP]] = set()
    _waiting: ClassVar[dict[GuardedHTTP, None]] = {}

    def connection_made(self, transport: asyncio.Transport) -> None:
        self._timer: asyncio.TimerHandle | None = None
        self._head_bytes = 0
        self._tail = b""
        self._in_head = True
        if len(self._open) >= self.max_connections and not self._evict_oldest_waiting():
            transport.close()  # every slot holds a client mid-request: refuse the newcomer
            return
        super().connection_made(transport)
        self._open.add(self)
        self._await_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        self._open.discard(self)
        self._waiting.pop(self, None)
        if getattr(self, "transport", None) is not None:
            super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._in_head and not self._head_fits(data):
            self._waiting.pop(self, None)
            self._stop_timer()
            self.transport.write(TOO_LARGE)
            self.transport.close()
            return
        super().data_received(data)

    def _head_fits(self, data: bytes) -> bool:
        """Whether the head's bytes so far, up to its end if this chunk holds it, are within the cap."""
        end = (self._tail + data).find(HEAD_END)
        seen = self._head_bytes + (len(data) if end < 0 else end + len(HEAD_END) - len(self._tail))
        self._head_bytes = seen
        self._tail = (self._tail + data)[-3:]
        return seen <= self.max_head_bytes

    # ── httptools parser callbacks: where a head starts and ends, and a message ends
    def on_message_begin(self) -> None:
        super().on_message_begin()
        if not self._in_head:  # the next request on a keep-alive connection
            self._await_head()

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._waiting.pop(self, None)
        self._start_timer(self.body_timeout_s)
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._stop_timer()
        super().on_message_complete()

    # ── timers and eviction
    def _await_head(self) -> None:
        self._in_head, self._head_bytes, self._tail = True, 0, b""
        self._waiting[self] = None
        self._start_timer(self.head_timeout_s)

    def _start_timer(self, seconds: float) -> None:
        self._stop_timer()
        self._timer = asyncio.get_running_loop().call_later(seconds, self._too_slow)

    def _stop_timer(self) -> None:
        timer = getattr(self, "_timer", None)
        if timer is not None:
            timer.cancel()
            self._timer = None

    def _too_slow(self) -> None:
        self._timer = None
        self._waiting.pop(self, None)
        self.transport.close()

    def _evict_oldest_waiting(self) -> bool:
        for victim in self._waiting:
            self._waiting.pop(victim, None)
            victim._stop_timer()
            victim.transport.close()
            return True
        return False

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other: Any) -> bool:
        return self is other
