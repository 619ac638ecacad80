"""The full-text index (tantivy, in `<world>/index/`) over every page's visible text and name.

Undated pages (empty `page_last_modified`, about two thirds of CRAG's real pages) are indexed with a
timestamp far in the past, so a `query_time` cut-off never hides them: a page with no date gives no
evidence that it is newer than the question, and dropping them would remove most of the real corpus.

Serving from a read-only world (a root-owned image layer, a `:ro` mount): every tantivy reader takes the
index's meta lock while it opens the segments, creating `.tantivy-meta.lock` for writing, which fails in a
directory the server cannot write (and the library offers no reader that skips it). So the server opens a
per-process shadow directory of symlinks to the index files in the temp dir: the lock lands there and the
segments are still memory-mapped from the world (a few dozen symlinks: about a millisecond). The build
writes the files world-readable: tantivy creates `meta.json` and `.managed.json` 0600 whatever the umask.
"""

from __future__ import annotations

import shutil
import weakref
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from mockapi.core.paths import INDEX_DIR, PAGES_DB
from mockapi.core.ranged import RANGE, ranged
from mockapi.web.fulltext import any_term, epoch, publish, shadow
from mockapi.web.snippet import query_terms

if TYPE_CHECKING:  # both are imported on first use: a world without pages never loads them
    import tantivy

INDEX_FORMAT = "1"
UNDATED = -(2**62)
NAME_BOOST = 2.0
Within = tuple[frozenset[str], frozenset[str]]
"""Page ids and URLs a search is limited to (Task 1/2: the pages the questions show)."""
# Fetch extra hits so that dropping duplicate URLs still leaves k results.
OVERFETCH = 2

# One row per (page, URL): its name and date from the earliest dated result that serves it (a page can be
# served under several names/dates; the earliest date is the safest "existed by" claim). Identical HTML
# under different URLs (empty pages, mirrors) shares a page_id, so a page is keyed by (page_id, url).
# Sorted one range of page ids at a time (`core.ranged`): the pages' text is the widest column of a world
# (~3 GB at 20,000 questions), and the build caps DuckDB's memory at 1 GB (issue 34).
PAGE_ROWS = f"""
SELECT p.page_id, p.url, coalesce(r.page_name, p.url), coalesce(r.page_last_modified, ''), r.last_modified_ts,
       p.text
FROM pages p
LEFT JOIN (
    SELECT DISTINCT ON (page_id, page_url) page_id, page_url, page_name, page_last_modified, last_modified_ts
    FROM results WHERE {RANGE.format(key="page_id")}
    ORDER BY page_id, page_url, last_modified_ts ASC NULLS LAST, interaction_id, rank
) r ON r.page_id = p.page_id AND r.page_url = p.url
WHERE {RANGE.format(key="p.page_id")}
ORDER BY p.page_id, p.url
"""
PAGE_KEYS = "SELECT DISTINCT page_id FROM pages ORDER BY page_id"
PAGE_PER = 1_000  # page ids a range: ~4 MB of synthetic text; imported real pages run to ~100 KB each


# Point lookups the server makes per request; ART indexes turn them from scans into probes.
LOOKUP_INDEXES = (
    "CREATE INDEX IF NOT EXISTS results_by_id ON results (interaction_id)",
    "CREATE INDEX IF NOT EXISTS pages_by_id ON pages (page_id)",
    "CREATE INDEX IF NOT EXISTS pages_by_url ON pages (url)",
    "CREATE INDEX IF NOT EXISTS results_by_url ON results (page_url)",
    "CREATE INDEX IF NOT EXISTS queries_by_id ON queries (interaction_id)",
    "CREATE INDEX IF NOT EXISTS queries_by_text ON queries (query)",
)


def _schema() -> tantivy.Schema:
    import tantivy

    builder = tantivy.SchemaBuilder()
    builder.add_text_field("page_id", stored=True, tokenizer_name="raw")
    builder.add_text_field("url", stored=True, tokenizer_name="raw")
    builder.add_text_field("name", stored=True)
    builder.add_text_field("text", stored=False)
    builder.add_text_field("last_modified", stored=True, index_option="basic", tokenizer_name="raw")
    builder.add_integer_field("modified", stored=True, indexed=True, fast=True)
    return builder.build()


class IndexInfo(TypedDict):
    """The manifest's index section (`mockapi.formats.manifest.IndexSection`) as built."""

    format: str
    pages: int
    dated_pages: int


def build_page_index(world_dir: Path) -> IndexInfo:
    """(Re)build `world_dir/index/` from `world_dir/pages.duckdb`; returns the manifest section."""
    add_lookup_indexes(world_dir / PAGES_DB)
    return write_page_index(world_dir)


