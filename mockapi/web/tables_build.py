"""Build `<world>/web_serving/`: the key tables /web/search (frozen lists) and /web/get_page answer from.

Each DuckDB query costs 0.5-2 ms from Python even on an index probe, and a /web/get_page took three; a key
table lookup (mockapi/serving/tables/keytable.py) is a few microseconds and shared by every worker through the
page cache. Tables (key → value):
- `frozen`: interaction id → orjson `[[rank, page_id, page_name, page_url, page_snippet, page_last_modified],
  …]` in rank order (the frozen list of a known question);
- `query`: exact query text → the smallest interaction id with that text;
- `url`: page URL → orjson `[page_id, page_name, page_snippet, page_last_modified]` of the page /web/get_page
  serves there (the names are null when no frozen result lists a page stored under the URL);
- `page`: page id → `kind` `:` body, the stored (compressed) page exactly as in pages.body;
- `text`: page id → zlib of the first SCAN_CHARS characters of the page text (free-text search snippets);
- `html`: page id → the page rendered once, as its JSON string in a deflate segment (web/html_store.py): what
  /web/search sends, without rendering or encoding at request time.
Written at build/import time right after the full-text index, deterministically (rows in a total order, or
in insertion order where sorting would move gigabytes of page bodies); `meta.json` carries a sha256 over the
files, which the world's content hash includes (mockapi/world/manifest.py).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson
from pydantic import TypeAdapter, ValidationError
from typing_extensions import TypedDict

from mockapi.core.paths import WEB_SERVING_DIR
from mockapi.core.pipe_pool import ordered_map
from mockapi.core.ranged import RANGE, ranged
from mockapi.core.staging import folder_digest, read_derived_meta, stage
from mockapi.serving.tables.keytable import write_table
from mockapi.serving.tables.rows import stream
from mockapi.web.html_store import page_record, record_and_html
from mockapi.web.snippet import SCAN_CHARS

if TYPE_CHECKING:  # the serving process reads FORMAT and META from here and builds only for an old world
    import duckdb

FORMAT = 1
META = "meta.json"
TEXT_LEVEL = 6  # zlib level of the snippet text: 185 MB of text → 45 MB on the default world
BATCH = 1000  # rows per fetch: page bodies run to tens of KB each (the KG tables' 5,000 would be MBs)

# The two wide sorts (names, snippets and URLs of every result: ~0.9 GB of strings at 20,000 questions) run
# one key range at a time (`core.ranged`): the whole URL sort ran past the build's 1 GB cap at 20,000
# questions ("failed to pin block", issue 34).
FROZEN_KEYS = "SELECT DISTINCT interaction_id FROM results ORDER BY interaction_id"
FROZEN_PER = 500  # questions a range: ~25,000 results of ~1 KB
FROZEN_ROWS = f"""
SELECT interaction_id, rank, page_id, page_name, page_url, page_snippet, page_last_modified
FROM results WHERE {RANGE.format(key="interaction_id")} ORDER BY interaction_id, rank, page_id
"""
QUERY_IDS = "SELECT query, min(interaction_id) FROM queries GROUP BY query ORDER BY query"
# /web/get_page's rule, for every URL at once: of the frozen results listing a page stored under the URL, the
# most recently modified (then by interaction id, rank, page id) gives page, name, snippet and date; a URL
# no result lists serves its first stored page id with no names.
URL_KEYS = "SELECT DISTINCT url FROM pages ORDER BY url"
URL_PER = 5_000  # URLs a range: ~7,000 results
URL_ROWS = f"""
WITH listed AS (
    SELECT DISTINCT ON (r.page_url) r.page_url AS url, r.page_id, r.page_name, r.page_snippet,
           r.page_last_modified
    FROM results r
    SEMI JOIN (SELECT url, page_id FROM pages WHERE {RANGE.format(key="url")}) p
      ON p.url = r.page_url AND p.page_id = r.page_id
    WHERE {RANGE.format(key="r.page_url")}
    ORDER BY r.page_url, r.last_modified_ts DESC NULLS LAST, r.interaction_id, r.rank, r.page_id
)
SELECT u.url, coalesce(l.page_id, u.first_id), l.page_name, l.page_snippet, l.page_last_modified
FROM (SELECT url, min(page_id) AS first_id FROM pages WHERE {RANGE.format(key="url")} GROUP BY url) u
LEFT JOIN listed l USING (url)
ORDER BY u.url
"""
EVERY_URL = {"lo": "", "hi": None}
"""URL_ROWS's parameters for every URL at once."""
# Insertion order (DuckDB keeps it for a plain scan): no sort of the bodies, which run to gigabytes for an
# imported CRAG corpus. A page id is content-addressed (a sha256 of its HTML or spec), so every row of a
# repeated id holds the same kind, body and text: the first one stands for all.
PAGE_ROWS = "SELECT page_id, kind, body FROM pages"
TEXT_ROWS = "SELECT page_id, substr(text, 1, ?) FROM pages"
EXAMPLE = "SELECT interaction_id, page_url FROM results ORDER BY interaction_id, rank LIMIT 1"


