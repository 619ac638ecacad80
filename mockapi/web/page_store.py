"""Read side of the page store: frozen results, pages by URL, page HTML, search.

Exact keys (an interaction id, a query text, a URL, a page id) are answered from the key tables of
`web_serving/` (mockapi/web/tables.py), built from pages.duckdb at build/import time: no DuckDB in the
server process. Free-text search asks the tantivy index (index/) for candidates.
Opened once per process, read-only; safe to share between threads.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import orjson
from pydantic import JsonValue

from mockapi.core.paths import INDEX_DIR
from mockapi.formats.manifest import read_manifest_or_empty
from mockapi.web.body_stream import gzip_chunks, gzip_length, identity_chunks, identity_length
from mockapi.web.html_store import Entry, PageRef, Piece, inflate, page_html, result_pieces
from mockapi.web.index import PageIndex
from mockapi.web.page_frames import frames
from mockapi.web.snippet import make_snippet, query_terms
from mockapi.web.tables import WebTables
from mockapi.web.taskview import view_for_task
from mockapi.wire.web import GET_PAGE, SEARCH


@dataclass(frozen=True)
class Frozen:
    """One frozen search result of a known question (no HTML yet)."""

    rank: int
    page_id: str
    page_name: str
    page_url: str
    page_snippet: str
    page_last_modified: str


@dataclass(frozen=True)
class Body:
    """A response body to stream (mockapi/web/body_stream.py): its length, for Content-Length, then its
    bytes chunk by chunk, each page read from the store when the body reaches it."""

    length: int
    chunks: Iterator[bytes]


@dataclass(frozen=True)
class ViewPages:
    """Pages shown by the questions: both keys, since identical HTML under two URLs shares a page id."""

    page_ids: frozenset[str]
    urls: frozenset[str]


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
        self._tables = WebTables(world_dir)
        self._index = PageIndex(world_dir) if (world_dir / INDEX_DIR).is_dir() else None
        # seeds the Task 1/2 pick; '' when the manifest is missing or unreadable
        self.content_hash = read_manifest_or_empty(world_dir).content_hash or ""
        self._view_pages: ViewPages | None = None
        self._view_lock = threading.Lock()

    def close(self) -> None:
        """Release the key tables (and a temp build of them) and the index's shadow directory."""
        self._tables.close()
        if self._index is not None:
            self._index.close()

    def interaction_for_query(self, query: str) -> str | None:
        """The interaction id whose question text is exactly `query` (the smallest id if several)."""
        return self._tables.interaction_for_query(query)

    def examples(self) -> dict[str, dict[str, JsonValue]]:
        """Try-it bodies for /meta and /docs: the first known question's search and its top page's URL."""
        if self._tables.example is None:
            return {}
        interaction_id, url = self._tables.example
        return {
            SEARCH.path: {"interaction_id": interaction_id, "k": 5, "include_html": False},
            GET_PAGE.path: {"url": url},
        }

    def frozen(self, interaction_id: str) -> list[Frozen]:
        """A known question's results in rank order; [] for an unknown id."""
        return [Frozen(*row) for row in self._tables.frozen_rows(interaction_id)]

    def html_of(self, page_ids: list[str]) -> dict[str, str]:
        """Served HTML per page id (ids the store lacks are left out): the page as rendered at build time
        (web_serving/html, a millisecond to inflate and decode), else rendered now from pages.body (an
        older world; 5-10 ms a page)."""
        out = {}
        for page_id in dict.fromkeys(page_ids):
            record = self._tables.html_record(page_id)
            if record is not None:
                out[page_id] = orjson.loads(inflate(record))
                continue
            stored = self._tables.page(page_id)
            if stored is not None:
                out[page_id] = page_html(*stored)
        return out

    def body(self, entries: list[Entry], page_ids: list[str], gzip: bool) -> Body:
        """`{"result": entries}` with each entry's page as its `page_result` (the stored rendering, inflated,
        or spliced in as it is stored for a gzip body; pages of an older world without one are rendered)."""
        with_pages: list[tuple[Entry, PageRef | None]] = []
        for item, page_id in zip(entries, page_ids, strict=True):
            record = self._tables.html_record(page_id)  # read here for its header, again when sent
            if record is None:
                item = {**item, "page_result": self.html_of([page_id]).get(page_id, "")}
            with_pages.append((item, PageRef.of(page_id, record) if record is not None else None))
        pieces: list[Piece] = result_pieces(with_pages)
        if gzip:
            return Body(gzip_length(pieces), gzip_chunks(pieces, self._record))
        return Body(identity_length(pieces), identity_chunks(pieces, self._record))

    def frames(self, entries: list[Entry], page_ids: list[str]) -> bytes:
        """The same answer as `body`, in frames (mockapi/web/page_frames.py): each stored page as it is
        stored, behind the entries; a page without a record (an older world) rendered into its entry."""
        items: list[Entry] = []
        framed: list[bool] = []
        records: list[bytes] = []
        for item, page_id in zip(entries, page_ids, strict=True):
            record = self._tables.html_record(page_id)
            if record is None:
                item = {**item, "page_result": self.html_of([page_id]).get(page_id, "")}
            else:
                records.append(record)
            items.append(item)
            framed.append(record is not None)
        return frames(orjson.dumps({"result": items, "framed": framed}), records)

    def _record(self, page_id: str) -> bytes:
        record = self._tables.html_record(page_id)
        if record is None:  # the world is read-only: only a store closed under a stream gets here
            raise ValueError(f"page {page_id} is no longer in the page store")
        return record

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
        """The stored page at `url`: the one a frozen result listed most recently (its name, snippet and date
        from that result), else the first page id stored under the URL with the URL as its name; None."""
        found = self._tables.at_url(url)
        if found is None:
            return None
        page_id, name, snippet, last_modified = found
        html = self.html_of([page_id])[page_id]
        return entry(url if name is None else name, url, snippet or "", html, last_modified or "")

    def view_pages(self) -> ViewPages:
        """The pages some question shows under Task 1/2 (its 5 of the top 10), as page ids and URLs: the
        only pages a Task 1/2 server lets free text reach, as CRAG gives those tasks no search beyond each
        question's own pages. Computed on first use (one key-table read per question), then kept."""
        with self._view_lock:
            if self._view_pages is None:
                ids: set[str] = set()
                urls: set[str] = set()
                for qid in self._tables.interaction_ids():
                    for f in view_for_task(1, self.frozen(qid), self.content_hash, qid):
                        ids.add(f.page_id)
                        urls.add(f.page_url)
                self._view_pages = ViewPages(frozenset(ids), frozenset(urls))
            return self._view_pages

    def search(
        self, query: str, k: int, cutoff: datetime | None, include_html: bool, task: int | None = None
    ) -> list[Entry]:
        """Free-text search, BM25 hits with fresh snippets: over the whole corpus, or for Task 1/2 over the
        pages the questions show (`view_pages`)."""
        out, page_ids = self.search_hits(query, k, cutoff, task)
        if include_html:
            html = self.html_of(page_ids)
            for item, page_id in zip(out, page_ids, strict=True):
                item["page_result"] = html.get(page_id)
        return out

    def search_hits(
        self, query: str, k: int, cutoff: datetime | None, task: int | None = None
    ) -> tuple[list[Entry], list[str]]:
        """Free-text hits as entries without HTML (`page_result` None), and their page ids."""
        if self._index is None:
            return [], []
        shown = self.view_pages() if task in (1, 2) else None
        within = (shown.page_ids, shown.urls) if shown is not None else None
        hits = self._index.search(query, k, cutoff, within)
        terms = query_terms(query)
        out = []
        for rank, hit in enumerate(hits, start=1):
            snippet = make_snippet(self._tables.text(hit.page_id) or "", terms)
            item = entry(hit.name, hit.url, snippet, None, hit.last_modified)
            item["rank"] = rank
            out.append(item)
        return out, [h.page_id for h in hits]
