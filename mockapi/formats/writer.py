"""Buffered bulk inserts into a DuckDB store: rows in, DataFrame batches out (executemany is far slower)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import duckdb


class TableWriter:
    """Collects rows per table and inserts them in batches, in the order given (order is part of the data)."""

    def __init__(self, con: duckdb.DuckDBPyConnection, batch_rows: int = 100_000) -> None:
        self.con = con
        self.batch_rows = batch_rows
        self._rows: dict[str, list[Sequence[Any]]] = {}
        self._columns: dict[str, list[str]] = {}

    def columns(self, table: str) -> list[str]:
        """Column names of `table` in DDL order."""
        if table not in self._columns:
            info = self.con.execute(f"PRAGMA table_info('{table}')").fetchall()
            if not info:
                raise KeyError(f"no table {table!r} in the schema")
            self._columns[table] = [row[1] for row in info]
        return self._columns[table]

    def add(self, table: str, row: Sequence[Any]) -> None:
        """Queue one row (a tuple in DDL column order)."""
        buf = self._rows.setdefault(table, [])
        buf.append(row)
        if len(buf) >= self.batch_rows:
            self._flush_table(table)

    def add_many(self, table: str, rows: Iterable[Sequence[Any]]) -> None:
        """Queue many rows."""
        for row in rows:
            self.add(table, row)

    def flush(self) -> None:
        """Insert everything queued."""
        for table in list(self._rows):
            self._flush_table(table)

    def _flush_table(self, table: str) -> None:
        import pandas as pd

        rows = self._rows.pop(table, [])
        if not rows:
            return
        cols = self.columns(table)
        width = len(cols)
        bad = next((r for r in rows if len(r) != width), None)
        if bad is not None:
            raise ValueError(f"{table}: expected {width} values {cols}, got {len(bad)}: {bad!r:.200}")
        # object dtype keeps Python ints, None and strings as they are (no int->float upcast on NULLs)
        frame = pd.DataFrame({c: pd.Series([r[i] for r in rows], dtype=object) for i, c in enumerate(cols)})
        self.con.register("_batch", frame)
        try:
            self.con.execute(f"INSERT INTO {table} SELECT * FROM _batch")
        finally:
            self.con.unregister("_batch")