def write_page_index(world_dir: Path) -> IndexInfo:
    """The tantivy part of `build_page_index`: it only reads pages.duckdb, so the build runs it in a thread
    beside the web tables (after `add_lookup_indexes`, the one write)."""
    import duckdb
    import tantivy

    target = world_dir / INDEX_DIR
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    index = tantivy.Index(_schema(), path=str(target), reuse=False)
    # One thread: the machine is small, and a single writer thread gives the same segments every build.
    writer = index.writer(heap_size=128_000_000, num_threads=1)

    con = duckdb.connect(str(world_dir / PAGES_DB), read_only=True)
    pages = dated = 0
    try:
        for page_id, url, name, last_modified, ts, text in ranged(con, PAGE_KEYS, PAGE_ROWS, PAGE_PER, 500):
            writer.add_document(_document(page_id, url, name, last_modified, ts, text))
            pages += 1
            dated += ts is not None
    finally:
        con.close()
    writer.commit()
    writer.wait_merging_threads()
    publish(target)
    return {"format": INDEX_FORMAT, "pages": pages, "dated_pages": dated}


def add_lookup_indexes(db: Path) -> None:
    """The ART indexes of `LOOKUP_INDEXES` on pages.duckdb."""
    import duckdb

    con = duckdb.connect(str(db))
    try:
        for ddl in LOOKUP_INDEXES:
            con.execute(ddl)
    finally:
        con.close()


def _document(page_id: str, url: str, name: str, last_modified: str, ts: datetime | None, text: str) -> Any:
    import tantivy

    doc = tantivy.Document()
    doc.add_text("page_id", page_id)
    doc.add_text("url", url)
    doc.add_text("name", name)
    doc.add_text("text", text)
    doc.add_text("last_modified", last_modified)
    doc.add_integer("modified", UNDATED if ts is None else epoch(ts))
    return doc


@dataclass(frozen=True)
class Hit:
    """One page found by free-text search."""

    page_id: str
    url: str
    name: str
    last_modified: str
    score: float


class PageIndex:
    """Read side of the index; safe to share between threads (a fresh searcher per query).

    Opened through a shadow directory (see the module docstring), so it never writes into the world.
    """

    def __init__(self, world_dir: Path) -> None:
        import tantivy

        links = shadow(world_dir / INDEX_DIR)
        self._cleanup = weakref.finalize(self, shutil.rmtree, links, True)
        self._index = tantivy.Index.open(str(links))
        # The world never changes under a running server: no watcher thread polling meta.json for commits.
        self._index.config_reader(reload_policy="Manual")
        self._schema = self._index.schema
        self._only_cache: tuple[Within, tuple[Any, Any]] | None = None

    def close(self) -> None:
        """Remove the shadow directory (also done at exit or when the index is garbage-collected)."""
        self._cleanup()

    def search(self, query: str, k: int, cutoff: datetime | None, within: Within | None = None) -> list[Hit]:
        """Top `k` pages by BM25 over text and name, one per URL, not modified after `cutoff`, and with
        `within` (page ids, URLs) only among pages with one of those ids at one of those URLs."""
        import tantivy

        matcher = any_term(self._schema, query_terms(query), "name", NAME_BOOST)
        if matcher is None:
            return []
        musts = [(tantivy.Occur.Must, matcher)]
        if cutoff is not None:
            window = tantivy.Query.range_query(
                self._schema, "modified", tantivy.FieldType.Integer, None, epoch(cutoff)
            )
            musts.append((tantivy.Occur.Must, window))
        if within is not None:
            musts.extend((tantivy.Occur.Must, q) for q in self._only(within))
        if len(musts) > 1:
            matcher = tantivy.Query.boolean_query(musts)
        searcher = self._index.searcher()
        found = searcher.search(matcher, limit=k * OVERFETCH, count=False).hits
        hits = [self._hit(searcher.doc(address), score) for score, address in found]
        # Ties broken by page id: the order must not depend on segment layout.
        hits.sort(key=lambda h: (-h.score, h.page_id))
        return _one_per_url(hits)[:k]

    def _only(self, within: Within) -> tuple[Any, Any]:
        """Filters to `within`'s ids and URLs, built once (the sets are fixed for a server's life)."""
        import tantivy

        if self._only_cache is None or self._only_cache[0] is not within:
            ids, urls = within
            by_id = tantivy.Query.term_set_query(self._schema, "page_id", sorted(ids))
            by_url = tantivy.Query.term_set_query(self._schema, "url", sorted(urls))
            self._only_cache = (within, (by_id, by_url))
        return self._only_cache[1]

    @staticmethod
    def _hit(doc: Any, score: float) -> Hit:
        return Hit(
            page_id=doc.get_first("page_id"),
            url=doc.get_first("url"),
            name=doc.get_first("name"),
            last_modified=doc.get_first("last_modified") or "",
            score=float(score),
        )


def _one_per_url(hits: list[Hit]) -> list[Hit]:
    seen: set[str] = set()
    out = []
    for hit in hits:
        if hit.url not in seen:
            seen.add(hit.url)
            out.append(hit)
    return out
