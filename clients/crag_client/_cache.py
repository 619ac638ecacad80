"""An opt-in in-memory cache of successful responses, keyed by path and canonical JSON body."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any


def cache_key(path: str, body: Any) -> str:
    """`path` + the body as canonical JSON (sorted keys, compact), so equal calls share one entry."""
    canonical = "" if body is None else json.dumps(body, sort_keys=True, separators=(",", ":"))
    return f"{path}\n{canonical}"


class ResponseCache:
    """A thread-safe LRU of raw response bodies (bytes); each hit is decoded afresh, so callers may mutate
    what they get back without corrupting the cache. `maxsize=None` keeps everything."""

    def __init__(self, maxsize: int | None = 4096) -> None:
        self.maxsize = maxsize
        self.hits = 0
        self.misses = 0
        self._entries: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        """The cached body for `key`, or None (counted as a miss)."""
        with self._lock:
            content = self._entries.get(key)
            if content is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return content

    def put(self, key: str, content: bytes) -> None:
        """Store a body, evicting the least recently used entry when full."""
        with self._lock:
            self._entries[key] = content
            self._entries.move_to_end(key)
            if self.maxsize is not None:
                while len(self._entries) > self.maxsize:
                    self._entries.popitem(last=False)

    def clear(self) -> None:
        """Drop every entry and reset the counters."""
        with self._lock:
            self._entries.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)
