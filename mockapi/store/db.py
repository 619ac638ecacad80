"""Opening kg.duckdb read-only, with a fallback so a world without a KG (or with an older one) still serves.

Every route answers from SQL; when the file is missing, or lacks tables the server reads, an in-memory
database with the full schema takes its place (copying whatever tables the file has), so each route returns
its not-found value instead of failing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb

from mockapi.world.writer import schema_sql

# Derived tables of worlds built before the search index moved to search/ (mockapi/search): not counted.
NAME_TABLES = ("name_docs", "name_names", "name_postings")
# Tables a store from an older version may lack without needing the in-memory fallback.
OPTIONAL_TABLES = {"sports_columns"}

# Requests are small and many run at once (one per threadpool thread): intra-query parallelism only adds
# scheduling overhead and contention there, so each query runs on its own thread. Set after connecting:
# a connect-time config would stop other code in the process from opening the same file with defaults.
SERVE_THREADS = 1


def open_kg(path: Path) -> tuple[duckdb.DuckDBPyConnection, bool]:
    """A read-only connection to `path` and whether it is the world's own file (False: the fallback)."""
    if path.is_file():
        con = duckdb.connect(str(path), read_only=True)
        con.execute(f"SET threads = {SERVE_THREADS}")
        if not _missing_tables(con):
            return con, True
        con.close()
    return _in_memory_copy(path if path.is_file() else None), False


def _tables(con: duckdb.DuckDBPyConnection, catalog: str = "") -> set[str]:
    where = f"WHERE database_name = '{catalog}'" if catalog else ""
    return {r[0] for r in con.execute(f"SELECT table_name FROM duckdb_tables() {where}").fetchall()}


def _schema_tables() -> set[str]:
    con = duckdb.connect()
    try:
        con.execute(schema_sql("kg.sql"))
        return _tables(con)
    finally:
        con.close()


def _missing_tables(con: duckdb.DuckDBPyConnection) -> set[str]:
    return _schema_tables() - _tables(con) - OPTIONAL_TABLES


def _in_memory_copy(path: Path | None) -> duckdb.DuckDBPyConnection:
    """The schema in memory, filled from the tables `path` has."""
    con = duckdb.connect()
    con.execute(schema_sql("kg.sql"))
    if path is not None:
        con.execute(f"ATTACH '{path}' AS world (READ_ONLY)")
        present = _tables(con, "world") & _tables(con, "memory")
        for table in sorted(present):
            con.execute(f"INSERT INTO memory.main.{table} BY NAME SELECT * FROM world.main.{table}")
        con.execute("DETACH world")
    return con


class KGStore:
    """The KG connection of one server process; `cursor()` gives each request its own cursor."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.con, self.on_disk = open_kg(path)

    @contextmanager
    def cursor(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A cursor (DuckDB's per-thread handle on the same database), closed after use."""
        cur = self.con.cursor()
        try:
            yield cur
        finally:
            cur.close()

    def counts(self) -> dict[str, int]:
        """Row counts of the domain tables (not the derived name tables)."""
        with self.cursor() as cur:
            tables = sorted(_tables(cur) - set(NAME_TABLES))
            return {t: int(cur.execute(f"SELECT count(*) FROM {t}").fetchone()[0]) for t in tables}  # type: ignore[index]

    def close(self) -> None:
        self.con.close()
