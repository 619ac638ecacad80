"""Read side of the page store (pages.duckdb + index/): frozen results, pages by URL, page HTML, search.

Opened once per process, read-only; each call takes its own DuckDB cursor, so threads can share it.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from mockapi.paths import INDEX_DIR, PAGES_DB
from mockapi.web.index import PageIndex
from mockapi.web.snippet import SCAN_CHARS, make_snippet, query_terms
from mockapi.world.manifest import read_manifest_or_empty

Entry = dict[str, Any]

FROZEN_SQL = """
SELECT rank, page_id, page_name, page_url, page_snippet, page_last_modified
FROM results WHERE interaction_id = ? ORDER BY rank
"""
PAGE_BY_URL_SQL = """
SELECT p.page_id, coalesce(r.page_name, p.url), coalesce(r.page_snippet, ''),
       coalesce(r.page_last_modified, '')
FROM pages p LEFT JOIN results r ON r.page_id = p.page_id AND r.page_url = p.url
WHERE p.url = ?
ORDER BY r.last_modified_ts DESC NULLS LAST, r.interaction_id, r.rank, p.page_id
LIMIT 1
"""


@dataclass(frozen=True)
class Frozen:
    """One frozen search result of a known question (no HTML yet)."""

    rank: int
    page_id: str
    page_name: str
    page_url: str
    page_snippet: str
    page_last_modified: str


def page_html(kind: str, body: bytes) -> str:
    """The served HTML of a stored page: raw pages byte-identical, spec pages rendered."""
    data = zlib.decompress(body)
    if kind == "raw":
        return data.decode("utf-8")
    if kind == "spec":
        # Imported lazily: the renderer pulls in Jinja2 templates that raw-only worlds never need.
        from mockapi.web.render import render_page

        return render_page(json.loads(data))
    raise ValueError(f"unknown page kind {kind!r}")


def entry(name: str, url: str, snippet: str, html: str | None, last_modified: str) -> Entry:
    """A result entry with CRAG's five keys in CRAG's order."""
    return {
        "page_name": name,
        "page_url": url,
        "page_snippet": snippet,
        "page_result": html,
        "page_last_modified": last_modified,
    }


class WebStore:
    """Everything /web/* serves, over one world directory."""

    def __init__(self, world_dir: Path) -> None:
        self.world_dir = world_dir
        import duckdb  # here: a world without pages never loads it

        self._con = duckdb.connect(str(world_dir / PAGES_DB), read_only=True)
        self._con.execute("SET temp_directory = ''")  # never spill into the (read-only) world directory
        self._index = PageIndex(world_dir) if (world_dir / INDEX_DIR).is_dir() else None
        # seeds the Task 1/2 pick; '' when the manifest is missing or unreadable
        self.content_hash = read_manifest_or_empty(world_dir).content_hash or ""

    def close(self) -> None:
        """Release the DuckDB file and the index's shadow directory."""
        self._con.close()
        if self._index is not None:
            self._index.close()

    def interaction_for_query(self, query: str) -> str | None:
        """The interaction id whose question text is exactly `query` (the smallest id if several)."""
        row = (
            self._con.cursor()
            .execute("SELECT min(interaction_id) FROM queries WHERE query = ?", [query])
            .fetchone()
        )
        return row[0] if row else None

    def examples(self) -> dict[str, dict[str, Any]]:
        """Try-it bodies for /meta and /docs: the first known question's search and its top page's URL."""
        frozen = self._con.cursor().execute(
            "SELECT interaction_id, page_url FROM results ORDER BY interaction_id, rank LIMIT 1"
        )
        row = frozen.fetchone()
        if row is None:
            return {}
        return {
            "/web/search": {"interaction_id": row[0], "k": 5, "include_html": False},
            "/web/get_page": {"url": row[1]},
        }

    def frozen(self, interaction_id: str) -> list[Frozen]:
        """A known question's results in rank order; [] for an unknown id."""
        rows = self._con.cursor().execute(FROZEN_SQL, [interaction_id]).fetchall()
        return [Frozen(*row) for row in rows]

    def html_of(self, page_ids: list[str]) -> dict[str, str]:
        """Served HTML per page id."""
        if not page_ids:
            return {}
        rows = (
            self._con.cursor()
            .execute(
                "SELECT DISTINCT ON (page_id) page_id, kind, body FROM pages WHERE page_id IN ?",
                [list(set(page_ids))],
            )
            .fetchall()
        )
        return {page_id: page_html(kind, body) for page_id, kind, body in rows}

    def entries(self, frozen: list[Frozen], include_html: bool) -> list[Entry]:
        """Frozen results as wire entries (with rank), HTML included on request."""
        html = self.html_of([f.page_id for f in frozen]) if include_html else {}
        out = []
        for f in frozen:
            item = entry(
                f.page_name, f.page_url, f.page_snippet, html.get(f.page_id, ""), f.page_last_modified
            )
            if not include_html:
                item["page_result"] = None
            item["rank"] = f.rank
            out.append(item)
        return out

    def page_by_url(self, url: str) -> Entry | None:
        """The stored page at `url` (its latest dated version if several), or None."""
        row = self._con.cursor().execute(PAGE_BY_URL_SQL, [url]).fetchone()
        if row is None:
            return None
        page_id, name, snippet, last_modified = row
        return entry(name, url, snippet, self.html_of([page_id])[page_id], last_modified)

    def search(self, query: str, k: int, cutoff: datetime | None, include_html: bool) -> list[Entry]:
        """Free-text search over the whole corpus: BM25 hits with fresh snippets."""
        if self._index is None:
            return []
        hits = self._index.search(query, k, cutoff)
        if not hits:
            return []
        texts = dict(
            self._con.cursor()
            .execute(
                "SELECT page_id, substr(text, 1, ?) FROM pages WHERE page_id IN ?",
                [SCAN_CHARS, list({h.page_id for h in hits})],
            )
            .fetchall()
        )
        html = self.html_of([h.page_id for h in hits]) if include_html else {}
        terms = query_terms(query)
        out = []
        for rank, hit in enumerate(hits, start=1):
            snippet = make_snippet(texts.get(hit.page_id, ""), terms)
            item = entry(
                hit.name, hit.url, snippet, html.get(hit.page_id) if include_html else None, hit.last_modified
            )
            item["rank"] = rank
            out.append(item)
        return out
