"""`crag-mock serve`'s HTTP protocol (mockapi/process/batched_writes.py) sends the same bytes as uvicorn's
own, in one write per loop turn: one-shot, streamed, empty and HEAD responses, pipelined keep-alive requests,
close."""

from __future__ import annotations

import asyncio
import re
import socket
from typing import Any
from urllib.parse import urlparse

from mockapi.process.batched_writes import BatchedWrites
from mockapi.process.loopback import serve_in_thread


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    await receive()
    path = scope["path"]
    if path == "/stream":
        await send(
            {"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]}
        )
        for part in (b"one,", b"two,", b"three"):
            await send({"type": "http.response.body", "body": part, "more_body": True})
            await asyncio.sleep(0.01)  # each part in its own loop turn
        await send({"type": "http.response.body", "body": b""})
        return
    status = 204 if path == "/empty" else 200
    body = b"" if status == 204 else b'{"result":"' + path.encode() + b'"}'
    headers = [(b"content-length", str(len(body)).encode())] if status != 204 else []
    if path == "/close":
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


REQUESTS = (
    b"GET /a HTTP/1.1\r\nHost: x\r\n\r\n"
    b"POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"
    b"HEAD /c HTTP/1.1\r\nHost: x\r\n\r\n"
    b"GET /empty HTTP/1.1\r\nHost: x\r\n\r\n"
    b"GET /stream HTTP/1.1\r\nHost: x\r\n\r\n"
    b"GET /close HTTP/1.1\r\nHost: x\r\n\r\n"
)


def _exchange(url: str) -> bytes:
    """Every byte the server sends for the pipelined REQUESTS, until it closes (after /close)."""
    address = urlparse(url)
    assert address.port is not None
    with socket.create_connection((address.hostname, address.port), timeout=10) as sock:
        sock.sendall(REQUESTS)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    return re.sub(rb"date: [^\r]*\r\n", b"", received)


def test_same_bytes_as_uvicorns_own_protocol() -> None:
    with serve_in_thread(app, lifespan="off") as plain_url:
        plain = _exchange(plain_url)
    with serve_in_thread(app, lifespan="off", http=BatchedWrites) as batched_url:
        batched = _exchange(batched_url)
    assert plain.count(b"HTTP/1.1 ") == 6
    assert b"one,\r\n" in plain and b'{"result":"/close"}' in plain
    assert batched == plain
