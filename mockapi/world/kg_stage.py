"""The KG stage: creates kg.duckdb from the shared schema and runs the domain generators into it."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb

from mockapi.core.paths import KG_DB
from mockapi.formats.schema import schema_sql
from mockapi.world.context import WorldContext
from mockapi.world.writer import TableWriter

# Each module exposes `generate(ctx: WorldContext, out: TableWriter) -> None`.
DOMAIN_GENERATORS = [
    "mockapi.world.domains.finance",
    "mockapi.world.domains.sports",
    "mockapi.world.domains.music",
    "mockapi.world.domains.movie",
    "mockapi.world.domains.open",
]

Progress = Callable[[str], None]

BUILD_MEMORY_LIMIT = "1GB"


def build_kg(ctx: WorldContext, world: Path, progress: Progress) -> dict[str, Any]:
    """Generate every domain into `world/kg.duckdb`; returns the KG part of the manifest."""
    # DuckDB keeps freshly written blocks cached up to 80% of RAM by default (5 GB at full scale); a cap makes
    # it evict them to the file instead, so the build's memory stays flat whatever the scale.
    con = duckdb.connect(str(world / KG_DB), config={"memory_limit": BUILD_MEMORY_LIMIT})
    try:
        con.execute(schema_sql("kg.sql"))
        out = TableWriter(con)
        for module_name in DOMAIN_GENERATORS:
            progress(f"kg: {module_name.rsplit('.', 1)[-1]}")
            module = importlib.import_module(module_name)
            module.generate(ctx, out)
            out.flush()
        progress("kg: search index")
        from mockapi.search.build import build_search_index

        build_search_index(con, world)
        from mockapi.serving.build import build_serving

        build_serving(con, world, progress)
        con.execute("CHECKPOINT")
        return kg_summary(con)
    finally:
        con.close()


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
