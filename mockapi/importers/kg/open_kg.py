"""Open domain (contract §2.4): open/kg.N.jsonl.bz2, lines `[name, entity]`, later duplicates win."""

from __future__ import annotations

import bz2
import json
import re
from pathlib import Path
from typing import Any

import duckdb

from mockapi.formats.writer import TableWriter
from mockapi.importers.bounded import bounded_lines
from mockapi.importers.kg.encode import dumps
from mockapi.importers.kg.progress import Advance, ImportProgress

DOMAIN = "open"
_PART = re.compile(r"kg\.(\d+)\.jsonl\.bz2$")


def files(root: Path) -> list[Path]:
    """The open KG parts in numeric order (kg.0, kg.1, …, kg.10)."""
    found = [p for p in (root / "open").glob("kg.*.jsonl.bz2") if _PART.search(p.name)]
    return sorted(found, key=lambda p: int(_PART.search(p.name).group(1)))  # type: ignore[union-attr]


def run(root: Path, out: TableWriter, progress: ImportProgress) -> dict[str, int]:
    """Stream every part into open_entities, then resolve duplicate names as the original's dict does."""
    line_no = 0
    for path in files(root):
        line_no = _read_part(path, out, progress, line_no)
    out.flush()
    dropped = _resolve_duplicates(out.con)
    return {"entities": line_no - dropped, "duplicate_lines": dropped}


def _read_part(path: Path, out: TableWriter, progress: ImportProgress, line_no: int) -> int:
    with (
        path.open("rb") as raw,
        progress.step(f"open: {path.name}", path.stat().st_size) as advance,
        bz2.BZ2File(raw) as stream,
    ):
        done = 0
        for _n, line in bounded_lines(stream, str(path)):
            if not line.strip():
                continue
            name, entity = json.loads(line)
            out.add("open_entities", _row(line_no, name, entity))
            line_no += 1
            if line_no % 2048 == 0:
                done = _report(raw.tell(), done, advance)
        _report(raw.tell(), done, advance)
    return line_no


def _report(offset: int, done: int, advance: Advance) -> int:
    advance(offset - done)
    return offset


def _row(line_no: int, name: str, entity: dict[str, Any] | None) -> tuple[Any, ...]:
    entity = entity or {}
    return (
        line_no,
        name,
        entity.get("summary_text") or "",
        dumps(entity.get("summary_structured") or {}),
        entity.get("raw_mediawiki") or "",
    )


def _resolve_duplicates(con: duckdb.DuckDBPyConnection) -> int:
    """A repeated name keeps its first position (dict insertion order) and its last content (overwrite)."""
    counts = con.execute("SELECT count(*), count(DISTINCT name) FROM open_entities").fetchone()
    total, distinct = counts if counts else (0, 0)
    if total == distinct:
        return 0
    con.execute(
        """CREATE TEMP TABLE _open_dups AS
           SELECT name, min(ord) AS first, max(ord) AS last
           FROM open_entities GROUP BY name HAVING count(*) > 1"""
    )
    con.execute("DELETE FROM open_entities o USING _open_dups d WHERE o.name = d.name AND o.ord <> d.last")
    con.execute("UPDATE open_entities o SET ord = d.first FROM _open_dups d WHERE o.name = d.name")
    con.execute("DROP TABLE _open_dups")
    return int(total) - int(distinct)
