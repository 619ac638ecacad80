"""`crag-mock info`: the manifest of a world, as a table or as JSON."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from mockapi.core.paths import world_dir
from mockapi.formats.manifest import KgSection, Manifest, WebSummary, read_manifest
from mockapi.world.context import add_split_argument


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `crag-mock info`."""
    parser.add_argument("--data", help="world directory (default: the default world)")
    parser.add_argument("--scale", default="default", help="which named world when --data is not given")
    parser.add_argument("--seed", type=int, default=0)
    add_split_argument(parser)
    parser.add_argument("--json", action="store_true", help="print the whole manifest as JSON")


def run(args: argparse.Namespace) -> int:
    """Print the manifest."""
    world = world_dir(args.data, args.scale, args.seed, args.split)
    manifest = read_manifest(world)
    if args.json:
        print(manifest.to_json(), end="")
    else:
        print_summary(world, manifest)
    return 0


def print_summary(world: Path, manifest: Manifest) -> None:
    """A short human summary: where, what, how big, the hash."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    kg = manifest.kg or KgSection()
    table = Table(title=f"world {world}", show_header=False, box=None)
    table.add_row(
        "kind / scale / split / seed",
        " / ".join(str(v) for v in (manifest.kind, manifest.scale, manifest.split, manifest.seed)),
    )
    table.add_row("clock", str(manifest.clock))
    for domain, count in kg.entities_per_domain.items():
        table.add_row(f"entities: {domain}", f"{count:,}")
    table.add_row("targets by popularity", json.dumps(kg.target_popularity))
    table.add_row("look-alikes per target (min)", str(kg.min_lookalikes_per_target))
    table.add_row("hard-negative signal/noise", str(kg.hard_negative_ratio))
    if manifest.web_stage is not None and "summary" in manifest.web_stage.model_fields_set:
        _add_web_rows(table, manifest.web_stage.summary)
    table.add_row("disk", f"{(manifest.disk_bytes or 0) / 1e6:,.1f} MB")
    table.add_row("build time", f"{manifest.build_seconds or 0} s")
    table.add_row("content hash", str(manifest.content_hash))
    console.print(table)


def _add_web_rows(table: Any, web: WebSummary) -> None:
    """Question mix and page recall: the figures that say how CRAG-like the question set is."""
    table.add_row("questions", f"{web.questions:,} ({json.dumps(web.by_source)})")
    table.add_row("question types (%)", json.dumps(web.type_share_pct))
    table.add_row("dynamism (%)", json.dumps(web.dynamism_share_pct))
    recall = web.recall_pct
    table.add_row(
        "answer in the 50 pages (%)",
        f"web {recall.web}, kg {recall.kg} (CRAG: 84, 63); "
        f"kg by popularity {json.dumps(recall.kg_by_popularity)}",
    )
    sizes = web.html_size
    table.add_row(
        "pages",
        f"{web.pages:,} unique, {web.results:,} results, "
        f"median {sizes.get('p50', 0) / 1000:,.0f} KB, max {sizes.get('max', 0) / 1e6:,.1f} MB",
    )
