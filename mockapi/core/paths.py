"""Where worlds live: `--data DIR`, else `$CRAG_MOCK_HOME/<scale>`, else `~/.cache/crag-mockapi/<scale>`."""

from __future__ import annotations

import os
from pathlib import Path

KG_DB = "kg.duckdb"
PAGES_DB = "pages.duckdb"
QUESTIONS_DB = "questions.duckdb"
INDEX_DIR = "index"
WEB_SERVING_DIR = "web_serving"  # key tables of /web/search and /web/get_page (mockapi/web/tables_build.py)
MANIFEST = "manifest.json"
# `build --secret`: the 256-bit secret (hex), mode 0600; never read by `serve`, dropped by the Docker image
SECRET_FILE = "secret.key"


def data_root() -> Path:
    """The directory that holds the named worlds when `--data` is not given."""
    env = os.environ.get("CRAG_MOCK_HOME")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "crag-mockapi"


def world_dir(
    data: str | os.PathLike[str] | None, scale: str = "default", seed: int = 0, split: str = "dev"
) -> Path:
    """The world directory: `data` itself when given, else a folder of the root per scale, split and seed.

    The dev split keeps the plain `<scale>` name; a test world is another world (`<scale>-test`).
    """
    if data is not None:
        return Path(data).expanduser().resolve()
    name = scale if split == "dev" else f"{scale}-{split}"
    name = name if seed == 0 else f"{name}-seed{seed}"
    return (data_root() / name).resolve()


def is_complete(world: Path) -> bool:
    """A world is complete once its manifest exists: the manifest is written last, then the dir renamed."""
    return (world / MANIFEST).is_file()
