"""Pages' stored records (mockapi/web/html_store.py), made in the build's pages stage, kept on disk until the
web tables take them.

The pages stage renders each page's skeleton for its HTML size anyway; its helpers make the page's record
from that same rendering, so the web tables need not render every page again (~0.8 ms a page). The records
(~30 KB a page) go to a file beside the world being built, not to memory: a train world's would run to GBs.
"""

from __future__ import annotations

import os
from pathlib import Path


class RecordSpill:
    """Records by page id in one file, appended as they come; the first record of an id is kept (a page id
    is a content address: every record of it is the same bytes). Deleted by `close`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file = path.open("w+b")
        self.at: dict[str, tuple[int, int]] = {}
        """Page id → (offset, length) of its record."""
        self.end = 0
        self.unflushed = False

    def add(self, page_id: str, record: bytes) -> None:
        if page_id in self.at:
            return
        self.file.write(record)
        self.at[page_id] = (self.end, len(record))
        self.end += len(record)
        self.unflushed = True

    def get(self, page_id: str) -> bytes | None:
        """The record of `page_id`, or None when none came."""
        where = self.at.get(page_id)
        if where is None:
            return None
        if self.unflushed:
            self.file.flush()
            self.unflushed = False
        return os.pread(self.file.fileno(), where[1], where[0])

    def close(self) -> None:
        self.file.close()
        self.path.unlink(missing_ok=True)
