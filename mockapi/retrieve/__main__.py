"""`python -m mockapi.retrieve --data WORLD_DIR`: add the passage index to a world built without one."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mockapi.core.paths import PAGES_DB, is_complete
from mockapi.core.pipe_pool import build_workers
from mockapi.retrieve.build import build_passage_index


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mockapi.retrieve", description=__doc__)
    parser.add_argument("--data", type=Path, required=True, help="the world directory")
    args = parser.parse_args(argv)
    world: Path = args.data.expanduser().resolve()
    if not is_complete(world) or not (world / PAGES_DB).is_file():
        print(f"python -m mockapi.retrieve: error: {world} is not a world with pages", file=sys.stderr)
        return 2
    info = build_passage_index(world, build_workers())
    print(f"{info['passages']:,} passages of {info['pages']:,} pages indexed into {world / 'passages'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
