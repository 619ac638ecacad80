"""Reading a built world's DuckDB stores in the page tests (test_pages, test_prose)."""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any

import duckdb


def query(world: Path, db: str, sql: str) -> list[tuple[Any, ...]]:
    con = duckdb.connect(str(world / db), read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def spec_of(world: Path, page_id: str) -> dict[str, Any]:
    (body,) = query(world, "pages.duckdb", f"SELECT body FROM pages WHERE page_id = '{page_id}'")[0]
    spec: dict[str, Any] = json.loads(zlib.decompress(body))
    return spec
