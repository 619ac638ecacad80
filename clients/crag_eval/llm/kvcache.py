"""A tiny SQLite key → JSON store, shared by the judge's verdict cache and the --llm-cache of the system
under test's calls."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path


class Cache:
    """A tiny SQLite key → JSON store, safe across threads and processes."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._lock = threading.Lock()
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            with self._connect() as con:
                con.execute("CREATE TABLE IF NOT EXISTS verdicts (key TEXT PRIMARY KEY, value TEXT NOT NULL)")

    def _connect(self) -> sqlite3.Connection:
        assert self.path is not None
        return sqlite3.connect(self.path, timeout=30)

    def get(self, key: str) -> dict[str, str] | None:
        if self.path is None:
            return None
        with self._lock, self._connect() as con:
            row = con.execute("SELECT value FROM verdicts WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def put(self, key: str, value: dict[str, str]) -> None:
        if self.path is None:
            return
        with self._lock, self._connect() as con:
            con.execute("INSERT OR REPLACE INTO verdicts VALUES (?, ?)", (key, json.dumps(value)))
