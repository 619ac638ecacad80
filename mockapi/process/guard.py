"""uvicorn's HTTP protocol with the limits a public server needs against slow, idle and greedy clients.

uvicorn times out only idle keep-alive connections (after 75 s under `crag-mock serve`): a client that never
finishes its request head (slowloris) or its body holds the socket for ever, the head has no size limit (a
30 MB header was answered 200), a response a client never reads stays in memory for ever (20 unread 50-page
searches: 83 -> 568 MB), and idle keep-alive sockets fill any connection cap (420 of them under
`ulimit -n 512` locked every new client out for 30 s and more). `GuardedHTTP`:
- a request head must be complete within HEAD_TIMEOUT_S of its first byte (or of the connection), and its
  body within BODY_TIMEOUT_S of the head: else the connection is closed;
- a head over MAX_HEAD_BYTES is answered 431 and the connection closed, counted before the parser sees the
  bytes, a head pipelined behind another request included (guard_heads.py);
- at most `max_connections` per process (below the descriptor limit) and `max_per_peer` per client address
  (trusted proxies, `--forwarded-allow-ips`, excepted): a newcomer over either cap evicts the connection
  idle the longest (keep-alive, between requests), else the one that has waited longest for its head, else
  is refused: a client with a request being answered is never cut for a newcomer;
- a response the client does not read: a connection whose send buffer has not drained WRITE_PROGRESS_BYTES
  within WRITE_TIMEOUT_S is closed, and the unsent bytes of all connections of a process stay under
  `buffer_budget` (over it, the connection stalled the longest is closed first).
An IPv4 client of a dual-stack socket (`--host ::`) is named by its IPv4 address (`::ffff:127.0.0.1` is
127.0.0.1), so the proxies trusted by address and the per-address limits see one name per client.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import socket
import struct
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

from mockapi.process.batched_writes import BatchedH11, BatchedWrites
from mockapi.process.guard_heads import HeadAccounting

HEAD_TIMEOUT_S = 5.0
BODY_TIMEOUT_S = 10.0  # bodies are capped at 64 KiB (mockapi/wire/limits.py): seconds even on a slow link
WRITE_TIMEOUT_S = 10.0
WRITE_PROGRESS_BYTES = 16 << 10  # a 1.6 KB/s link drains this in 10 s; a client that reads nothing does not
BUFFER_BUDGET = 32 << 20  # two unread 50-page searches with HTML (10-20 MB each) per process
LINGER_0 = struct.pack("ii", 1, 0)


def default_max_connections() -> int:
    """Three quarters of the soft descriptor limit (the rest: the world's files, logs, the listening socket),
    at most 10,000."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(16, min(10_000, soft * 3 // 4)) if soft != resource.RLIM_INFINITY else 10_000


def ipv4_of(host: str) -> str:
    """`::ffff:a.b.c.d` (an IPv4 client of a dual-stack socket) as `a.b.c.d`; any other name unchanged."""
    return host[7:] if host[:7].lower() == "::ffff:" and "." in host else host


@dataclass
class Connections:
    """Every connection of one process (one per class tree: a test's subclass can have its own)."""

    open: set[Guard] = field(default_factory=set)
    idle: dict[Guard, None] = field(default_factory=dict)
    """Keep-alive connections between requests, longest idle first."""
    waiting: dict[Guard, None] = field(default_factory=dict)
    """Connections waiting for (the rest of) a request head, longest waiting first."""
    stalled: dict[Guard, None] = field(default_factory=dict)
    """Connections whose send buffer is over the transport's high-water mark, longest stalled first."""
    peers: Counter[str] = field(default_factory=Counter)


class Guard(HeadAccounting):
    """The limits; put before a uvicorn HTTP protocol class (a `Batching` one: see GuardedHTTP)."""

    head_timeout_s: ClassVar[float] = HEAD_TIMEOUT_S
    body_timeout_s: ClassVar[float] = BODY_TIMEOUT_S
    write_timeout_s: ClassVar[float] = WRITE_TIMEOUT_S
    max_connections: ClassVar[int] = default_max_connections()
    max_per_peer: ClassVar[int] = max(8, default_max_connections() // 2)
    buffer_budget: ClassVar[int] = BUFFER_BUDGET
    conns: ClassVar[Connections] = Connections()
    _trusted: ClassVar[Any] = None

    transport: Any
    client: tuple[str, int] | None

    def connection_made(self, transport: asyncio.Transport) -> None:
        self._timer: asyncio.TimerHandle | None = None
        self._write_timer: asyncio.TimerHandle | None = None
        self._unsent_at_check = 0
        self._refusal = b""
        self.peer = ipv4_of(str((transport.get_extra_info("peername") or ("",))[0]))
        self.reset_heads()
        if not self._room_for(self.peer):
            transport.abort()  # every slot holds a client mid-request: refuse the newcomer
            return
        super().connection_made(transport)  # type: ignore[misc]
        if self.client is not None:
            self.client = (ipv4_of(self.client[0]), self.client[1])
        self.conns.open.add(self)
        self.conns.peers[self.peer] += 1
        self.await_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        self._stop_write_timer()
        conns = self.conns
        if self in conns.open:
            conns.open.discard(self)
            conns.peers[self.peer] -= 1
            if conns.peers[self.peer] <= 0:
                del conns.peers[self.peer]
        for group in (conns.idle, conns.waiting, conns.stalled):
            group.pop(self, None)
        if getattr(self, "transport", None) is not None:
            super().connection_lost(exc)  # type: ignore[misc]

    def data_received(self, data: bytes) -> None:
        if self._refusal:
            return  # a refused head: nothing more is read
        if self._timer_idle():
            self.await_head()  # the first bytes of the next request on a keep-alive connection
        self.feed(data)

    # ── the phases of a request, from guard_heads.py
    def await_head(self) -> None:
        self.conns.idle.pop(self, None)
        self.conns.waiting[self] = None
        self._start_timer(self.head_timeout_s)

    def head_seen(self) -> None:
        """A complete head the parser has not taken yet (pipelined): no longer a slow head."""
        self.conns.waiting.pop(self, None)
        self._stop_timer()

    def head_done(self) -> None:
        self.conns.waiting.pop(self, None)
        self._start_timer(self.body_timeout_s)

    def message_done(self) -> None:
        self._stop_timer()

    def refuse_head(self, answer: bytes) -> None:
        """Answer `answer` (the 431) and close; after the response under way, if one is (pipelining)."""
        self.conns.waiting.pop(self, None)
        self._stop_timer()
        if self.answering():
            self._refusal = answer
            self.transport.pause_reading()
            return
        self.transport.write(answer)
        self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self._refusal and not self.transport.is_closing():
            self.transport.write(self._refusal)
            self.transport.close()
            return
        if not self.transport.is_closing() and self._timer_idle() and not self.answering():
            self.conns.idle[self] = None  # between requests: the first to go when a newcomer needs room

    def answering(self) -> bool:
        """Whether a response is under way on this connection."""
        cycle = getattr(self, "cycle", None)
        return cycle is not None and not cycle.response_complete

    def _timer_idle(self) -> bool:
        """No head or body is being waited for (between requests, or a request being answered)."""
        return self._timer is None

    # ── the write side
    def pause_writing(self) -> None:
        super().pause_writing()  # type: ignore[misc]
        self.conns.stalled[self] = None
        self._unsent_at_check = self._unsent()
        self._write_timer = asyncio.get_running_loop().call_later(self.write_timeout_s, self._check_write)
        self._keep_budget()

    def resume_writing(self) -> None:
        self.conns.stalled.pop(self, None)
        self._stop_write_timer()
        super().resume_writing()  # type: ignore[misc]

    def _check_write(self) -> None:
        """Close a connection whose client read less than WRITE_PROGRESS_BYTES since the last check."""
        self._write_timer = None
        unsent = self._unsent()
        if self._unsent_at_check - unsent < min(WRITE_PROGRESS_BYTES, self._unsent_at_check):
            self._drop()
            return
        self._unsent_at_check = unsent
        self._write_timer = asyncio.get_running_loop().call_later(self.write_timeout_s, self._check_write)

    def _keep_budget(self) -> None:
        """Close the connections stalled the longest until the unsent bytes of the process fit the budget."""
        stalled = self.conns.stalled
        total = sum(conn._unsent() for conn in stalled)
        while total > self.buffer_budget and stalled:
            victim = next(iter(stalled))
            total -= victim._unsent()
            victim._drop()

    def _unsent(self) -> int:
        try:
            return int(self.transport.get_write_buffer_size())
        except (AttributeError, RuntimeError):
            return 0

    def _stop_write_timer(self) -> None:
        timer = getattr(self, "_write_timer", None)
        if timer is not None:
            timer.cancel()
            self._write_timer = None

    # ── timers, caps and eviction
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
        self._drop()

    def _drop(self) -> None:
        """Close now, unsent bytes discarded: a close would wait for a client that does not read, and the
        kernel would keep sending what it holds (megabytes) after it; a reset (linger 0) frees both."""
        for group in (self.conns.idle, self.conns.waiting, self.conns.stalled):
            group.pop(self, None)
        self._stop_timer()
        self._stop_write_timer()
        sock = self.transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, LINGER_0)
        self.transport.abort()

    def _room_for(self, peer: str) -> bool:
        """Whether a connection from `peer` fits, after evicting an idle or waiting one if it must."""
        conns = self.conns
        crowded = not self._trusted_peer(peer) and conns.peers[peer] >= self.max_per_peer
        if crowded and not self._evict(lambda conn: conn.peer == peer):
            return False
        return len(conns.open) < self.max_connections or self._evict(lambda conn: True)

    def _evict(self, whose: Any) -> bool:
        for group in (self.conns.idle, self.conns.waiting):
            victim = next((conn for conn in group if whose(conn)), None)
            if victim is not None:
                victim._drop()
                return True
        return False

    def _trusted_peer(self, peer: str) -> bool:
        cls = type(self)
        if cls._trusted is None:
            cls._trusted = trusted_hosts(os.environ.get("FORWARDED_ALLOW_IPS") or "")
        return peer in cls._trusted

    def __hash__(self) -> int:
        return id(self)

    def __eq__(self, other: Any) -> bool:
        return self is other


def trusted_hosts(spec: str) -> Any:
    """uvicorn's matcher of `--forwarded-allow-ips` (addresses, networks or *); empty: nobody."""
    if not spec.strip():
        return frozenset()
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    return ProxyHeadersMiddleware(app=None, trusted_hosts=spec).trusted_hosts  # type: ignore[arg-type]


class GuardedHTTP(Guard, BatchedWrites):
    """`crag-mock serve`'s protocol: the guard over uvicorn's own (httptools, else h11), batched writes."""


class GuardedH11(Guard, BatchedH11):  # type: ignore[misc]
    """The same over h11 (what `GuardedHTTP` is where httptools is not installed)."""
