"""Slow and huge request heads on real uvicorn with `crag-mock serve`'s protocol (GuardedHTTP): a bounded
slowloris (more attackers than the connection cap) is cut within the head timeout while a probe keeps being
answered, and a huge head is refused (431) before it is parsed. On uvicorn's own protocol the attackers stay
open for ever and a 1 MB header is answered 200. bench/bench_slow_clients.py gives the probe's latencies."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from mockapi.config.settings import Settings
from mockapi.http.app import create_app
from mockapi.process.guard import Connections, GuardedHTTP
from mockapi.process.loopback import serve_in_thread

ATTACKERS = 80


class SmallGuard(GuardedHTTP):
    max_connections = 40  # below the attackers: the cap and the eviction are exercised too
    conns = Connections()


@pytest.fixture(scope="module")
def server(tiny_world: Path) -> Iterator[tuple[str, int]]:
    with serve_in_thread(create_app(Settings(world=tiny_world)), http=SmallGuard) as url:
        parts = urlsplit(url)
        yield url, int(parts.port or 0)


def open_slowloris(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
    return sock


def closed(sock: socket.socket) -> bool:
    """Whether the server has closed this socket (EOF or reset), without waiting."""
    sock.setblocking(False)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def test_slowloris_is_cut_within_the_head_timeout_while_a_probe_is_served(server: tuple[str, int]) -> None:
    url, port = server
    attackers = [open_slowloris(port) for _ in range(ATTACKERS)]
    stop = threading.Event()

    def dribble() -> None:  # one more header line a second: never a complete head
        while not stop.wait(1.0):
            for sock in attackers:
                with contextlib.suppress(OSError):
                    sock.sendall(b"X-a: b\r\n")

    threading.Thread(target=dribble, daemon=True).start()
    statuses = []
    started = time.monotonic()
    try:
        while time.monotonic() - started < GuardedHTTP.head_timeout_s + 2:
            with httpx.Client(timeout=30) as probe:  # a fresh connection each time, as a new client
                statuses.append(probe.get(url + "/health").status_code)
            time.sleep(0.05)
        time.sleep(0.5)
        still_open = [s for s in attackers if not closed(s)]
    finally:
        stop.set()
        for sock in attackers:
            sock.close()
    assert statuses and set(statuses) == {200}
    assert still_open == []


def test_a_huge_head_is_refused_before_it_is_parsed(server: tuple[str, int]) -> None:
    _url, port = server
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        head = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (1 << 20) + b"\r\n\r\n"
        with contextlib.suppress(OSError):  # closed while we were still sending: also a refusal
            sock.sendall(head)
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except OSError:
            pass
    assert answer == b"" or answer.startswith(b"HTTP/1.1 431 ")


def test_a_head_just_under_the_cap_is_served(server: tuple[str, int]) -> None:
    url, _port = server
    big = "a" * (GuardedHTTP.max_head_bytes - 1024)
    assert httpx.get(url + "/health", headers={"X-Big": big}, timeout=30).status_code == 200
