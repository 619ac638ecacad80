"""manifest.json: what a world holds, and a content hash that identifies it."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, TypedDict

from mockapi.core.paths import WEB_SERVING_DIR
from mockapi.formats import canonical


class TableDigest(TypedDict):
    rows: int
    digest: str
    """sha256 (hex) of the table's canonical rows (`mockapi.formats.canonical.table_digest`)."""


def table_digest(db: Path) -> dict[str, TableDigest]:
    """Per table: row count and the digest of its canonical rows (`mockapi.formats.canonical`).

    DuckDB writes each row's canonical text and hashes it with SQL functions whose output is defined (sha256,
    printf, strftime, hex; never its internal `hash()` or a VARCHAR cast of a float); the row digests are
    sorted and combined here. So the digest depends only on the rows' values, on any DuckDB version. A column
    type without a SQL form here (lists, structs, decimals) sends its table through the Python encoder.
    """
    import duckdb  # here: the server reads manifests and never hashes a store

    con = duckdb.connect(str(db), read_only=True)
    try:
        tables = [
            r[0] for r in con.execute("SELECT table_name FROM duckdb_tables() ORDER BY table_name").fetchall()
        ]
        out: dict[str, TableDigest] = {}
        for table in tables:
            columns = con.execute(
                "SELECT column_name, data_type FROM duckdb_columns() WHERE table_name = ? "
                "ORDER BY column_index",
                [table],
            ).fetchall()
            names = [c for c, _ in columns]
            found = _sql_table_digest(con, table, columns)
            if found is None:
                digests = _python_digests(con, table)
                found = {"rows": len(digests), "digest": canonical.table_digest(names, digests)}
            out[table] = found
        return out
    finally:
        con.close()


_SQL_TEXT = {
    "VARCHAR": "CAST(strlen({c}) AS VARCHAR) || ':' || {c}",
    "BOOLEAN": "CASE WHEN {c} THEN 'true' WHEN NOT {c} THEN 'false' END",
    "DOUBLE": "printf('%.17g', {c})",
    "FLOAT": "printf('%.17g', CAST({c} AS DOUBLE))",
    "TIMESTAMP": f"strftime({{c}}, '{canonical.TIMESTAMP_FORMAT}')",
    "DATE": f"strftime({{c}}, '{canonical.DATE_FORMAT}')",
    "BLOB": "'x' || lower(hex({c}))",
    **{t: "CAST({c} AS VARCHAR)" for t in ("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT")},
    **{t: "CAST({c} AS VARCHAR)" for t in ("UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT")},
}
"""The canonical text of a column type in SQL, equal to `canonical.canonical_value` of the fetched value."""


def _sql_table_digest(con: Any, table: str, columns: list[tuple[str, str]]) -> TableDigest | None:
    """`canonical.table_digest` of the table's rows with the row digests made, sorted and joined by DuckDB
    (its threads, and no Python object per row: 1M-row tables took 11 s of Python sorting and hashing), so
    only the final sha256 runs here. The bytes hashed are the same: the header line, then each sorted
    digest and a newline (hex digests sort alike bytewise in DuckDB and in Python)."""
    if not columns or any(t not in _SQL_TEXT for _, t in columns):
        return None
    texts = [f"coalesce({_SQL_TEXT[t].format(c=_quoted(c))}, '{canonical.NULL}')" for c, t in columns]
    line = " || chr(9) || ".join(texts)
    rows, joined = con.execute(
        f"SELECT count(*), string_agg(d, chr(10) ORDER BY d) FROM (SELECT sha256({line}) AS d "
        f"FROM {_quoted(table)})"
    ).fetchone()
    h = hashlib.sha256((canonical.canonical_row([c for c, _ in columns]) + "\n").encode())
    if joined:
        h.update(joined.encode() + b"\n")
    return {"rows": int(rows), "digest": h.hexdigest()}


def _python_digests(con: Any, table: str) -> list[str]:
    cursor = con.execute(f"SELECT * FROM {_quoted(table)}")
    digests: list[str] = []
    while batch := cursor.fetchmany(10_000):
        digests.extend(canonical.row_digest(row) for row in batch)
    return digests


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def store_digests(world: Path, taken: frozenset[str] = frozenset()) -> dict[str, dict[str, TableDigest]]:
    """`table_digest` of each store (*.duckdb) of `world` but those named in `taken`, by file name: taken by
    the build beside its web tables once no store changes any more (mockapi/world/web_stage.py), for
    `content_hash` (kg.duckdb's beside the serving stage: mockapi/world/build.py)."""
    return {db.name: table_digest(db) for db in sorted(world.glob("*.duckdb")) if db.name not in taken}


def content_hash(
    world: Path, extra: dict[str, str], stores: dict[str, dict[str, TableDigest]] | None = None
) -> str:
    """sha256 over every store's table digests, the derived folders' digests and `extra` (e.g. the page
    renderer version) less the libraries' versions: the manifest records those, but the hash names content,
    so the same content built or read with another DuckDB (or Faker, Jinja2) gives the same hash.
    `stores`: `store_digests` taken already (a store missing from it is digested now)."""
    extra = {k: v for k, v in extra.items() if k not in LIBRARY_VERSIONS}
    h = hashlib.sha256()
    for db in sorted(world.glob("*.duckdb")):
        digests = (stores or {}).get(db.name)
        h.update(db.name.encode())
        h.update(json.dumps(table_digest(db) if digests is None else digests, sort_keys=True).encode())
    for folder in DERIVED_FOLDERS:  # each one's sha256 over its bytes, from its meta.json
        digest = _derived_digest(world / folder / "meta.json")
        if digest is not None:
            h.update(folder.encode() + digest.encode())
    # not /retrieve's passages: a pure function of the pages, made when first needed
    # (mockapi/retrieve/ensure.py), so a world's hash is the same before and after
    h.update(json.dumps(extra, sort_keys=True).encode())
    return "sha256:" + h.hexdigest()


LIBRARY_VERSIONS = frozenset({"duckdb", "Faker", "Jinja2", "python"})
"""Keys of `extra` that are third-party versions (`mockapi.world.build.code_versions`): not hashed."""

DERIVED_FOLDERS = ("serving", "search", WEB_SERVING_DIR)
"""Folders built from the stores for serving, in hashing order: the serving tables (mockapi/serving), the
name-search postings (mockapi/search) and the key tables of /web/* (mockapi/web/tables_build.py)."""


def _derived_digest(meta: Path) -> str | None:
    try:
        digest = json.loads(meta.read_text(encoding="utf-8")).get("digest")
    except (OSError, ValueError, AttributeError):
        return None
    return str(digest) if digest else None
