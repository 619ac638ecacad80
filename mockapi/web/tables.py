"""`WebTables`: the read side of `<world>/web_serving/` (see mockapi/web/tables_build.py for the layout).

Lookups are positioned reads through KeyTable: no DuckDB in the process, so a server over a world with the
folder never imports it. A world without one (built before the folder existed, or by hand) gets it built
from pages.duckdb into a temp dir on open, removed on close, as serving/ is (mockapi/serving/service.py).
"""

from __future__ import annotations

import shutil
import tempfile
import zlib
from pathlib import Path
from typing import Any

import orjson

from mockapi.core.paths import PAGES_DB, WEB_SERVING_DIR
from mockapi.serving.tables.keytable import KeyTable
from mockapi.web.tables_build import build_web_tables, read_meta


class WebTables:
    """Exact-key lookups of the page store; safe to share between threads (KeyTable is)."""

    def __init__(self, world: Path) -> None:
        self._tmp: Path | None = None
        meta = read_meta(world)
        if meta is None:
            self._tmp = Path(tempfile.mkdtemp(prefix="crag-web-tables-"))
            try:
                meta = build_web_tables(world / PAGES_DB, self._tmp)
            except BaseException:
                shutil.rmtree(self._tmp, ignore_errors=True)
                raise
            world = self._tmp
        folder = world / WEB_SERVING_DIR
        self._tables = {name: KeyTable(folder, name) for name in meta["tables"]}
        example = meta.get("example")
        self.example: tuple[str, str] | None = (example[0], example[1]) if example else None
        """(interaction id, page URL) of the first frozen result, for the try-it bodies; None: no results."""

    def _get(self, table: str, key: str) -> bytes | None:
        found = self._tables.get(table)
        if found is None:  # a KeyTable would reopen its files: a closed store must not answer
            raise ValueError("the page store is closed")
        return found.get(key)

    def frozen_rows(self, interaction_id: str) -> list[list[Any]]:
        """[rank, page_id, page_name, page_url, page_snippet, page_last_modified] per result, by rank."""
        found = self._get("frozen", interaction_id)
        return orjson.loads(found) if found is not None else []

    def interaction_ids(self) -> list[str]:
        """Every question with a frozen list."""
        self._get("frozen", "")  # raises on a closed store
        return self._tables["frozen"].keys()

    def interaction_for_query(self, query: str) -> str | None:
        found = self._get("query", query)
        return found.decode("utf-8") if found is not None else None

    def at_url(self, url: str) -> list[Any] | None:
        """[page_id, page_name, page_snippet, page_last_modified] (names null if no result lists it)."""
        found = self._get("url", url)
        return orjson.loads(found) if found is not None else None

    def page(self, page_id: str) -> tuple[str, bytes] | None:
        """(kind, body) as stored in pages.body."""
        found = self._get("page", page_id)
        if found is None:
            return None
        kind, _, body = found.partition(b":")
        return kind.decode("ascii"), body

    def html_record(self, page_id: str) -> bytes | None:
        """The page rendered at build time, as stored (mockapi/web/html_store.py); None for a page (or a
        world built before the table) without one."""
        if "html" not in self._tables:
            return None
        return self._get("html", page_id)

    def text(self, page_id: str) -> str | None:
        """The first SCAN_CHARS characters of the page's visible text."""
        found = self._get("text", page_id)
        return zlib.decompress(found).decode("utf-8") if found is not None else None

    def close(self) -> None:
        for table in self._tables.values():
            table.close()
        self._tables = {}
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
