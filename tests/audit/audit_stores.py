"""Real stores for the audit's scan tests: a copy of a built world's KG beside a page store of texts."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb

from mockapi.audit.data import AuditQuestion, Corpus
from mockapi.formats.manifest import Manifest


def page_corpus(tmp_path: Path, world: Path, pages: list[str], qs: list[AuditQuestion]) -> Corpus:
    """A corpus over a copy of `world`'s KG (kept when a test changed it already) whose pages.duckdb holds
    `pages` as p0, p1, ..., read as the audit reads a world."""
    tmp_path.mkdir(exist_ok=True)
    if not (tmp_path / "kg.duckdb").is_file():
        shutil.copy(world / "kg.duckdb", tmp_path / "kg.duckdb")
    with duckdb.connect(str(tmp_path / "pages.duckdb")) as con:
        con.execute("CREATE TABLE pages (page_id VARCHAR, text VARCHAR)")
        con.executemany("INSERT INTO pages VALUES (?, ?)", [(f"p{i}", t) for i, t in enumerate(pages)])
    return Corpus("world", qs, Manifest(), tmp_path)
