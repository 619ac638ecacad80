"""Raw-socket clients of the guard tests (tests/hardening/test_idle_clients.py, test_pipelined_heads.py):
keep-alive clients that go quiet, readers that never read, and whether the server has closed a socket."""

from __future__ import annotations

import contextlib
import socket
import struct
import time

ESTABLISHED = 1  # tcpi_state in Linux's struct tcp_info


def keep_alive(port: int, source: str = "127.0.0.1") -> socket.socket:
    """A connection that sent one GET /health, read its answer (when the server gave one) and went quiet."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(source, 0))
    with contextlib.suppress(OSError):
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = b""
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        length = int(next((line.split(b":")[1] for line in head.split(b"\r\n")
                           if line.lower().startswith(b"content-length:")), b"0"))  # fmt: skip
        while len(body) < length and (chunk := sock.recv(4096)):
            body += chunk
    return sock


def never_reads(port: int, request: bytes) -> socket.socket:
    """A connection with a tiny receive buffer that sends `request` and reads nothing."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connecting: the window stays small
    sock.settimeout(30)
    sock.connect(("127.0.0.1", port))
    sock.sendall(request)
    return sock


def server_closed(sock: socket.socket) -> bool:
    """Whether the peer has closed or reset this connection, whatever is still unread in our buffer."""
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 8)
    except OSError:
        return True
    return bool(struct.unpack("B", info[:1])[0] != ESTABLISHED)


def wait_closed(socks: list[socket.socket], want: int, deadline_s: float) -> int:
    """Poll until `want` of `socks` are closed by the server or `deadline_s` passes; how many are closed.
    (A deadline against a hang, not a speed check: the servers here close within seconds.)"""
    end = time.monotonic() + deadline_s
    while True:
        closed = sum(server_closed(s) for s in socks)
        if closed >= want or time.monotonic() > end:
            return closed
        time.sleep(0.1)


def post(path: str, body: bytes) -> bytes:
    return (
        b"POST " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n"
        + b"content-length: %d\r\n\r\n" % len(body) + body
    )  # fmt: skip
