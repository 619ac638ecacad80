"""Reading a built world's DuckDB stores in the page tests (test_pages, test_prose)."""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any, cast

import duckdb

from mockapi.formats.pagespec import PageSpec


def query(world: Path, db: str, sql: str) -> list[tuple[Any, ...]]:
    con = duckdb.connect(str(world / db), read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def spec_of(world: Path, page_id: str) -> PageSpec:
    return specs(world, [page_id])[page_id]


def specs(world: Path, page_ids: list[str]) -> dict[str, PageSpec]:
    """The stored specs of many pages, in one query (a connection per page cost minutes on a loaded
    machine)."""
    con = duckdb.connect(str(world / "pages.duckdb"), read_only=True)
    try:
        rows = con.execute("SELECT page_id, body FROM pages WHERE list_contains(?, page_id)", [page_ids])
        return {pid: cast(PageSpec, json.loads(zlib.decompress(body))) for pid, body in rows.fetchall()}
    finally:
        con.close()
