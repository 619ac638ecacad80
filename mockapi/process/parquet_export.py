"""`crag-mock export --format parquet --out DIR`: a world as Parquet files a `datasets` user loads directly,
with a dataset card (README.md): questions with their gold answers, the frozen search results, the pages'
text, and every KG table (kg/<table>.parquet). DuckDB writes the files, rows in a stable order."""

from __future__ import annotations

import shutil
from pathlib import Path

from mockapi.core.user_error import UserError
from mockapi.formats.manifest import read_manifest
from mockapi.process.dataset_card import CardInfo, write_card

# config name → (store, SQL of the rows, file); pages without their deflated HTML (their text is here; the
# HTML is `crag-mock export --task 3` or /web/get_page)
TABLES = {
    "questions": ("questions.duckdb", "SELECT * FROM questions ORDER BY ord", "questions.parquet"),
    "search_results": (
        "pages.duckdb",
        "SELECT * EXCLUDE (last_modified_ts) FROM results ORDER BY interaction_id, rank",
        "search_results.parquet",
    ),
    "pages": (
        "pages.duckdb",
        "SELECT page_id, url, kind, html_size, text FROM pages ORDER BY page_id",
        "pages.parquet",
    ),
}


def export_parquet(world: Path, out: Path) -> int:
    """Write the Parquet files and the card into `out` (built aside, then renamed); prints what it wrote."""
    import duckdb

    manifest = read_manifest(world)
    if out.exists() and any(out.iterdir()):
        raise UserError(f"{out} exists and is not empty; pick a new --out directory")
    tmp = out.with_name(f".{out.name}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    (tmp / "kg").mkdir(parents=True)
    files: dict[str, tuple[str, int]] = {}
    for name, (store, sql, path) in TABLES.items():
        if (world / store).is_file():
            files[name] = (path, _copy(world / store, sql, tmp / path))
    con = duckdb.connect(str(world / "kg.duckdb"), read_only=True)
    kg = [r[0] for r in con.execute("SELECT table_name FROM duckdb_tables() ORDER BY table_name").fetchall()]
    con.close()
    for table in kg:
        sql = f'SELECT * FROM "{table}" ORDER BY ALL'
        files[f"kg_{table}"] = (
            f"kg/{table}.parquet",
            _copy(world / "kg.duckdb", sql, tmp / "kg" / f"{table}.parquet"),
        )
    synthetic = manifest.kind == "synthetic"
    identity = {
        "content_hash": str(manifest.content_hash),
        "kind": str(manifest.kind),
        "scale": str(manifest.scale),
        "seed": str(manifest.seed),
        "split": str(getattr(manifest, "split", "")),
        "crag_mockapi": str((manifest.versions or {}).get("crag-mockapi", "")),
    }
    write_card(
        tmp,
        CardInfo(
            title=f"crag-mockapi world {manifest.scale or manifest.kind} (seed {manifest.seed})",
            licence="mit" if synthetic else "cc-by-nc-4.0",
            files=files,
            identity=identity,
            made_with=f"crag-mock export --format parquet --data {world} --out {out}",
            body=_body(synthetic),
        ),
    )
    if out.exists():
        out.rmdir()
    tmp.rename(out)
    total = sum(n for _, n in files.values())
    print(f"exported {len(files)} tables ({total:,} rows) of world {manifest.content_hash} to {out}")
    return 0


def _copy(db: Path, sql: str, path: Path) -> int:
    import duckdb

    con = duckdb.connect(str(db), read_only=True)
    try:
        con.execute(f"COPY ({sql}) TO '{path}' (FORMAT parquet, COMPRESSION zstd)")
        row = con.execute(f"SELECT count(*) FROM read_parquet('{path}')").fetchone()
        return int(row[0]) if row else 0
    finally:
        con.close()


def _body(synthetic: bool) -> list[str]:
    source = (
        "A synthetic CRAG-like world built by crag-mockapi (fictional entities, every fact known)."
        if synthetic
        else "A world imported from Meta's CRAG files (CC BY-NC 4.0): keep their licence when you share it."
    )
    return [
        source,
        "",
        "`questions`: CRAG's fields and the gold answer (`answer`, `alt_ans`), never served by the mock "
        "API. `search_results`: each question's frozen 50 results in rank order. `pages`: every page's URL, "
        "kind and text (the HTML: `crag-mock export --task 3`). `kg_*`: the KG tables behind the 38 routes.",
    ]
