"""The reference the web key tables are checked against: /web/* answered by per-key DuckDB queries over
pages.duckdb (the store of record), as the server did before web_serving/ existed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb
import orjson

from mockapi.web.html_store import page_html
from mockapi.web.page_store import entry
from mockapi.web.snippet import SCAN_CHARS

FROZEN_SQL = """
SELECT rank, page_id, page_name, page_url, page_snippet, page_last_modified
FROM results WHERE interaction_id = ? ORDER BY rank
"""
PAGES_AT_URL_SQL = "SELECT page_id FROM pages WHERE url = ? ORDER BY page_id"
RESULTS_AT_URL_SQL = """
SELECT page_id, page_name, page_snippet, page_last_modified FROM results WHERE page_url = ?
ORDER BY last_modified_ts DESC NULLS LAST, interaction_id, rank, page_id
"""


class SqlPages:
    def __init__(self, pages_db: Path) -> None:
        self.con = duckdb.connect(str(pages_db), read_only=True)

    def close(self) -> None:
        self.con.close()

    def column(self, sql: str) -> list[Any]:
        return [row[0] for row in self.con.execute(sql).fetchall()]

    def interaction_for_query(self, query: str) -> str | None:
        row = self.con.execute("SELECT min(interaction_id) FROM queries WHERE query = ?", [query]).fetchone()
        return row[0] if row else None

    def frozen_rows(self, interaction_id: str) -> list[list[Any]]:
        return [list(row) for row in self.con.execute(FROZEN_SQL, [interaction_id]).fetchall()]

    def html_of(self, page_ids: list[str]) -> dict[str, str]:
        rows = self.con.execute(
            "SELECT DISTINCT ON (page_id) page_id, kind, body FROM pages WHERE page_id IN ?",
            [list(set(page_ids))],
        ).fetchall()
        return {page_id: page_html(kind, body) for page_id, kind, body in rows}

    def text(self, page_id: str) -> str | None:
        row = self.con.execute(
            "SELECT substr(text, 1, ?) FROM pages WHERE page_id = ? LIMIT 1", [SCAN_CHARS, page_id]
        ).fetchone()
        return row[0] if row else None

    def search_body(self, interaction_id: str, include_html: bool = True) -> bytes:
        """`/web/search {"interaction_id": …}` (k=50, no task view)."""
        rows = self.frozen_rows(interaction_id)
        html = self.html_of([row[1] for row in rows]) if include_html else {}
        out = []
        for rank, page_id, name, url, snippet, last_modified in rows:
            item = entry(name, url, snippet, html.get(page_id, "") if include_html else None, last_modified)
            item["rank"] = rank
            out.append(item)
        return orjson.dumps({"result": out})

    def get_page_body(self, url: str) -> bytes:
        """`/web/get_page {"url": …}`."""
        page_ids = [row[0] for row in self.con.execute(PAGES_AT_URL_SQL, [url]).fetchall()]
        if not page_ids:
            return orjson.dumps({"result": None})
        stored = set(page_ids)
        listed = (row for row in self.con.execute(RESULTS_AT_URL_SQL, [url]).fetchall() if row[0] in stored)
        page_id, name, snippet, last_modified = next(listed, (page_ids[0], None, None, None))
        html = self.html_of([page_id])[page_id]
        found = entry(url if name is None else name, url, snippet or "", html, last_modified or "")
        return orjson.dumps({"result": found})
