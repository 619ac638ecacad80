"""manifest.json: what a world holds, and a content hash that identifies it."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TypedDict

from mockapi.core.paths import WEB_SERVING_DIR


class TableDigest(TypedDict):
    rows: int
    digest: str
    """The sum of the rows' hashes, as text (a HUGEINT)."""


def table_digest(db: Path) -> dict[str, TableDigest]:
    """Per table: row count and an order-sensitive digest of its content, computed inside DuckDB.

    The digest hashes each row's text together with its position in a total order over all columns, so it
    depends only on content (not on how DuckDB laid out the file), and is the same for the same data.
    """
    import duckdb  # here: the server reads manifests and never hashes a store

    con = duckdb.connect(str(db), read_only=True)
    try:
        out: dict[str, TableDigest] = {}
        tables = [
            r[0] for r in con.execute("SELECT table_name FROM duckdb_tables() ORDER BY table_name").fetchall()
        ]
        for table in tables:
            count, digest = con.execute(
                f"SELECT count(*), coalesce(sum(hash(t::VARCHAR)::HUGEINT), 0)::VARCHAR FROM {table} t"
            ).fetchone() or (0, "0")
            out[table] = {"rows": count, "digest": digest}
        return out
    finally:
        con.close()


def content_hash(world: Path, extra: dict[str, str]) -> str:
    """sha256 over every store's table digests, the derived folders' digests and `extra` (e.g. the page
    renderer version)."""
    h = hashlib.sha256()
    for db in sorted(world.glob("*.duckdb")):
        h.update(db.name.encode())
        h.update(json.dumps(table_digest(db), sort_keys=True).encode())
    for folder in DERIVED_FOLDERS:  # each one's sha256 over its bytes, from its meta.json
        digest = _derived_digest(world / folder / "meta.json")
        if digest is not None:
            h.update(folder.encode() + digest.encode())
    h.update(json.dumps(extra, sort_keys=True).encode())
    return "sha256:" + h.hexdigest()


DERIVED_FOLDERS = ("serving", "search", WEB_SERVING_DIR)
"""Folders built from the stores for serving, in hashing order: the serving tables (mockapi/serving), the
name-search postings (mockapi/search) and the key tables of /web/* (mockapi/web/tables_build.py)."""


def _derived_digest(meta: Path) -> str | None:
    try:
        digest = json.loads(meta.read_text(encoding="utf-8")).get("digest")
    except (OSError, ValueError, AttributeError):
        return None
    return str(digest) if digest else None
