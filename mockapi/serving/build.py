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
from typing import Any

import orjson
from pydantic import TypeAdapter, ValidationError
from typing_extensions import TypedDict

from mockapi.core.pipe_pool import ordered_map
from mockapi.core.staging import folder_digest, read_derived_meta, stage
from mockapi.serving.kgstore import KGSnapshot, snapshot
from mockapi.serving.tables.bodies import TABLES, grammy_rows
from mockapi.serving.tables.frames import FRAMES, FrameMeta, write_frame
from mockapi.serving.tables.keytable import write_table
from mockapi.serving.tables.rows import Con

FORMAT = 1
SERVING_DIR = "serving"
META = "meta.json"
GRAMMY_ROWS = "grammy_rows.json"
BUILDERS = (
    "build.py",
    "tables/bodies.py",
    "tables/frames.py",
    "tables/keytable.py",
    "tables/rows.py",
    "tables/jsontext.py",
    "kgstore.py",
)
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


def build_serving(
    con: Con,
    world: Path,
    progress: Callable[[str], None] = lambda _m: None,
    apart: tuple[Path, int] | None = None,
) -> ServingMeta:
    """(Re)write `world/serving/` from `con`; atomic (built aside, then renamed). Returns its meta.
    `apart` (the kg.duckdb file, helper processes): the tables and frames are written by helpers, each
    reading the file on a read-only connection of its own (the caller has written and checkpointed it);
    every file is written by one function of its name alone, so the bytes are the same."""
    with stage(world / SERVING_DIR, "building") as tmp:
        meta = _write_serving(con, tmp, progress, apart)
    return meta


def _write_serving(
    con: Con, tmp: Path, progress: Callable[[str], None], apart: tuple[Path, int] | None
) -> ServingMeta:
    counts: dict[str, Any] = {}
    if apart is not None and apart[1] > 1:
        progress(f"serving: {len(TABLES) + len(FRAMES)} tables over {apart[1]} helpers")
        items = [(str(apart[0]), str(tmp), name) for name in [*TABLES, *FRAMES]]
        counts.update(zip([*TABLES, *FRAMES], ordered_map(write_one, items, apart[1], 1), strict=True))
    else:
        for name in [*TABLES, *FRAMES]:
            progress(f"serving: {name}")
            counts[name] = _write_one(con, tmp, name)
    tables: dict[str, int] = {name: counts[name] for name in TABLES}
    frames: dict[str, FrameMeta] = {frame: counts[frame] for frame in FRAMES}
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


def _write_one(con: Con, folder: Path, name: str) -> int | FrameMeta:
    """Key table or frame `name` into `folder`: its count of keys, or the frame's meta."""
    if name in FRAMES:
        return write_frame(con, folder, name)
    return write_table(folder, name, TABLES[name](con))


def write_one(kg_db: str, folder: str, name: str) -> int | FrameMeta:
    """In a build helper: `_write_one` on the helper's own read-only connection to `kg_db`."""
    return _write_one(_read_only(kg_db), Path(folder), name)


_CONNECTIONS: dict[str, Con] = {}


def _read_only(kg_db: str) -> Con:
    """One read-only connection to `kg_db` per helper process, kept for the tables it writes next."""
    if kg_db not in _CONNECTIONS:
        import duckdb

        _CONNECTIONS[kg_db] = duckdb.connect(kg_db, read_only=True)
    return _CONNECTIONS[kg_db]


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
