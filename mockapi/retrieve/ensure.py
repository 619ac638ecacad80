"""`<world>/passages/` made when first needed, not by every build (issue 34).

The main job (`crag-eval --task 3`) never reads the passages of `POST /retrieve`, and cutting every page of
the default world into passages and indexing them cost 90-110 CPU-s of its build. A world is therefore built
without them (`crag-mock build --passages` asks for them up front); they are made from the stored pages the
first time something needs them: `crag-mock serve` before its workers start, else a server's first
`/retrieve`. The passages are a pure function of the stored pages, so the answers do not depend on when
they were made, and the world's content hash (mockapi/world/manifest.py) leaves them out.

Two processes may want them at once (a test run's workers share one world; servers started side by side):
an exclusive flock(2) on the world's manifest.json lets one build while the others wait, then read.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from mockapi.core.paths import MANIFEST, PAGES_DB, is_complete
from mockapi.core.pipe_pool import build_workers
from mockapi.core.user_error import UserError
from mockapi.retrieve.build import PassageInfo, build_passage_index, read_info


def ensure_passages(world: Path, workers: int | None = None) -> PassageInfo | None:
    """The world's passage info, its passages built first when it has pages but no passages; None when it
    has no pages, or none can be written there (a read-only world built without them)."""
    info = read_info(world)
    if info is not None or not is_complete(world) or not (world / PAGES_DB).is_file():
        return info
    try:
        with _locked(world / MANIFEST):
            info = read_info(world)  # another process may have built them while this one waited
            if info is None:
                info = build_passage_index(world, workers or build_workers())
    except (OSError, UserError):  # not ours to write: the route says how to add them
        return None
    return info


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive flock on `path` (read-only is enough: no file is added to the world)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing drops the lock