class WebTablesMeta(TypedDict):
    """web_serving/meta.json."""

    format: int
    tables: dict[str, int]
    """Table name → distinct keys."""
    example: list[str] | None
    """(interaction id, page URL) of the first frozen result; null for a world without results."""
    digest: str


_META = TypeAdapter(WebTablesMeta)


Also = tuple[Callable[[str], Any], Callable[[str, Any], None]]
"""What else to make of each page's HTML while it is rendered: a module-level function of the HTML, run in
the helper that rendered it, and what takes its result, by page id, in this process."""

Records = Callable[[str], bytes | None]
"""A page's stored record made already, by page id (None: none made)."""


def build_web_tables(
    pages_db: Path,
    world: Path,
    workers: int = 1,
    also: Also | None = None,
    records: Records | None = None,
    spill: Callable[[duckdb.DuckDBPyConnection], None] | None = None,
) -> WebTablesMeta:
    """(Re)write `world/web_serving/` from `pages_db`, atomically (built aside, then renamed); its meta.
    The pages are rendered and compressed in `workers` helper processes (mockapi.core.pipe_pool: the same
    bytes for any number). `also`: see `Also` (the build cuts the passages of mockapi/retrieve from the
    rendering at hand instead of inflating and parsing the stored one again). `records`: the pages' records
    made already (the build's pages stage), by page id; a page it has none for is rendered here. `spill`:
    bounds the connection's memory (a build, which may spill inside its world; else no spilling beside it)."""
    con = open_pages(pages_db)
    try:
        if spill is not None:
            spill(con)
        with stage(world / WEB_SERVING_DIR, "building") as tmp:
            meta = _write_tables(con, tmp, workers, also, records)
    finally:
        con.close()
    return meta


def open_pages(pages_db: Path) -> duckdb.DuckDBPyConnection:
    """pages.duckdb read-only, never spilling beside it (a server may build for a read-only world)."""
    import duckdb  # here: the server imports this module and builds only for a world that lacks the folder

    con = duckdb.connect(str(pages_db), read_only=True)
    con.execute("SET temp_directory = ''")
    return con


def _write_tables(
    con: duckdb.DuckDBPyConnection,
    tmp: Path,
    workers: int,
    also: Also | None = None,
    records: Records | None = None,
) -> WebTablesMeta:
    pages = _firsts(con, PAGE_ROWS, [])
    if records is not None and also is None:
        html: Iterator[tuple[str, bytes]] = _recorded(pages, records)
    elif also is None:
        html = ordered_map(html_item, pages, workers)
    else:
        html = _handing(ordered_map(html_also_item, ((*row, also[0]) for row in pages), workers), also[1])
    # zlib level 6 over 185 MB of text on the default world: over the cores as well. When the pages come as
    # records (a build) the helpers have nothing else to do here, so the text table is written in a thread
    # (its own cursor) while this one writes the others: this process mostly waited on them (issue 34).
    # Each table is a file of its own, so the bytes are the same in either order.
    beside = records is not None and also is None and workers > 1
    with ThreadPoolExecutor(1, thread_name_prefix="crag-mock-text") as thread, con.cursor() as cursor:
        texts = ordered_map(text_item, _firsts(cursor, TEXT_ROWS, [SCAN_CHARS]), workers, 256)
        text = thread.submit(write_table, tmp, "text", texts) if beside else None
        tables = {
            "frozen": write_table(tmp, "frozen", _frozen(con)),
            "query": write_table(tmp, "query", _rows(con, QUERY_IDS, lambda r: (r[0], r[1].encode()))),
            "url": write_table(tmp, "url", ((r[0], orjson.dumps(r[1:])) for r in _urls(con))),
            "page": write_table(tmp, "page", _first_per_page(con, PAGE_ROWS, [], _page_value)),
            "text": text.result() if text is not None else write_table(tmp, "text", texts),
            # most of a build's CPU (a page ~1 ms to render, about as long to deflate with zlib): over the
            # cores
            "html": write_table(tmp, "html", html),
        }
    example = con.execute(EXAMPLE).fetchone()
    meta: WebTablesMeta = {
        "format": FORMAT,
        "tables": tables,
        "example": list(example) if example else None,
        "digest": "sha256:" + folder_digest(tmp),
    }
    (tmp / META).write_text(json.dumps(meta, sort_keys=True) + "\n", encoding="utf-8")
    return meta


