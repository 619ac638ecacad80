"""The one way the audit opens a DuckDB store: read-only, with DuckDB's progress bar off and never drawn.

DuckDB turns its progress bar on for a connection to a file and draws it on the process's stdout (fd 1) once a
query runs past `progress_bar_time` (2 s). At load 10+ the audit's page reads pass that, and `crag-mock audit
--json` then printed the bar's carriage-return lines before the JSON (4.7 kB of them on w_g27b, session 52):
stdout no longer parsed. The settings are per connection (DuckDB takes neither in `config=`), so every store
the audit reads is opened here. Printing is turned off as well as the bar: setting `progress_bar_time` turns
the bar back on (DuckDB 2.0), printing stays off.
"""

from __future__ import annotations

from pathlib import Path

import duckdb


def connect(path: Path | str) -> duckdb.DuckDBPyConnection:
    """`path` opened read-only, its progress bar off and not printed (module docstring)."""
    con = duckdb.connect(str(path), read_only=True)
    con.execute("SET enable_progress_bar = false; SET enable_progress_bar_print = false")
    return con
