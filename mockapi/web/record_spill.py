"""Pages' stored records (mockapi/web/html_store.py), made in the build's pages stage, kept on disk until the
web tables take them.

The pages stage renders each page's skeleton for its HTML size anyway; its helpers make the page's record
from that same rendering, so the web tables need not render every page again (~0.8 ms a page). The records
(~30 KB a page) go to a file beside the world being built, not to memory: a train world's would run to GBs.

The web tables copy each record into `web_serving/` once, so the spill and that copy would together need
twice the records' size on disk at the end of the build (~24 GB each for a 20,000-question train world).
A record taken (`take`) gives its disk blocks back at once: each record starts on a block boundary, and its
blocks are punched out of the file (Linux `fallocate(PUNCH_HOLE)`; elsewhere, or on a file system without
it, they stay until `close`, as before). The unwritten tail of a record's last block is a hole, not zeros.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable
from pathlib import Path

BLOCK = 4096
"""Records start on multiples of this (a file system block), so punching one record frees whole blocks."""

_PUNCH_HOLE = 0x01 | 0x02  # FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE (linux/falloc.h)


def _fallocate() -> Callable[[int, int, int, int], int] | None:
    """libc's `fallocate`, on Linux only (the flags above are Linux's)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        call = ctypes.CDLL(None, use_errno=True).fallocate
    except (OSError, AttributeError):
        return None
    call.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int64, ctypes.c_int64]
    call.restype = ctypes.c_int
    return call


_FALLOCATE = _fallocate()


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
        self.punch = _FALLOCATE
        """None once punching failed (a file system without holes): records then stay until `close`."""

    def add(self, page_id: str, record: bytes) -> None:
        if page_id in self.at:
            return
        self.file.seek(self.end)  # past the last record's block tail: a hole, never written
        self.file.write(record)
        self.at[page_id] = (self.end, len(record))
        self.end += -(-len(record) // BLOCK) * BLOCK
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

    def take(self, page_id: str) -> bytes | None:
        """`get`, then the record is gone: its disk blocks freed (the web tables read each page once)."""
        record = self.get(page_id)
        if record is None:
            return None
        offset, length = self.at.pop(page_id)
        if self.punch is not None and length:
            blocks = -(-length // BLOCK) * BLOCK
            if self.punch(self.file.fileno(), _PUNCH_HOLE, offset, blocks) != 0:
                self.punch = None  # EOPNOTSUPP: this file system keeps them; so be it
        return record

    def close(self) -> None:
        self.file.close()
        self.path.unlink(missing_ok=True)
