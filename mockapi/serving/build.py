"""Build `<world>/serving/` from kg.duckdb: every exact-key table, the sports frames and the Grammy rows.

Called by `crag-mock build` (mockapi/world/kg_stage.py) and `crag-mock import-kg` after the KG is written;
the server builds it into a temp dir for a world that has none (older or hand-made worlds).
The files depend only on kg.duckdb and FORMAT, and are written deterministically; `meta.json` carries a
sha256 over all of them, which the world's content hash includes (mockapi/world/manifest.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from mockapi.core.staging import folder_digest, read_derived_meta, stage
from mockapi.serving.frames import FRAMES, write_frame
from mockapi.serving.keytable import write_table
from mockapi.serving.kgstore import snapshot
from mockapi.serving.rows import Con
from mockapi.serving.tables import TABLES, grammy_rows

FORMAT = 1
SERVING_DIR = "serving"
META = "meta.json"
GRAMMY_ROWS = "grammy_rows.json"


def build_serving(con: Con, world: Path, progress: Callable[[str], None] = lambda _m: None) -> dict[str, Any]:
    """(Re)write `world/serving/` from `con`; atomic (built aside, then renamed). Returns its meta."""
    with stage(world / SERVING_DIR, "building") as tmp:
        meta = _write_serving(con, tmp, progress)
    return meta


def _write_serving(con: Con, tmp: Path, progress: Callable[[str], None]) -> dict[str, Any]:
    tables: dict[str, int] = {}
    for name, items in TABLES.items():
        progress(f"serving: {name}")
        tables[name] = write_table(tmp, name, items(con))
    frames = {}
    for frame in FRAMES:
        progress(f"serving: {frame}")
        frames[frame] = write_frame(con, tmp, frame)
    (tmp / GRAMMY_ROWS).write_bytes(orjson.dumps(list(grammy_rows(con))))
    meta = {
        "format": FORMAT,
        "tables": tables,
        "frames": frames,
        "digest": "sha256:" + folder_digest(tmp),
        "snapshot": snapshot(con),
    }
    (tmp / META).write_text(json.dumps(meta, sort_keys=True) + "\n", encoding="utf-8")
    return meta


def read_meta(world: Path) -> dict[str, Any] | None:
    """The serving meta of `world`, or None when it has no current serving dir."""
    return read_derived_meta(world / SERVING_DIR, FORMAT)


def serving_snapshot(world: Path) -> dict[str, Any] | None:
    """The start-up snapshot (row counts, examples) of the world's serving dir, if it has one."""
    meta = read_meta(world)
    found = meta.get("snapshot") if meta else None
    return found if isinstance(found, dict) else None
