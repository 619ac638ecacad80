"""The KG stage: creates kg.duckdb from the shared schema and runs the domain generators into it.

Each domain draws only from its own seeded streams (`ctx.rng(domain, …)`) and reads nothing another domain
wrote, so with several helpers (`crag-mock build --jobs N`) each domain is generated into a store of its own
in a helper process (the longest first), and the stores are copied into kg.duckdb in the serial order: the
same rows in the same order (rowid order is part of the data: the serving tables read it), for any number
of helpers.
"""

from __future__ import annotations

import importlib
import shutil
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import duckdb

from mockapi.core.paths import KG_DB
from mockapi.core.pipe_pool import build_workers, in_each, run_each
from mockapi.formats.schema import schema_sql
from mockapi.formats.writer import TableWriter
from mockapi.world.context import WorldContext

# Each module exposes `generate(ctx: WorldContext, out: TableWriter) -> None`.
DOMAIN_GENERATORS = [
    "mockapi.world.domains.finance",
    "mockapi.world.domains.sports",
    "mockapi.world.domains.music",
    "mockapi.world.domains.movie",
    "mockapi.world.domains.open",
]

# Relative cost of each domain: its generator's CPU seconds on the default world (issue 34, at load 10; on
# tiny too finance and sports cost most; the full world was not re-measured). The longest start first.
DOMAIN_COST = {
    "mockapi.world.domains.finance": 74,
    "mockapi.world.domains.sports": 39,
    "mockapi.world.domains.music": 16,
    "mockapi.world.domains.movie": 16,
    "mockapi.world.domains.open": 18,
}

Progress = Callable[[str], None]

BUILD_MEMORY_LIMIT = "1GB"


def build_kg(
    ctx: WorldContext, world: Path, progress: Progress, beside: Callable[[], None] | None = None
) -> dict[str, Any]:
    """Generate every domain into `world/kg.duckdb`; returns the KG part of the manifest. `beside`: work
    that only reads the finished KG, run in a thread while the helpers write the serving tables (this
    process then only waits on them); with no helpers, not run."""
    # DuckDB keeps freshly written blocks cached up to 80% of RAM by default (5 GB at full scale); a cap makes
    # it evict them to the file instead, so the build's memory stays flat whatever the scale.
    con = duckdb.connect(str(world / KG_DB), config={"memory_limit": BUILD_MEMORY_LIMIT})
    try:
        con.execute(schema_sql("kg.sql"))
        jobs = min(build_workers(), len(DOMAIN_GENERATORS))
        if jobs < 2:
            out = TableWriter(con)
            for module_name in DOMAIN_GENERATORS:
                progress(f"kg: {module_name.rsplit('.', 1)[-1]}")
                generate_into(module_name, ctx, out)
        else:
            progress(f"kg: {len(DOMAIN_GENERATORS)} domains over {jobs} helpers")
            generate_apart(ctx, world, con, jobs)
        progress("kg: search index")
        from mockapi.search.build import build_search_index

        build_search_index(con, world)
        con.execute("CHECKPOINT")
        from mockapi.serving.build import build_serving

        if build_workers() < 2:
            build_serving(con, world, progress)
            return kg_summary(con)
    finally:
        con.close()
    # the serving tables over the helpers, each reading kg.duckdb: no connection here may write it then
    con = duckdb.connect(str(world / KG_DB), read_only=True)
    try:
        with ThreadPoolExecutor(1, thread_name_prefix="crag-mock-beside") as thread:
            done = thread.submit(beside or (lambda: None))
            build_serving(con, world, progress, (world / KG_DB, build_workers()))
            in_each(close_serving_connections, build_workers())  # the build's helpers go on to other stages
            done.result()
        return kg_summary(con)
    finally:
        con.close()


def close_serving_connections() -> None:
    """In each helper of the build: close the read-only connections to kg.duckdb the serving builders keep
    (`mockapi.serving.build._read_only`; not edited there: its source is part of a world's version)."""
    from mockapi.serving import build

    while build._CONNECTIONS:
        build._CONNECTIONS.popitem()[1].close()


def generate_into(module_name: str, ctx: WorldContext, out: TableWriter) -> None:
    importlib.import_module(module_name).generate(ctx, out)
    out.flush()


def generate_domain(module_name: str, ctx: WorldContext, path: str) -> str:
    """In a helper process: one domain into a fresh store at `path` (the schema's tables); returns `path`."""
    con = duckdb.connect(path, config={"memory_limit": BUILD_MEMORY_LIMIT})
    try:
        con.execute(schema_sql("kg.sql"))
        generate_into(module_name, ctx, TableWriter(con))
        con.execute("CHECKPOINT")
    finally:
        con.close()
    return path


def generate_apart(ctx: WorldContext, world: Path, con: duckdb.DuckDBPyConnection, jobs: int) -> None:
    """Every domain in a helper process of its own, `jobs` at a time; then their rows into `con`, in order."""
    parts = world / ".kg-parts"
    parts.mkdir()
    paths = {m: str(parts / f"{m.rsplit('.', 1)[-1]}.duckdb") for m in DOMAIN_GENERATORS}
    longest_first = sorted(DOMAIN_GENERATORS, key=lambda m: -DOMAIN_COST[m])
    run_each(generate_domain, [(m, ctx, paths[m]) for m in longest_first], jobs)
    tables = [
        r[0] for r in con.execute("SELECT table_name FROM duckdb_tables() ORDER BY table_name").fetchall()
    ]
    for module_name in DOMAIN_GENERATORS:  # the serial order of rows
        con.execute(f"ATTACH '{paths[module_name]}' AS part (READ_ONLY)")
        try:
            for table in tables:
                con.execute(f"INSERT INTO main.{table} SELECT * FROM part.{table}")
        finally:
            con.execute("DETACH part")
    shutil.rmtree(parts)


def kg_summary(con: duckdb.DuckDBPyConnection) -> dict[str, Any]:
    """Counts per domain, popularity mix and the hard-negative ratio, for manifest and `info`."""
    per_domain = dict(
        con.execute("SELECT domain, count(*) FROM entities GROUP BY domain ORDER BY domain").fetchall()
    )
    popularity = dict(
        con.execute(
            "SELECT popularity, count(*) FROM entities WHERE is_target"
            " GROUP BY popularity ORDER BY popularity"
        ).fetchall()
    )
    targets, min_lookalikes = con.execute(
        """SELECT count(*), coalesce(min(n), 0) FROM (
               SELECT t.entity_id, count(l.entity_id) AS n FROM entities t
               LEFT JOIN entities l ON l.lookalike_of = t.entity_id
               WHERE t.is_target GROUP BY t.entity_id)"""
    ).fetchone() or (0, 0)
    tables = {
        r[0]: r[1]
        for r in con.execute(
            "SELECT table_name, estimated_size FROM duckdb_tables() ORDER BY table_name"
        ).fetchall()
    }
    exact = {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables}  # type: ignore[index]
    return {
        "entities": sum(per_domain.values()),
        "entities_per_domain": per_domain,
        "targets": targets,
        "target_popularity": popularity,
        "min_lookalikes_per_target": min_lookalikes,
        # CRAG's signal-to-noise: one right entity per question among >= 30 look-alikes, i.e. below 1/30
        "hard_negative_ratio": round(1 / (min_lookalikes + 1), 4) if min_lookalikes else None,
        "tables": exact,
    }
