"""Build `<world>/passages/`: every served page's passages in a tantivy index (at build/import time).

One document per passage: its id (`<url>#p<n>`), the page's URL (for the Task 1/2 filter), its title (the
page's name as search results show it, else its URL), its text and the page's date. Pages are the ones
`/web/get_page` serves (one per URL, by the web tables' rule); a page's date is the earliest dated search
result that lists it there, as the page index has it (undated pages are never hidden by a `query_time`).
The text of each distinct page is extracted once, in the build's helper processes (mockapi.core.pipe_pool).
The index's files are not the same bytes from build to build (tantivy names segments by random ids), so
`passages.json` carries a digest of what was indexed instead: sha256 over every document's fields, in the
order they were added (pages by id, then URL, then passage number); the world's content hash includes it.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypedDict

import orjson
from typing_extensions import NotRequired

from mockapi.core.paths import PAGES_DB
from mockapi.core.pipe_pool import ordered_map
from mockapi.core.staging import stage
from mockapi.retrieve.kept import KeptPassages
from mockapi.retrieve.passages import page_passages, passage_id
from mockapi.web.fulltext import epoch, publish
from mockapi.web.index import UNDATED
from mockapi.web.tables import WebTables
from mockapi.web.tables_build import EVERY_URL, URL_ROWS, open_pages

PASSAGES_DIR = "passages"
FORMAT = 1
META = "passages.json"
TITLE_BOOST = 2.0

# Per URL: the page /web/get_page serves there, its name and the earliest date a result gives it.
SERVED = f"""
SELECT s.url, s.page_id, s.page_name, d.ts
FROM ({URL_ROWS}) AS s(url, page_id, page_name, page_snippet, page_last_modified)
LEFT JOIN (SELECT page_id, page_url, min(last_modified_ts) AS ts FROM results GROUP BY page_id, page_url) d
  ON d.page_id = s.page_id AND d.page_url = s.url
ORDER BY s.url
"""


class PassageInfo(TypedDict):
    """`passages/passages.json` as built (also returned to the build's summary)."""

    format: int
    pages: int
    passages: int
    digest: NotRequired[str]
    """sha256 over the indexed documents' fields (JSON lines), in the order they were added."""


def schema() -> Any:
    """The passage index's fields."""
    import tantivy

    builder = tantivy.SchemaBuilder()
    builder.add_text_field("id", stored=True, tokenizer_name="raw")
    builder.add_text_field("url", stored=False, tokenizer_name="raw")
    builder.add_text_field("title", stored=True)
    builder.add_text_field("text", stored=True)
    builder.add_integer_field("modified", stored=False, indexed=True, fast=True)
    return builder.build()


Served = dict[str, list[tuple[str, str, int]]]
"""page id → (url, title, date as epoch seconds) of every URL that serves it."""


def served_pages(world: Path) -> Served:
    """Which page each URL serves, with its title and date."""
    con = open_pages(world / PAGES_DB)
    try:
        rows = con.execute(SERVED, EVERY_URL).fetchall()
    finally:
        con.close()
    served: Served = defaultdict(list)
    for url, page_id, name, ts in rows:
        served[page_id].append((url, name or url, UNDATED if ts is None else epoch(ts)))
    return served


def build_passage_index(
    world: Path, workers: int = 1, target: Path | None = None, kept: KeptPassages | None = None
) -> PassageInfo:
    """(Re)write `target` (default `world/passages/`) from the world's pages, atomically; its info.
    `kept`: passages the build cut as it rendered the pages (mockapi/retrieve/kept.py); a page not kept
    there is read from its stored rendering."""
    import tantivy

    served = served_pages(world)
    tables = WebTables(world)
    pages = count = 0
    digest = hashlib.sha256()
    try:
        with stage(target or world / PASSAGES_DIR, "building") as tmp:
            index = tantivy.Index(schema(), path=str(tmp), reuse=False)
            writer = index.writer(heap_size=128_000_000, num_threads=1)  # one thread: the same segments
            for page_id, passages in _passages(tables, sorted(served), workers, kept):
                for url, title, modified in served[page_id]:
                    pages += 1
                    for n, text in enumerate(passages):
                        fields = (passage_id(url, n), url, title, text, modified)
                        writer.add_document(_document(*fields))
                        digest.update(orjson.dumps(fields) + b"\n")
                        count += 1
            writer.commit()
            writer.wait_merging_threads()
            info: PassageInfo = {
                "format": FORMAT,
                "pages": pages,
                "passages": count,
                "digest": "sha256:" + digest.hexdigest(),
            }
            (tmp / META).write_text(json.dumps(info, sort_keys=True) + "\n", encoding="utf-8")
            publish(tmp)
    finally:
        tables.close()
    return info


def _passages(
    tables: WebTables, page_ids: list[str], workers: int, kept: KeptPassages | None
) -> Iterator[tuple[str, list[str]]]:
    """(page id, its passages) in `page_ids` order: kept ones as they are, the rest cut in the helpers."""
    if kept is None or any(pid not in kept.at for pid in page_ids):
        items = (_item(tables, pid) for pid in page_ids)
        yield from ordered_map(page_passages, items, workers)
        return
    for pid in page_ids:
        yield pid, kept.get(pid) or []


def _item(tables: WebTables, page_id: str) -> tuple[str, bytes | None, tuple[str, bytes] | None]:
    """What a helper needs of a page: its stored rendering, else (an older world) the stored page."""
    record = tables.html_record(page_id)
    return page_id, record, tables.page(page_id) if record is None else None


def _document(pid: str, url: str, title: str, text: str, modified: int) -> Any:
    import tantivy

    doc = tantivy.Document()
    doc.add_text("id", pid)
    doc.add_text("url", url)
    doc.add_text("title", title)
    doc.add_text("text", text)
    doc.add_integer("modified", modified)
    return doc


def read_info(world: Path) -> PassageInfo | None:
    """The passage index's info, or None when the world has none of this format."""
    try:
        info = json.loads((world / PASSAGES_DIR / META).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return info if isinstance(info, dict) and info.get("format") == FORMAT else None  # type: ignore[return-value]
