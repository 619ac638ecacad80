"""The 32 KiB head cap on every head of a connection: a head pipelined right behind another request is
counted too (before: not counted, a 150 KB head was answered 200), and under h11 (`crag-mock serve` without
httptools) heads are counted per request, not per connection (before: a normal POST got 431 once ~32 KiB
had crossed one keep-alive connection), and an odd method name makes no metrics series of its own."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from guard_clients import post
from server_process import wait_healthy

from mockapi.config.settings import Settings
from mockapi.http.app import create_app
from mockapi.process.loopback import free_socket, serve_in_thread

GET = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
BIG_GET = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 150_000 + b"\r\n\r\n"
NO_HTTPTOOLS = "import sys; sys.modules['httptools'] = None; from mockapi.cli import main; sys.exit(main())"


def exchange(port: int, data: bytes) -> bytes:
    """Send `data` on one connection, then read until the server closes it (or goes quiet for 3 s)."""
    answer = b""
    with socket.create_connection(("127.0.0.1", port), timeout=3) as sock:
        with contextlib.suppress(OSError):
            sock.sendall(data)
        with contextlib.suppress(OSError):
            while chunk := sock.recv(65536):
                answer += chunk
    return answer


@pytest.fixture(scope="module", params=["httptools", "h11"])
def port(request: pytest.FixtureRequest, tiny_world: Path) -> Iterator[int]:
    """`crag-mock serve` as users run it, and the same with httptools hidden (uvicorn falls back to h11)."""
    if request.param == "httptools":
        from mockapi.process.guard import GuardedHTTP

        with serve_in_thread(create_app(Settings(world=tiny_world)), http=GuardedHTTP) as url:
            yield int(urlsplit(url).port or 0)
        return
    with free_socket() as sock:
        number = int(sock.getsockname()[1])
    cmd = [sys.executable, "-c", NO_HTTPTOOLS, "serve", "--data", str(tiny_world), "--port", str(number)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_healthy(f"http://127.0.0.1:{number}", proc)
        yield number
    finally:
        proc.terminate()
        proc.wait(timeout=60)


def test_a_big_head_pipelined_behind_a_request_is_refused(port: int) -> None:
    answer = exchange(port, GET + BIG_GET)
    assert answer.startswith(b"HTTP/1.1 200 ")
    assert answer.count(b"HTTP/1.1 200 ") == 1
    assert b"HTTP/1.1 431 " in answer or answer.count(b"HTTP/1.1 ") == 1


def test_small_pipelined_requests_are_all_served(port: int) -> None:
    body = b'{"query": "' + b"x" * 900 + b'"}'
    answer = exchange(
        port,
        post("/finance/get_info", body) * 3
        + GET * 3
        + GET.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n"),
    )
    assert answer.count(b"HTTP/1.1 200 ") == 7


def test_heads_are_counted_per_request_on_a_keep_alive_connection(port: int) -> None:
    """Twenty POSTs with 8 KB of headers on one connection: 160 KB crosses it, every head is small."""
    body, headers = {"query": "x" * 900}, {"X-Pad": "p" * 8_000}
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        statuses = [
            client.post("/finance/get_info", json=body, headers=headers).status_code for _ in range(20)
        ]
        big = client.get("/health", headers={"X-Big": "a" * 40_000})
    assert statuses == [200] * 20
    assert big.status_code == 431


def test_odd_method_names_make_no_series(port: int) -> None:
    base = f"http://127.0.0.1:{port}"
    methods = ["PROPFIND", "MKCOL", "PURGE", "LOCK", "SEARCH", "REPORT", "BREW", "X-CUSTOM-1", "X-CUSTOM-2"]
    with httpx.Client(base_url=base, timeout=30) as client:
        for method in methods:
            with contextlib.suppress(httpx.HTTPError):
                client.request(method, "/health")
                client.request(method, "/finance/get_info")
        page = client.get("/metrics").text
    series = [line for line in page.splitlines() if line.startswith("crag_http_requests_total{")]
    assert not any(method in line for line in series for method in methods), series
