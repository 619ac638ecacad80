"""What the two tantivy indexes share: the page index (mockapi/web/index.py, `<world>/index/`) and the passage
index (mockapi/retrieve, `<world>/passages/`). One query shape (any term, in the text or, boosted, in the
page's name or title), one date encoding, one way to leave a built index readable and to open it from a
read-only world (the module docstring of mockapi/web/index.py says why a shadow directory).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any


def any_term(schema: Any, terms: list[str], boosted: str, boost: float) -> Any | None:
    """A query matching any of `terms` in the `text` field, or in the `boosted` field weighted by `boost`;
    None without terms (nothing to search for)."""
    import tantivy

    clauses = []
    for term in terms:
        clauses.append((tantivy.Occur.Should, tantivy.Query.term_query(schema, "text", term)))
        in_boosted = tantivy.Query.term_query(schema, boosted, term)
        clauses.append((tantivy.Occur.Should, tantivy.Query.boost_query(in_boosted, boost)))
    return tantivy.Query.boolean_query(clauses) if clauses else None


def epoch(moment: datetime) -> int:
    """Seconds since the epoch of a naive-UTC or aware datetime, as both indexes store dates."""
    aware = moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)
    return int(aware.timestamp())


def publish(index_dir: Path) -> None:
    """Leave the index as any other file the build writes: lock files gone, modes from the umask (0644
    under the usual 022) instead of tantivy's 0600 for its metadata, so another user can serve the world."""
    for lock in index_dir.glob(".tantivy-*.lock"):
        lock.unlink()
    mode = 0o666 & ~_umask()
    for path in index_dir.iterdir():
        path.chmod(mode)


def _umask() -> int:
    """The process umask, read without changing it where Linux shows it (`os.umask` can only swap)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except OSError:
        pass
    current = os.umask(0o022)
    os.umask(current)
    return current


def shadow(index_dir: Path) -> Path:
    """A fresh temp dir holding a symlink to every file of `index_dir` (absolute: the world may move)."""
    links = Path(tempfile.mkdtemp(prefix="crag-mock-index-"))
    source = index_dir.resolve()
    try:
        for name in os.listdir(source):
            if not name.endswith(".lock"):
                (links / name).symlink_to(source / name)
    except BaseException:
        shutil.rmtree(links, ignore_errors=True)
        raise
    return links
