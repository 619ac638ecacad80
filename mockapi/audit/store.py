"""The one way the audit opens a DuckDB store: read-only, with DuckDB's progress bar off and never drawn, and
its memory bounded.

DuckDB turns its progress bar on for a connection to a file and draws it on the process's stdout (fd 1) once a
query runs past `progress_bar_time` (2 s). At load 10+ the audit's page reads pass that, and `crag-mock audit
--json` then printed the bar's carriage-return lines before the JSON (4.7 kB of them on w_g27b, session 52):
stdout no longer parsed. The settings are per connection (DuckDB takes neither in `config=`), so every store
the audit reads is opened here. Printing is turned off as well as the bar: setting `progress_bar_time` turns
the bar back on (DuckDB 2.0), printing stays off.

Memory (issue 34): DuckDB keeps every block it has read in its buffer pool up to its memory limit, 80% of the
machine's RAM by default, and a read-only store's blocks are never evicted below it. The audit reads samples
spread over the whole pages store and scans its results, so the pool grew with the world: on generator 36's
5,000-question train world it held ~1 GB of the audit's 2.69 GB peak (the audit's own objects ~0.3 GB). A
store opened here is limited to `MEMORY_LIMIT`: blocks past it are evicted (read again from the file, which
the OS caches), and what a query must hold beyond it (a hash table) spills to a directory of this process's
own (`_spill_dir`), never beside the world, which the audit must not write into. The figures do not change.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

import duckdb

MEMORY_LIMIT = "512MB"
_SPILL: list[str] = []


def connect(path: Path | str) -> duckdb.DuckDBPyConnection:
    """`path` opened read-only, its progress bar off and unprinted, its memory limited (module docstring)."""
    con = duckdb.connect(str(path), read_only=True)
    con.execute("SET enable_progress_bar = false; SET enable_progress_bar_print = false")
    con.execute(f"SET memory_limit = '{MEMORY_LIMIT}'")
    con.execute("SET temp_directory = ?", [_spill_dir()])
    return con


def _spill_dir() -> str:
    """A temporary directory of this process's (made once, removed at exit) for what DuckDB spills."""
    if not _SPILL:
        _SPILL.append(tempfile.mkdtemp(prefix="crag-audit-duckdb-"))
        atexit.register(shutil.rmtree, _SPILL[0], True)
    return _SPILL[0]
