"""kg.duckdb (the store of record), read-only, with a fallback so a world without a KG (or an older one)
still serves.

The routes answer from the serving tables built out of it; the server opens it only for a world without
them (to build them in a temp dir) and for the start-up snapshot (row counts, try-it examples) of such a
world. When the file is missing, or lacks tables, an in-memory database with the full schema takes its place
(copying whatever tables the file has), so each route returns its not-found value instead of failing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from typing_extensions import TypedDict

from mockapi.formats.schema import schema_sql
from mockapi.serving.routes import Body, world_examples

if TYPE_CHECKING:  # imported on first use: a server answering from serving/ never loads DuckDB
    import duckdb

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
    import duckdb

    if path.is_file():
        con = duckdb.connect(str(path), read_only=True)
        con.execute(f"SET threads = {SERVE_THREADS}")
        con.execute("SET temp_directory = ''")  # never spill into <world>/kg.duckdb.tmp (a read-only dir)
        if not _missing_tables(con):
            return con, True
        con.close()
    return _in_memory_copy(path if path.is_file() else None), False


def _tables(con: duckdb.DuckDBPyConnection, catalog: str = "") -> set[str]:
    where = f"WHERE database_name = '{catalog}'" if catalog else ""
    return {r[0] for r in con.execute(f"SELECT table_name FROM duckdb_tables() {where}").fetchall()}


def _schema_tables() -> set[str]:
    import duckdb

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
    import duckdb

    con = duckdb.connect()
    con.execute(schema_sql("kg.sql"))
    if path is not None:
        con.execute(f"ATTACH '{path}' AS world (READ_ONLY)")
        present = _tables(con, "world") & _tables(con, "memory")
        for table in sorted(present):
            con.execute(f"INSERT INTO memory.main.{table} BY NAME SELECT * FROM world.main.{table}")
        con.execute("DETACH world")
    return con


class KGSnapshot(TypedDict):
    """serving/meta.json `snapshot`: what start-up needs of kg.duckdb."""

    counts: dict[str, int]
    """Row counts of the domain tables."""
    examples: dict[str, Body]
    """Route path → a request body that finds something in this world."""


def snapshot(con: duckdb.DuckDBPyConnection) -> KGSnapshot:
    """What the server needs from kg.duckdb at start-up (row counts, /meta examples), computed at build
    time and kept in serving/meta.json, so a server can answer without ever opening the database."""
    cur = con.cursor()
    try:
        return {"counts": _counts(cur), "examples": world_examples(cur)}
    finally:
        cur.close()


def _counts(cur: duckdb.DuckDBPyConnection) -> dict[str, int]:
    tables = sorted(_tables(cur) - set(NAME_TABLES))
    return {t: int(cur.execute(f"SELECT count(*) FROM {t}").fetchone()[0]) for t in tables}  # type: ignore[index]


class KGStore:
    """kg.duckdb of one server process, opened on first use; `cursor()` gives each caller its own cursor.

    With a `snapshot` (from the world's serving/meta.json) start-up needs nothing from the database, and
    every KG route answers from the serving tables: the file is then never opened, which keeps DuckDB's
    code and buffers out of each worker's memory.
    """

    def __init__(self, path: Path, snapshot: KGSnapshot | None = None) -> None:
        self.path = path
        self.snapshot = snapshot
        self._con: duckdb.DuckDBPyConnection | None = None
        self._on_disk: bool | None = path.is_file() if snapshot is not None else None

    @property
    def con(self) -> duckdb.DuckDBPyConnection:
        if self._con is None:
            self._con, on_disk = open_kg(self.path)
            if self._on_disk is None:
                self._on_disk = on_disk
        return self._con

    @property
    def lazy_con(self) -> duckdb.DuckDBPyConnection:
        """A stand-in for `con` that opens the database only when something is called on it."""
        return cast("duckdb.DuckDBPyConnection", _LazyConnection(self))

    @property
    def on_disk(self) -> bool:
        """Whether the world's own file is served (False: the in-memory fallback)."""
        if self._on_disk is None:
            self.con  # noqa: B018  (opening decides it)
        return bool(self._on_disk)

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
        if self.snapshot is not None:
            return dict(self.snapshot["counts"])
        with self.cursor() as cur:
            return _counts(cur)

    def world_examples(self) -> dict[str, Body]:
        """A working request body per route, picked from this world's data."""
        if self.snapshot is not None:
            return dict(self.snapshot["examples"])
        with self.cursor() as cur:
            return world_examples(cur)

    def close(self) -> None:
        if self._con is not None:
            self._con.close()
            self._con = None


class _LazyConnection:
    def __init__(self, store: KGStore) -> None:
        self._store = store

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store.con, name)
