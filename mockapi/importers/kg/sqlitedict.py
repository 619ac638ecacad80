"""Read SqliteDict files (finance): table `unnamed`, key TEXT, value = a pickled Python object.

Plain sqlite3 + pickle, no sqlitedict dependency. Values are unpickled through an allow-list
(mockapi/importers/kg/safe_pickle.py): a tampered file is refused, never run.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

from mockapi.importers.kg import safe_pickle

TABLE = "unnamed"
BATCH = 500


def count(path: Path) -> int:
    """Number of keys (for the progress bar)."""
    with closing(_connect(path)) as con:
        return int(con.execute(f'SELECT count(*) FROM "{TABLE}"').fetchone()[0])


def items(path: Path, sort_keys: bool = False) -> Iterator[tuple[str, Any]]:
    """(key, unpickled value) in rowid order (SqliteDict's own order), or by key when asked."""
    order = "key" if sort_keys else "rowid"
    with closing(_connect(path)) as con:
        cur = con.execute(f'SELECT key, value FROM "{TABLE}" ORDER BY {order}')
        while batch := cur.fetchmany(BATCH):
            for key, blob in batch:
                yield key, safe_pickle.loads(bytes(blob), f"{path} (key {key!r})")


def _connect(path: Path) -> sqlite3.Connection:
    # read-only URI: never create or modify the user's file (SqliteDict's default flag would create it)
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
