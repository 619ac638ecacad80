"""`--access-log json`: one JSON line per request on stdout.

Each line is written with a single `os.write` on file descriptor 1: lines from several `--workers` share
stdout, and a write of one short line to a pipe or a file is not interleaved with another process's, where
Python's buffered `sys.stdout` could flush half a line.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

import orjson
from typing_extensions import NotRequired, TypedDict


class AccessLogEntry(TypedDict):
    """One line of the access log (JSON Lines), keys in this order."""

    time: str
    method: str
    path: str
    route: str
    status: int
    latency_ms: float
    bytes: int
    peer: str | None
    team: str | None
    interaction_id: str | None
    fault: NotRequired[str]
    """Only for a request the simulator faulted."""


class AccessLog:
    """Writes access-log lines through `write` (default: straight to file descriptor 1)."""

    def __init__(self, write: Callable[[bytes], Any] | None = None) -> None:
        self.write = write or (lambda line: os.write(1, line))
        self._second = -1
        self._stamp = ""

    def _time(self) -> str:
        """ISO 8601 UTC with milliseconds; the part up to the second is formatted once a second (a
        datetime per line cost more than the rest of the line)."""
        now = time.time()
        second = int(now)
        if second != self._second:
            self._second = second
            self._stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second))
        return f"{self._stamp}.{int((now - second) * 1000):03d}Z"

    def request(
        self,
        *,
        method: str,
        path: str,
        route: str,
        status: int,
        seconds: float,
        nbytes: int,
        peer: str | None,
        team: str,
        interaction_id: str | None,
        fault: str | None,
    ) -> None:
        entry: AccessLogEntry = {
            "time": self._time(),
            "method": method,
            "path": path,
            "route": route,
            "status": status,
            "latency_ms": round(seconds * 1000, 3),
            "bytes": nbytes,
            "peer": peer,
            "team": team or None,
            "interaction_id": interaction_id,
        }
        if fault is not None:
            entry["fault"] = fault
        self.write(orjson.dumps(entry) + b"\n")
