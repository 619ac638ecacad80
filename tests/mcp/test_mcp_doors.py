"""`crag-mock mcp` against hostile callers. HTTP on 0.0.0.0, as a user exposing it would run it: a foreign
Host gets 421 and a foreign Origin 403, on /mcp and on the plain API beside it; a 20 MB header gets 431
(the guarded protocol); X-Client-Id is ignored without --trust-client-id; the admin token comes from a file.
stdio: a malformed line gets a JSON-RPC error and a line over the cap is refused unkept, and the session
goes on. Before: all of it answered 200 or nothing at all."""

from __future__ import annotations

import contextlib
import json
import os
import select
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from mockapi.process.loopback import free_socket

TOKEN = "door-test-token"
CLIENT = {"name": "t", "version": "1"}
INIT = {"jsonrpc": "2.0", "id": 7, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": CLIENT}}  # fmt: skip


@pytest.fixture(scope="module")
def mcp_http(tiny_world: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    token_file = tmp_path_factory.mktemp("mcp") / "token"
    token_file.write_text(TOKEN + "\n")
    with free_socket() as sock:
        port = int(sock.getsockname()[1])
    cmd = [sys.executable, "-m", "mockapi.cli", "mcp", "--data", str(tiny_world), "--transport", "http",
           "--host", "0.0.0.0", "--port", str(port), "--admin-token-file", str(token_file)]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300  # a guard against a hung start, not a speed check
        while time.monotonic() < deadline and proc.poll() is None:
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                    break
            time.sleep(0.2)
        assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
        yield base, port
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.mark.parametrize("path", ["/mcp", "/health", "/finance/get_info"])
def test_foreign_host_421_and_foreign_origin_403(mcp_http: tuple[str, int], path: str) -> None:
    base, port = mcp_http
    headers = {"accept": "application/json, text/event-stream"}
    foreign_host = httpx.post(base + path, json=INIT, headers={**headers, "host": f"evil.example:{port}"})
    foreign_origin = httpx.post(base + path, json=INIT, headers={**headers, "origin": "http://evil.example"})
    assert (foreign_host.status_code, foreign_host.json()["type"]) == (421, "misdirected")
    assert (foreign_origin.status_code, foreign_origin.json()["type"]) == (403, "forbidden")
    own = httpx.get(
        f"{base}/health", headers={"origin": f"http://localhost:{port}", "host": f"localhost:{port}"}
    )
    assert own.status_code == 200


def test_a_20_mb_header_gets_431(mcp_http: tuple[str, int]) -> None:
    _base, port = mcp_http
    answer = b""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        with contextlib.suppress(OSError):  # closed while we were still sending: refused too
            sock.sendall(
                b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * (20 << 20) + b"\r\n\r\n"
            )
        with contextlib.suppress(OSError):
            while chunk := sock.recv(65536):
                answer += chunk
    assert answer == b"" or answer.startswith(b"HTTP/1.1 431 ")
    assert not answer.startswith(b"HTTP/1.1 200")


def test_client_id_is_ignored_and_the_token_comes_from_a_file(mcp_http: tuple[str, int]) -> None:
    base, _port = mcp_http
    assert httpx.post(
        f"{base}/open/get_entity", json={"query": "x"}, headers={"x-client-id": "spoof"}
    ).is_success
    journal = httpx.get(f"{base}/admin/journal", params={"since": 0, "limit": 1000},
                        headers={"authorization": f"Bearer {TOKEN}"})  # fmt: skip
    assert journal.status_code == 200
    clients = {e["client"] for e in journal.json()["entries"] if e["route"] == "/open/get_entity"}
    assert clients == {"127.0.0.1"}


def _read_line(proc: subprocess.Popen[bytes], timeout: float = 120.0) -> dict[str, Any]:
    """One line of the server's stdout (a guard against a hang, not a speed check)."""
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    assert ready, "no answer on stdout"
    return dict(json.loads(proc.stdout.readline()))


def test_stdio_answers_bad_lines_with_json_rpc_errors(tiny_world: Path) -> None:
    cmd = [sys.executable, "-m", "mockapi.cli", "mcp", "--data", str(tiny_world)]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=dict(os.environ))  # fmt: skip
    assert proc.stdin is not None
    try:
        proc.stdin.write(b"this is not json\n")
        proc.stdin.flush()
        parse = _read_line(proc)
        proc.stdin.write(b'{"id": 3, "hello": "world"}\n')
        proc.stdin.flush()
        invalid = _read_line(proc)
        proc.stdin.write(
            b'{"jsonrpc": "2.0", "id": 4, "method": "x", "params": "' + b"a" * (6 << 20) + b'"}\n'
        )
        proc.stdin.flush()
        too_long = _read_line(proc)
        proc.stdin.write(json.dumps(INIT).encode() + b"\n")
        proc.stdin.flush()
        initialized = _read_line(proc)
    finally:
        proc.stdin.close()
        proc.terminate()
        proc.wait(timeout=30)
    assert parse == {
        "jsonrpc": "2.0",
        "id": None,
        "error": {"code": -32700, "message": parse["error"]["message"]},
    }
    assert (invalid["id"], invalid["error"]["code"]) == (3, -32600)
    assert (too_long["id"], too_long["error"]["code"]) == (None, -32600)
    assert initialized["id"] == 7 and "result" in initialized
