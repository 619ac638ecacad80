"""`--access-log json`: one JSON line per request on stdout.

Each line is written with a single `os.write` on file descriptor 1: lines from several `--workers` share
stdout, and a write of one short line to a pipe or a file is not interleaved with another process's, where
Python's buffered `sys.stdout` could flush half a line.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

import orjson


class AccessLog:
    """Writes access-log lines through `write` (default: straight to file descriptor 1)."""

    def __init__(self, write: Callable[[bytes], Any] | None = None) -> None:
        self.write = write or (lambda line: os.write(1, line))

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
        entry: dict[str, Any] = {
            "time": datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
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
