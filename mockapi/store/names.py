"""Entity-name search index (placeholder until the server issue lands its BM25 index)."""

from __future__ import annotations

import duckdb


def build_name_index(con: duckdb.DuckDBPyConnection) -> None:
    """Build the name-search tables from the domain tables of `con` (no-op placeholder)."""
