"""`crag-mock info`: the manifest of a world, as a table or as JSON."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from mockapi.paths import world_dir
from mockapi.world.manifest import read_manifest


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `crag-mock info`."""
    parser.add_argument("--data", help="world directory (default: the default world)")
    parser.add_argument("--scale", default="default", help="which named world when --data is not given")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the whole manifest as JSON")


def run(args: argparse.Namespace) -> int:
    """Print the manifest."""
    world = world_dir(args.data, args.scale, args.seed)
    manifest = read_manifest(world)
    if args.json:
        print(json.dumps(manifest, indent=2))
    else:
        print_summary(world, manifest)
    return 0


def print_summary(world: Path, manifest: dict[str, Any]) -> None:
    """A short human summary: where, what, how big, the hash."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    kg = manifest.get("kg", {})
    table = Table(title=f"world {world}", show_header=False, box=None)
    table.add_row(
        "kind / scale / seed", f"{manifest.get('kind')} / {manifest.get('scale')} / {manifest.get('seed')}"
    )
    table.add_row("clock", str(manifest.get("clock")))
    for domain, count in kg.get("entities_per_domain", {}).items():
        table.add_row(f"entities: {domain}", f"{count:,}")
    table.add_row("targets by popularity", json.dumps(kg.get("target_popularity", {})))
    table.add_row("look-alikes per target (min)", str(kg.get("min_lookalikes_per_target")))
    table.add_row("hard-negative signal/noise", str(kg.get("hard_negative_ratio")))
    for section in ("questions", "pages"):
        if section in manifest:
            table.add_row(section, json.dumps(manifest[section].get("summary", manifest[section]))[:200])
    table.add_row("disk", f"{manifest.get('disk_bytes', 0) / 1e6:,.1f} MB")
    table.add_row("build time", f"{manifest.get('build_seconds', 0)} s")
    table.add_row("content hash", str(manifest.get("content_hash")))
    console.print(table)
