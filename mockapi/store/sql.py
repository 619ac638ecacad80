"""Small helpers every domain store uses."""

from __future__ import annotations

from typing import Any

import duckdb

Cursor = duckdb.DuckDBPyConnection
"""A per-request DuckDB cursor (same database, own transaction state)."""


def first(cur: Cursor, sql: str, params: Any = None) -> tuple[Any, ...] | None:
    """The first row of `sql`, or None."""
    return cur.execute(sql, params).fetchone()
