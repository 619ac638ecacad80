"""Atomic placement of a directory (a world, or its derived serving/ and search/ folders), shared by the
builder, both importers and the derived-folder builds.

`with stage(target, tag) as tmp:` hands out a hidden sibling directory; on a clean exit it is renamed into
place in one step, on any error (Ctrl-C included) it is removed. A reader never sees a half-written world, and
an interrupted run leaves the previous one untouched.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pydantic import JsonValue

from mockapi.core.paths import INDEX_DIR, MANIFEST, SECRET_FILE, WEB_SERVING_DIR, is_complete
from mockapi.core.user_error import UserError

# the tags of our own staging dirs: only these are ever removed as stale (a user's `.name.x-123` is kept)
STAGING_TAGS = ("building", "importing", "importing-kg", "old")
WORLD_DIRS = (INDEX_DIR, WEB_SERVING_DIR, "search", "serving")


@contextmanager
def stage_world(target: Path, tag: str) -> Iterator[Path]:
    """`stage` for a whole world: refused (one line) unless `target` is absent, empty, or a world, so a
    build or an import at `--data .` or `--data ~` never deletes a user's files."""
    check_replaceable(target)
    with stage(target, tag) as tmp:
        yield tmp


def check_replaceable(target: Path) -> None:
    """A UserError unless `target` is absent, an empty directory, or a complete world (ours to replace)."""
    if not target.exists() and not target.is_symlink():
        return
    if not target.is_dir():
        raise UserError(f"{target} is a file, not a world directory: pass a new or empty --data DIR")
    if not any(target.iterdir()):
        return
    if not is_complete(target):
        raise UserError(
            f"{target} is not empty and is not a world (no manifest.json): refusing to replace it; "
            "pass a new or empty --data DIR"
        )
    foreign = next((e.name for e in sorted(target.iterdir()) if not _world_entry(e)), None)
    if foreign is not None:
        raise UserError(
            f"{target} is a world but also holds {foreign!r}, which no build or import wrote: "
            "refusing to replace it; move it out of the world first"
        )


def _world_entry(entry: Path) -> bool:
    """Whether a world's top-level entry is one of ours: a store (and its WAL), the manifest, or a derived
    folder (each holds a meta.json). A pattern, not a list, so a store added later is still recognised."""
    if entry.is_symlink():
        return False
    if entry.is_dir():
        return entry.name in WORLD_DIRS or (entry / "meta.json").is_file()
    ours = entry.name in (MANIFEST, MANIFEST + ".tmp", SECRET_FILE)
    return ours or entry.name.endswith((".duckdb", ".duckdb.wal"))


@contextmanager
def stage(target: Path, tag: str) -> Iterator[Path]:
    """A fresh staging dir for `target`: swapped into place when the block ends, deleted if it raises."""
    tmp = staging_path(target, tag)
    # the mkdir is inside the try: SIGTERM or Ctrl-C is raised at the first bytecode after a syscall returns,
    # so with the mkdir outside, a signal right after it left the dir behind (a flaky CI run of
    # test_terminated_build_removes_its_staging_dir_at_once under load)
    try:
        make_fresh(tmp)
        yield tmp
        swap_into_place(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def staging_path(target: Path, tag: str) -> Path:
    """`.<name>.<tag>-<pid>` beside `target`, not made yet; stale ones of dead processes are removed first."""
    parent = target.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        remove_stale(target)
    except OSError as exc:
        raise _unwritable(parent, exc) from None
    return parent / f".{target.name}.{tag}-{os.getpid()}"


def make_fresh(tmp: Path) -> None:
    """Create `tmp` empty (a leftover of this pid's earlier run is removed first)."""
    try:
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
    except OSError as exc:
        raise _unwritable(tmp.parent, exc) from None


def _unwritable(parent: Path, exc: OSError) -> UserError:
    return UserError(f"cannot write a world under {parent}: {exc.strerror}; pass a writable --data DIR")


def remove_stale(target: Path) -> None:
    """Delete staging dirs of `target` left by builds or imports whose process is gone (killed, crashed)."""
    ours = re.compile(rf"\.{re.escape(target.name)}\.(?:{'|'.join(STAGING_TAGS)})-(\d+)")
    for stale in target.parent.glob(f".{target.name}.*-*"):
        match = ours.fullmatch(stale.name)
        if match and stale.is_dir() and not stale.is_symlink() and not _pid_alive(int(match[1])):
            shutil.rmtree(stale, ignore_errors=True)


def swap_into_place(tmp: Path, target: Path) -> None:
    """Replace `target` with `tmp`: two renames; the old world is deleted once the new one is in place."""
    old = target.parent / f".{target.name}.old-{os.getpid()}"
    try:
        if target.exists():
            os.replace(target, old)
        os.replace(tmp, target)
    except BaseException:  # a signal between the renames: the old world goes back, never left as stale
        if old.exists() and not target.exists():
            os.replace(old, target)
        raise
    shutil.rmtree(old, ignore_errors=True)


def folder_digest(folder: Path) -> str:
    """sha256 (hex) over every file below `folder`: its relative path, a NUL, then its bytes, in path order.
    Derived folders (serving/, search/) put it in their meta.json, so the world's content hash covers them."""
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        h.update(path.relative_to(folder).as_posix().encode() + b"\0")
        with path.open("rb") as f:
            while chunk := f.read(1 << 20):
                h.update(chunk)
    return h.hexdigest()


def read_derived_meta(folder: Path, format_version: int) -> dict[str, JsonValue] | None:
    """`folder/meta.json` of a derived folder (serving/, web_serving/), or None when it is missing, damaged
    or of another format (the caller then rebuilds it)."""
    try:
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return meta if isinstance(meta, dict) and meta.get("format") == format_version else None


def link_or_copy(src: Path | str, dst: Path | str) -> None:
    """Hard-link a file that is read-only from now on (no copy of big stores); copy across file systems."""
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def disk_usage(path: Path) -> int:
    """Bytes of every file below `path`."""
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
