"""One crag-eval process per run directory: an advisory lock on `<run>/.lock`, held for the whole run.

Two processes answering into one predictions.jsonl (a second `--resume` of a live run, which the "already
holds a run" message itself suggests) would ask every question twice: with a paid model, double the cost.
The lock is flock(2): the kernel drops it when the holder exits, however it exits (SIGKILL included), so a
killed run never leaves a stale lock behind. The file holds the holder's pid, for the message.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from mockapi.core.user_error import UserError

LOCK = ".lock"


@contextlib.contextmanager
def build_lock(world: Path) -> Iterator[None]:
    """Wait for (then hold) the lock of building `world`: two first-use runs build the default world once,
    the second waiting for the first (then finding it complete)."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    world.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(world.parent / f".{world.name}.build.lock", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def build_lock_held(world: Path) -> bool:
    """Whether another process holds the build lock of `world` right now (to say why we wait)."""
    try:
        import fcntl
    except ImportError:
        return False
    path = world.parent / f".{world.name}.build.lock"
    if not path.is_file():
        return False
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


@contextlib.contextmanager
def run_lock(run_dir: Path) -> Iterator[None]:
    """Hold the run directory's lock until the block ends; a one-line error naming the live pid if another
    process holds it."""
    try:
        import fcntl
    except ImportError:  # no flock (Windows): run unlocked, as before
        yield
        return
    path = run_dir / LOCK
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "?"
            raise UserError(
                f"{run_dir} is in use by crag-eval (pid {holder}); wait for it to finish or stop it "
                "(Ctrl-C or kill), then resume"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        yield
    finally:
        os.close(fd)  # closing releases the lock


@contextlib.contextmanager
def private_run(run_dir: Path) -> Iterator[None]:
    """Keep the run's files to their owner while the block runs: the directory 0700, what the run writes 0600
    (umask 077; restored after), and what an earlier version wrote there brought to the same. A run holds
    gold: questions.jsonl the answers, qrels.txt the answer pages, of a secret world too."""
    run_dir.chmod(0o700)
    for path in run_dir.rglob("*"):
        if not path.is_symlink():
            path.chmod(0o700 if path.is_dir() else 0o600)
    previous = os.umask(0o077)
    try:
        yield
    finally:
        os.umask(previous)
