"""Passages cut while the build renders its pages (mockapi/web/tables_build.py's `also`), kept in a file
beside the world being built until the passage index takes them, in its own order (pages by id).

The web tables' pass has each page's HTML in hand in a helper process; the passage index used to read every
stored rendering back, send it to a helper again, inflate it and decode its JSON string before parsing it:
about a third of that stage's CPU, and the whole of the world's renderings (~1 GB on the default world)
through the pipes a second time.
"""

from __future__ import annotations

import os
import pickle
from pathlib import Path

from mockapi.retrieve.passages import html_passages
from mockapi.web.tables_build import Also


class KeptPassages:
    """Passages by page id, in an append-only file (removed on close); offsets in memory."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
        self.end = 0
        self.at: dict[str, tuple[int, int]] = {}

    def also(self) -> Also:
        """The hook build_web_tables takes: cut each page's passages, keep them here."""
        return html_passages, self.put

    def put(self, page_id: str, passages: list[str]) -> None:
        data = pickle.dumps(passages, protocol=pickle.HIGHEST_PROTOCOL)
        os.pwrite(self.fd, data, self.end)
        self.at[page_id] = (self.end, len(data))
        self.end += len(data)

    def get(self, page_id: str) -> list[str] | None:
        """The page's passages, or None when it was not kept."""
        if page_id not in self.at:
            return None
        offset, size = self.at[page_id]
        found: list[str] = pickle.loads(os.pread(self.fd, size, offset))  # our own file, written just now
        return found

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
        self.path.unlink(missing_ok=True)

    def __enter__(self) -> KeptPassages:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
