"""Idle keep-alive clients, greedy addresses and clients that never read, on real uvicorn with `crag-mock
serve`'s protocol (GuardedHTTP) shrunk to small caps: idle keep-alive connections over the cap make room for
a newcomer (before: the newcomer was refused while they idled), one address holds at most its share, and a
response nobody reads is dropped after the write timeout, or sooner when the process's unsent bytes pass
the budget (before: held for ever). A 50-page search with HTML is streamed: a client that never reads it
leaves a chunk or two unsent on the server, not the 15 MB body (before: the whole body, until the write
timeout). bench/bench_slow_clients.py gives the figures at full size."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from guard_clients import keep_alive, never_reads, post, server_closed, wait_closed

from mockapi.config.settings import Settings
from mockapi.http.app import create_app
from mockapi.process.guard import Connections, GuardedHTTP, trusted_hosts
from mockapi.process.loopback import serve_in_thread


@contextmanager
def guarded(world: Path, protocol: type[GuardedHTTP]) -> Iterator[tuple[str, int]]:
    app = create_app(Settings(world=world))
    with serve_in_thread(app, http=protocol, timeout_keep_alive=75) as url:  # crag-mock serve's 75 s
        yield url, int(urlsplit(url).port or 0)


class SmallCap(GuardedHTTP):
    max_connections = 30
    conns = Connections()


class PeerCap(GuardedHTTP):
    max_per_peer = 10
    conns = Connections()
    _trusted = trusted_hosts("127.0.0.4")  # a proxy: exempt


class SlowRead(GuardedHTTP):
    write_timeout_s = 1.0
    conns = Connections()


class SmallBudget(GuardedHTTP):
    write_timeout_s = 600.0  # only the budget can close them within the test
    buffer_budget = 20 << 20  # over one whole 16 MB body, under two
    conns = Connections()


class Stalled(GuardedHTTP):
    write_timeout_s = 600.0  # the reader stays stalled while the test looks at it
    conns = Connections()


BIG = 16 << 20


async def whole_body(scope: dict[str, Any], receive: object, send: Any) -> None:
    """A 16 MB answer built whole, as the largest /retrieve batches are (up to 40,960 passages)."""
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"%d" % BIG)]})
    await send({"type": "http.response.body", "body": b"x" * BIG})


def test_idle_keep_alive_connections_over_the_cap_make_room_for_a_newcomer(tiny_world: Path) -> None:
    with guarded(tiny_world, SmallCap) as (url, port):
        idle = [keep_alive(port) for _ in range(45)]
        try:
            statuses = [httpx.get(url + "/health", timeout=30).status_code for _ in range(5)]
            oldest, newest = server_closed(idle[0]), server_closed(idle[-1])
        finally:
            for sock in idle:
                sock.close()
    assert statuses == [200] * 5
    assert oldest and not newest  # the longest idle went first


def test_one_address_holds_at_most_its_share(tiny_world: Path) -> None:
    with guarded(tiny_world, PeerCap) as (_url, port):
        greedy = [keep_alive(port, "127.0.0.2") for _ in range(15)]
        proxy = [keep_alive(port, "127.0.0.4") for _ in range(15)]
        other = keep_alive(port, "127.0.0.3")
        try:
            greedy_open = sum(not server_closed(s) for s in greedy)
            proxy_open = sum(not server_closed(s) for s in proxy)
            other_open = not server_closed(other)
        finally:
            for sock in [*greedy, *proxy, other]:
                sock.close()
    assert (greedy_open, proxy_open, other_open) == (10, 15, True)


def _search(url: str) -> bytes:
    body = httpx.get(url + "/meta").json()["examples"]["/web/search"]
    return post("/web/search", json.dumps(dict(body, k=50, include_html=True)).encode())


def test_a_response_nobody_reads_is_dropped_after_the_write_timeout(tiny_world: Path) -> None:
    with guarded(tiny_world, SlowRead) as (url, port):
        sock = never_reads(port, _search(url))
        try:
            closed = wait_closed([sock], 1, 90.0)
            served = httpx.get(url + "/health").status_code
        finally:
            sock.close()
    assert closed == 1 and served == 200


def test_unsent_bytes_over_the_budget_drop_the_longest_stalled() -> None:
    with serve_in_thread(whole_body, lifespan="off", http=SmallBudget) as url:
        port = int(urlsplit(url).port or 0)
        request = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        readers = []
        try:
            for _ in range(3):
                readers.append(never_reads(port, request))
            closed = wait_closed(readers, 2, 90.0)
            last_open = not server_closed(readers[-1])
        finally:
            for sock in readers:
                sock.close()
    assert closed == 2 and last_open


def test_a_search_nobody_reads_leaves_a_chunk_unsent_not_the_body(tiny_world: Path) -> None:
    with guarded(tiny_world, Stalled) as (url, port):
        sock = never_reads(port, _search(url))
        try:
            deadline = time.monotonic() + 90  # against a hang: the stall comes within a second
            while not Stalled.conns.stalled and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(0.5)  # a stream that went on past the stall would now have more unsent
            unsent = [conn._unsent() for conn in list(Stalled.conns.stalled)]
        finally:
            sock.close()
    assert len(unsent) == 1
    assert unsent[0] < 1 << 20  # two 64 KiB chunks and the transport's 64 KiB mark; the body is 15 MB
