"""The build's wide sorts (the web tables' frozen lists by question and served page by URL, the full-text
index's pages with their text) run one key range at a time: the same rows as one whole-table query, and within
a DuckDB memory cap the whole query runs past (the full world and a 20,000-question world died at the build's
1 GB cap: issue 34)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb
import pytest

from mockapi.core.paths import PAGES_DB
from mockapi.core.ranged import ranged
from mockapi.formats.schema import schema_sql
from mockapi.web.index import PAGE_KEYS, PAGE_PER
from mockapi.web.index import PAGE_ROWS as INDEX_ROWS
from mockapi.web.tables_build import (
    EVERY_URL,
    FROZEN_KEYS,
    FROZEN_PER,
    FROZEN_ROWS,
    URL_KEYS,
    URL_PER,
    URL_ROWS,
)

WHOLE = 10**9  # keys a range: one range, the whole table at once
QUESTIONS = 1_500
RESULTS = 40  # a question's results: 60,000 rows of ~1 KB, ~60 MB of strings to sort
CAP = "48MB"


def _rows(con: duckdb.DuckDBPyConnection, keys: str, sql: str, per: int) -> list[tuple[Any, ...]]:
    return list(ranged(con, keys, sql, per))


def test_ranges_give_the_rows_of_one_whole_query(small_world: Path) -> None:
    """Small ranges (3 questions, 7 URLs) on a built world: the rows and order of the whole-table query."""
    with duckdb.connect(str(small_world / PAGES_DB), read_only=True) as con:
        frozen = con.execute(FROZEN_ROWS, EVERY_URL).fetchall()  # no bound: every key
        urls = con.execute(URL_ROWS, EVERY_URL).fetchall()
        assert len(frozen) > 100 and len(urls) > 100
        assert _rows(con, FROZEN_KEYS, FROZEN_ROWS, 3) == frozen
        assert _rows(con, URL_KEYS, URL_ROWS, 7) == urls
        assert _rows(con, URL_KEYS, URL_ROWS, URL_PER) == urls


PAGES = QUESTIONS * RESULTS // 2
PAGE_ROWS = """
INSERT INTO pages
SELECT 'spec:' || lpad(i::VARCHAR, 8, '0'), 'https://site.example/p/' || (i * 7919 % $pages),
       'spec', ''::BLOB, 0, repeat(chr((97 + i % 26)::INTEGER), 2000)
FROM range($pages) t(i)
"""
RESULT_ROWS = """
INSERT INTO results
SELECT 'q' || lpad((i // $per)::VARCHAR, 6, '0'), i % $per + 1,
       'spec:' || lpad((i % $pages)::VARCHAR, 8, '0'), repeat(chr((65 + i % 26)::INTEGER), 400),
       'https://site.example/p/' || ((i % $pages) * 7919 % $pages),
       repeat(chr((97 + i % 26)::INTEGER), 600), '', TIMESTAMP '2024-01-01' + to_days((i % 97)::INTEGER)
FROM range($results) t(i)
"""


def _wide_pages(path: Path) -> None:
    """A pages.duckdb whose results and pages are wide (long names, snippets, text; ~60 MB each): many URLs,
    each listed twice."""
    with duckdb.connect(str(path)) as con:
        con.execute(schema_sql("pages.sql"))
        con.execute(PAGE_ROWS, {"pages": PAGES})
        con.execute(RESULT_ROWS, {"per": RESULTS, "pages": PAGES, "results": QUESTIONS * RESULTS})


def test_the_sorts_keep_within_a_memory_cap_the_whole_query_runs_past(tmp_path: Path) -> None:
    db = tmp_path / PAGES_DB
    _wide_pages(db)
    with duckdb.connect(str(db), read_only=True) as con:
        frozen = con.execute(FROZEN_ROWS, EVERY_URL).fetchall()
        urls = con.execute(URL_ROWS, EVERY_URL).fetchall()
        indexed = con.execute(INDEX_ROWS, EVERY_URL).fetchall()
    spill = tmp_path / "spill"
    config: dict[str, Any] = {"memory_limit": CAP, "temp_directory": str(spill), "threads": 2}
    with duckdb.connect(str(db), read_only=True, config=config) as con:
        with pytest.raises(duckdb.OutOfMemoryException):
            _rows(con, URL_KEYS, URL_ROWS, WHOLE)
        assert _rows(con, URL_KEYS, URL_ROWS, URL_PER) == urls
        with pytest.raises(duckdb.OutOfMemoryException):
            _rows(con, FROZEN_KEYS, FROZEN_ROWS, WHOLE)
        assert _rows(con, FROZEN_KEYS, FROZEN_ROWS, FROZEN_PER) == frozen
        with pytest.raises(duckdb.OutOfMemoryException):
            _rows(con, PAGE_KEYS, INDEX_ROWS, WHOLE)
        assert _rows(con, PAGE_KEYS, INDEX_ROWS, PAGE_PER) == indexed
