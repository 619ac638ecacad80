"""`python -m mockapi.process.serving_tables --data WORLD`: rebuild a world's `serving/` alone (from its KG).

The quick fix for a stale world (mockapi/serving/stale.py): when the serving builders changed (a new route's
table, a changed body) but nothing else did, the KG, pages and questions need not be generated again. This
rewrites `serving/` from kg.duckdb (read only), records the builders' version in the manifest and hashes
the world again, as the build or import that made it would have: afterwards `crag-mock build` with the
world's own flags reuses it, and its content hash is the one a full rebuild gives.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from mockapi.core.paths import KG_DB, is_complete
from mockapi.core.staging import disk_usage
from mockapi.core.user_error import UserError
from mockapi.formats.manifest import Manifest, read_manifest, write_manifest
from mockapi.serving.build import SERVING_DIR, build_serving, builders_version
from mockapi.serving.stale import REBUILD
from mockapi.world.manifest import content_hash


def hash_inputs(manifest: Manifest) -> dict[str, str]:
    """What the world's build or import hashed beside its stores (mockapi/world/build.py and the
    importers): a synthetic world's code versions, split and page renderer; an imported one's versions."""
    if manifest.kind != "synthetic":
        return dict(manifest.versions)
    from mockapi.world.web_stage import HASH_INPUTS

    return {**manifest.versions, "split": manifest.effective_split, **HASH_INPUTS}


def rebuild_serving(world: Path) -> Manifest:
    """Rewrite `world/serving/` and the manifest's serving version, content hash and size; returns it."""
    if not is_complete(world) or not (world / KG_DB).is_file():
        raise UserError(f"{world} is not a world with a KG (kg.duckdb); build or import one first")
    import duckdb

    manifest = read_manifest(world)
    started = time.perf_counter()
    con = duckdb.connect(str(world / KG_DB), read_only=True)
    try:
        build_serving(con, world)
    finally:
        con.close()
    manifest.versions = {**manifest.versions, "serving": builders_version()}
    manifest.content_hash = content_hash(world, hash_inputs(manifest))
    manifest.disk_bytes = disk_usage(world)
    write_manifest(world, manifest)  # last, atomically: until then a build still sees the old version
    print(f"rebuilt {world / SERVING_DIR} in {time.perf_counter() - started:.1f} s; {manifest.content_hash}")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=REBUILD, description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="the world directory")
    args = parser.parse_args(argv)
    try:
        rebuild_serving(args.data.expanduser().resolve())
    except UserError as exc:
        print(f"{REBUILD}: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
