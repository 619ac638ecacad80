"""Build `<world>/serving/` from kg.duckdb: every exact-key table, the sports frames and the Grammy rows.

Called by `crag-mock build` (mockapi/world/kg_stage.py) and `crag-mock import-kg` after the KG is written;
the server builds it into a temp dir for a world that has none (older or hand-made worlds).
The files depend only on kg.duckdb and FORMAT, and are written deterministically; `meta.json` carries a
sha256 over all of them, which the world's content hash includes (mockapi/world/manifest.py).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

import orjson
from pydantic import TypeAdapter, ValidationError
from typing_extensions import TypedDict

from mockapi.core.staging import folder_digest, read_derived_meta, stage
from mockapi.serving.frames import FRAMES, FrameMeta, write_frame
from mockapi.serving.keytable import write_table
from mockapi.serving.kgstore import KGSnapshot, snapshot
from mockapi.serving.rows import Con
from mockapi.serving.tables import TABLES, grammy_rows

FORMAT = 1
SERVING_DIR = "serving"
META = "meta.json"
GRAMMY_ROWS = "grammy_rows.json"
BUILDERS = ("build.py", "tables.py", "frames.py", "keytable.py", "rows.py", "jsontext.py", "kgstore.py")
"""The modules whose code decides what serving/ holds (tables, their bytes, the meta's snapshot)."""


@cache
def builders_version() -> str:
    """sha256 (12 hex) over the source of the serving builders (`BUILDERS`). It is one of a world's
    `code_versions()`, so `crag-mock build` rebuilds a world whose serving/ an older builder wrote (a new
    route's table, a changed body) instead of reusing it; no version number to remember to bump."""
    h = hashlib.sha256(f"format {FORMAT}\n".encode())
    for name in BUILDERS:
        h.update(name.encode() + b"\0" + (Path(__file__).parent / name).read_bytes())
    return h.hexdigest()[:12]


class ServingMeta(TypedDict):
    """serving/meta.json."""

    format: int
    tables: dict[str, int]
    """Table name → distinct keys."""
    frames: dict[str, FrameMeta]
    digest: str
    """sha256 over the folder's files (covered by the world's content hash)."""
    snapshot: KGSnapshot


_META = TypeAdapter(ServingMeta)


def build_serving(con: Con, world: Path, progress: Callable[[str], None] = lambda _m: None) -> ServingMeta:
    """(Re)write `world/serving/` from `con`; atomic (built aside, then renamed). Returns its meta."""
    with stage(world / SERVING_DIR, "building") as tmp:
        meta = _write_serving(con, tmp, progress)
    return meta


def _write_serving(con: Con, tmp: Path, progress: Callable[[str], None]) -> ServingMeta:
    tables: dict[str, int] = {}
    for name, items in TABLES.items():
        progress(f"serving: {name}")
        tables[name] = write_table(tmp, name, items(con))
    frames: dict[str, FrameMeta] = {}
    for frame in FRAMES:
        progress(f"serving: {frame}")
        frames[frame] = write_frame(con, tmp, frame)
    (tmp / GRAMMY_ROWS).write_bytes(orjson.dumps(list(grammy_rows(con))))
    meta: ServingMeta = {
        "format": FORMAT,
        "tables": tables,
        "frames": frames,
        "digest": "sha256:" + folder_digest(tmp),
        "snapshot": snapshot(con),
    }
    (tmp / META).write_text(json.dumps(meta, sort_keys=True) + "\n", encoding="utf-8")
    return meta


def read_meta(world: Path) -> ServingMeta | None:
    """The serving meta of `world`, or None when it has no current serving dir (or its meta.json does not
    hold what this version writes: the caller then rebuilds it)."""
    raw = read_derived_meta(world / SERVING_DIR, FORMAT)
    try:
        return _META.validate_python(raw) if raw is not None else None
    except ValidationError:
        return None


def serving_snapshot(world: Path) -> KGSnapshot | None:
    """The start-up snapshot (row counts, examples) of the world's serving dir, if it has one."""
    meta = read_meta(world)
    return meta["snapshot"] if meta else None
