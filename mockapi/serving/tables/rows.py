"""Reading kg.duckdb for the serving build: streamed scans, the original's duplicate rules, body encoding."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import orjson

if TYPE_CHECKING:  # only the build queries DuckDB; the serving process need not load it
    from duckdb import DuckDBPyConnection

    Con = DuckDBPyConnection
else:
    Con = Any
BATCH = 5_000


def body(value: Any) -> bytes:
    """The response body `{"result": value}`, byte for byte what `routers.common.result` sends."""
    return orjson.dumps({"result": value})


def stream(con: Con, sql: str, params: Any = None, batch_rows: int = BATCH) -> Iterator[tuple[Any, ...]]:
    """Rows of `sql`, fetched `batch_rows` at a time (a full table never sits in memory)."""
    cur = con.cursor()
    try:
        cur.execute(sql, params)
        while batch := cur.fetchmany(batch_rows):
            yield from batch
    finally:
        cur.close()


def winners(con: Con, table: str, key: str, order: str, last: bool = True) -> dict[Any, Any]:
    """For keys that occur more than once: the `order` value of the row the store answers with.

    `key` is one column or several, comma-separated (then the dict is keyed by tuples). `last`: the highest
    (a later duplicate overwrites in the original's dict); else the lowest (the store took the first row).
    Only duplicated keys are listed, so this stays small.
    """
    pick = "max" if last else "min"
    sql = f"SELECT {pick}({order}), {key} FROM {table} GROUP BY {key} HAVING count(*) > 1"
    width = key.count(",") + 1
    return {(r[1] if width == 1 else r[1:]): r[0] for r in con.execute(sql).fetchall()}


def unique_rows(
    con: Con, table: str, key: str, order: str, columns: str, last: bool = True, where: str = ""
) -> Iterator[tuple[Any, ...]]:
    """`(*key, *columns)` once per key, the row chosen as `winners` says, in table (insertion) order."""
    chosen = winners(con, table, key, order, last)
    width = key.count(",") + 1
    sql = f"SELECT {order}, {key}, {columns} FROM {table} {where}"
    for row in stream(con, sql):
        k = row[1] if width == 1 else row[1 : 1 + width]
        if k in chosen and chosen[k] != row[0]:
            continue
        yield row[1:]


def groups(con: Con, sql: str) -> Iterator[tuple[Any, list[tuple[Any, ...]]]]:
    """Consecutive runs of rows with the same first column (`sql` must order by it), without that column."""
    current: Any = None
    rows: list[tuple[Any, ...]] = []
    for row in stream(con, sql):
        if rows and row[0] != current:
            yield current, rows
            rows = []
        current = row[0]
        rows.append(row[1:])
    if rows:
        yield current, rows
