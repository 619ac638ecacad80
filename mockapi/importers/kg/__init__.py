"""`crag-mock import-kg CRAGKG_DIR [--data DIR]`: the real CRAG knowledge graph into a world's kg.duckdb.

Reads CRAG's `mock_api/cragkg/` layout (contract §2.4–§2.9). The music and soccer files are Python pickles:
unpickling runs code from the file, so only import your own download of CRAG's files.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mockapi.formats.manifest import Manifest

# the same default world as `import-dataset`, so the two imports fill one world unless told otherwise
DEFAULT_WORLD = "imported"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `crag-mock import-kg`."""
    parser.add_argument(
        "cragkg_dir", metavar="CRAGKG_DIR", help="CRAG's mock_api/cragkg directory (your download)"
    )
    parser.add_argument(
        "--data",
        help=f"world directory (default: {DEFAULT_WORLD}/ under $CRAG_MOCK_HOME or ~/.cache/crag-mockapi)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress display")


def run(args: argparse.Namespace) -> int:
    """Import, then print what was imported and what is missing."""
    from pathlib import Path

    from mockapi.core.paths import world_dir
    from mockapi.importers.kg.importer import import_kg
    from mockapi.importers.kg.progress import ImportProgress

    target = world_dir(args.data, DEFAULT_WORLD)
    with ImportProgress(quiet=args.quiet) as progress:
        manifest = import_kg(Path(args.cragkg_dir).expanduser().resolve(), target, progress)
    _print_summary(target, manifest)
    return 0


def _print_summary(target: object, manifest: Manifest) -> None:
    from rich.console import Console

    console = Console()
    for domain, count in (manifest.kg.entities_per_domain if manifest.kg else {}).items():
        console.print(f"{domain:<8} {count:>12,}")
    if manifest.missing_domains:
        console.print(f"missing domains (their routes answer null): {', '.join(manifest.missing_domains)}")
    if manifest.missing_files:
        console.print(f"missing files: {', '.join(manifest.missing_files)}")
    console.print(f"world {target} ({(manifest.disk_bytes or 0) / 1e6:,.1f} MB); serve it with:")
    console.print(f"  crag-mock serve --data {target}")
