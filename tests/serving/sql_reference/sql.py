"""Small helpers every domain store uses."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["Cursor", "first", "latest"]

if TYPE_CHECKING:  # duckdb is imported where a query runs: the serving process may never need it
    from duckdb import DuckDBPyConnection as Cursor
else:
    Cursor = Any
"""A per-request DuckDB cursor (same database, own transaction state)."""


def first(cur: Cursor, sql: str, params: Any = None) -> tuple[Any, ...] | None:
    """The first row of `sql`, or None."""
    return cur.execute(sql, params).fetchone()


def latest(cur: Cursor, sql: str, params: Any = None) -> tuple[Any, ...] | None:
    """Of the rows of `sql`, the one whose last column (its source position) is highest, without that column.

    The originals are dicts where a later duplicate key wins. Picking it in Python is several times faster
    than `ORDER BY … DESC LIMIT 1`, a pipeline breaker DuckDB pays for even when one row matches.
    """
    rows = cur.execute(sql, params).fetchall()
    return max(rows, key=lambda row: row[-1])[:-1] if rows else None
