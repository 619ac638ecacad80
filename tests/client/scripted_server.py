"""A stdlib HTTP server on loopback that records every request and answers from a script: a status with a
body and headers, a dropped connection, or a slow answer. Used to test retries and the CRAG wire format
without patching any HTTP library."""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    """One scripted answer. `drop=True` closes the connection without answering; `delay` sleeps first."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    drop: bool = False
    delay: float = 0.0
    raw: bytes | None = None
    content_type: str = "application/json"

    def payload(self) -> bytes:
        if self.raw is not None:
            return self.raw
        return json.dumps(self.body).encode()


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    client_port: int


class ScriptedServer:
    """Replies come from `script` in order; when it is empty, `default` answers (200 {"result": "ok"})."""

    def __init__(self) -> None:
        self.requests: list[Recorded] = []
        self.script: deque[Reply] = deque()
        self.default = Reply(body={"result": "ok"})
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}"
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.02,), daemon=True)

    def queue(self, *replies: Reply) -> None:
        self.script.extend(replies)

    def start(self) -> ScriptedServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def _next(self) -> Reply:
        with self._lock:
            return self.script.popleft() if self.script else self.default

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                headers = {k.lower(): v for k, v in self.headers.items()}
                with server._lock:
                    server.requests.append(Recorded("POST", self.path, headers, body, self.client_address[1]))
                    server.in_flight += 1
                    server.max_in_flight = max(server.max_in_flight, server.in_flight)
                try:
                    self._answer(server._next())
                finally:
                    with server._lock:
                        server.in_flight -= 1

            def _answer(self, reply: Reply) -> None:
                if reply.delay:
                    time.sleep(reply.delay)
                if reply.drop:
                    self.close_connection = True
                    return
                payload = reply.payload()
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", reply.content_type)
                    self.send_header("content-length", str(len(payload)))
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True

        return Handler


class SleepRecorder:
    """Stands in for time.sleep / asyncio.sleep: records the waits instead of waiting."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)

    async def asleep(self, seconds: float) -> None:
        self.waits.append(seconds)


def serve() -> Iterator[ScriptedServer]:
    server = ScriptedServer().start()
    try:
        yield server
    finally:
        server.stop()