def _batches(con: duckdb.DuckDBPyConnection, sql: str, params: list[Any]) -> Iterator[tuple[Any, ...]]:
    return stream(con, sql, params, BATCH)


def _rows(
    con: duckdb.DuckDBPyConnection, sql: str, item: Callable[[tuple[Any, ...]], tuple[str, bytes]]
) -> Iterator[tuple[str, bytes]]:
    return (item(row) for row in _batches(con, sql, []))


def _frozen(con: duckdb.DuckDBPyConnection) -> Iterator[tuple[str, bytes]]:
    for qid, rows in groupby(ranged(con, FROZEN_KEYS, FROZEN_ROWS, FROZEN_PER), key=lambda r: r[0]):
        yield qid, orjson.dumps([row[1:] for row in rows])


def _urls(con: duckdb.DuckDBPyConnection) -> Iterator[tuple[Any, ...]]:
    return ranged(con, URL_KEYS, URL_ROWS, URL_PER)


def _first_per_page(
    con: duckdb.DuckDBPyConnection, sql: str, params: list[Any], value: Callable[..., bytes]
) -> Iterator[tuple[str, bytes]]:
    return ((page_id, value(*rest)) for page_id, *rest in _firsts(con, sql, params))


def _firsts(con: duckdb.DuckDBPyConnection, sql: str, params: list[Any]) -> Iterator[tuple[Any, ...]]:
    """The rows of `sql` whose page id (the first column) was not seen before."""
    seen: set[str] = set()
    for row in _batches(con, sql, params):
        if row[0] not in seen:
            seen.add(row[0])
            yield row


def _recorded(pages: Iterator[tuple[Any, ...]], records: Records) -> Iterator[tuple[str, bytes]]:
    for page_id, kind, body in pages:
        record = records(page_id)
        yield page_id, record if record is not None else page_record(kind, body)


def _page_value(kind: str, body: bytes) -> bytes:
    return kind.encode("ascii") + b":" + body


def html_item(page_id: str, kind: str, body: bytes) -> tuple[str, bytes]:
    """A row of the `html` table (run in the build's helper processes)."""
    return page_id, page_record(kind, body)


def html_also_item(
    page_id: str, kind: str, body: bytes, also: Callable[[str], Any]
) -> tuple[str, bytes, Any]:
    """`html_item` and `also` of the same HTML (run in the build's helper processes)."""
    record, html = record_and_html(kind, body)
    return page_id, record, also(html)


def _handing(
    made: Iterator[tuple[str, bytes, Any]], take: Callable[[str, Any], None]
) -> Iterator[tuple[str, bytes]]:
    for page_id, record, extra in made:
        take(page_id, extra)
        yield page_id, record


def text_item(page_id: str, text: str) -> tuple[str, bytes]:
    """A row of the `text` table (run in the build's helper processes)."""
    return page_id, zlib.compress(text.encode("utf-8"), TEXT_LEVEL)


def read_meta(world: Path) -> WebTablesMeta | None:
    """The web tables' meta of `world`, or None when it has no current web_serving dir (or its meta.json
    does not hold what this version writes: the caller then rebuilds it)."""
    raw = read_derived_meta(world / WEB_SERVING_DIR, FORMAT)
    try:
        return _META.validate_python(raw) if raw is not None else None
    except ValidationError:
        return None
