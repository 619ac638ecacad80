"""A world whose `serving/` lacks a table a route reads is refused at start, in one line.

`serving/` is derived from kg.duckdb at build/import time. A world built before a route's table existed
(the "add a route" recipe, an upgrade) has a `serving/meta.json` of the current format without that table:
served, the route would fail on every request. The server refuses to start on it, naming the command that
rebuilds serving/ alone (`REBUILD`); `crag-mock build` would rebuild the whole world (the builders' own
version, `builders_version()`, is part of what decides a rebuild).
A world without `serving/` is not stale: the server builds the folder into a temp dir from kg.duckdb.
"""

from __future__ import annotations

from pathlib import Path

from mockapi.core.user_error import UserError
from mockapi.serving.build import read_meta
from mockapi.serving.routes import ROUTES

REBUILD = "python -m mockapi.process.serving_tables"
"""Rebuilds serving/ alone from kg.duckdb and hashes the world again (mockapi/process/serving_tables.py):
seconds, where `crag-mock build` would generate the whole world again."""


def needed() -> set[str]:
    """Every key table and sports frame a route reads (its answer names them)."""
    return {name for route in ROUTES for name in (*route.tables, *route.frames)}


def missing_tables(world: Path) -> list[str]:
    """The tables and frames routes read that `world/serving/` lacks, sorted ([] without a current
    serving/: the server builds one)."""
    meta = read_meta(world)
    if meta is None:
        return []
    return sorted(needed() - set(meta["tables"]) - set(meta["frames"]))


def refuse_stale(world: Path) -> None:
    """A one-line UserError naming the missing tables and the command that rebuilds them, for a stale
    world; else nothing."""
    missing = missing_tables(world)
    if not missing:
        return
    raise UserError(
        f"the world at {world} was built before its serving tables {', '.join(missing)} existed; "
        f"rebuild them from its KG with `{REBUILD} --data {world}`"
    )
