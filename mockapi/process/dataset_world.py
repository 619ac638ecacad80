"""A CRAG dataset file (`.jsonl[.bz2]`, `.tar.bz2[.partN]`) given as `--data FILE`: its converted world.

`crag-mock serve --data FILE` and `crag-eval --data FILE` both need a world to serve the file's pages. By
default the file is imported once into `<data root>/datasets/<16 hex of its sha256>` and reused by later runs
(the converted copy of a Task 3 file is several GB, so every run says where it is); `cache=False` converts
into a temporary directory that is removed when the block ends.
"""

from __future__ import annotations

import contextlib
import hashlib
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from mockapi.core.paths import WEB_SERVING_DIR, data_root, is_complete

Say = Callable[[str], None]


def file_sha256(path: Path) -> str:
    """The hex sha256 of a file, read in 1 MiB pieces."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def cached_world_dir(digest: str) -> Path:
    """Where the converted copy of a dataset file with this sha256 is kept."""
    return data_root() / "datasets" / digest[:16]


@contextlib.contextmanager
def dataset_world(
    path: Path, *, cache: bool = True, say: Say = print, digest: str | None = None
) -> Iterator[Path]:
    """The world converted from the dataset file `path`; with `cache=False` a temporary one, gone at exit."""
    from mockapi.importers.dataset import import_dataset

    if not cache:
        with tempfile.TemporaryDirectory(prefix="crag-mock-dataset-", ignore_cleanup_errors=True) as tmp:
            world = Path(tmp) / "world"
            say(f"converting {path.name} into a temporary world at {world} (--no-cache: removed at exit)…")
            import_dataset([path], world)
            yield world
        return
    world = cached_world_dir(digest or file_sha256(path))
    # a copy converted before web_serving/ existed is converted again, once: else every server start (and
    # every worker) would rebuild the web key tables from pages.duckdb into a temp dir
    if is_complete(world) and (world / WEB_SERVING_DIR).is_dir():
        say(f"using the converted copy of {path.name} cached at {world} (--no-cache to not keep one)")
    else:
        say(
            f"converting {path.name} into {world} (cached for later runs; remove that directory to free the "
            "space, or pass --no-cache)…"
        )
        import_dataset([path], world)
    yield world
