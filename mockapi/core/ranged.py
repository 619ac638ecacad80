"""Wide sorted scans of a DuckDB store, one key range at a time, so a sort's memory does not grow with the
world (a build caps DuckDB's memory: mockapi/world/pages/page_writer.py `build_memory`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

BATCH = 1000  # rows a fetch: the rows are wide (page text, snippets)

RANGE = "{key} >= $lo AND ($hi IS NULL OR {key} < $hi)"
"""The filter of a query `ranged` runs one key range at a time ($hi NULL: no upper bound)."""


def ranged(con: Any, keys_sql: str, sql: str, per: int, batch_rows: int = BATCH) -> Iterator[tuple[Any, ...]]:
    """The rows of `sql` (which orders by a key and filters it with `RANGE`), one range of `per` keys at a
    time; `keys_sql` lists the keys in order (one narrow sort). DuckDB then sorts one range's wide rows, not
    the table's: its sort does not spill wide rows well, and a build caps its memory (issue 34: at 20,000
    questions a whole-table sort of page names, snippets or text ran past the 1 GB cap). The ranges partition
    the keys in order, so the rows and their order are those of one query over the whole table."""
    bounds = [key for i, (key,) in enumerate(_stream(con, keys_sql, None, batch_rows)) if i % per == 0]
    for lo, hi in zip(bounds, [*bounds[1:], None], strict=True):
        yield from _stream(con, sql, {"lo": lo, "hi": hi}, batch_rows)


def _stream(con: Any, sql: str, params: Any, batch_rows: int) -> Iterator[tuple[Any, ...]]:
    """Rows of `sql` on a cursor of its own (`con` a DuckDB connection: this module sits below every user of
    DuckDB and imports none of them), `batch_rows` at a time."""
    cur = con.cursor()
    try:
        cur.execute(sql, params)
        while batch := cur.fetchmany(batch_rows):
            yield from batch
    finally:
        cur.close()
