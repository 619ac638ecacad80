"""Progress of `crag-mock export`: a rich bar on a terminal, plain lines every 10% otherwise (logs, CI)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO


@contextmanager
def export_progress(
    total: int, estimate: int, stream: TextIO | None = None
) -> Iterator[Callable[[int], None]]:
    """Yield `advance(bytes)`, called once per exported question with the bytes of its line."""
    out = stream or sys.stderr
    if out.isatty():
        with _bar(total) as advance:
            yield advance
        return
    lines = PlainLines(total, out)
    yield lines.advance


class PlainLines:
    """`exported 120/1,200 questions (10%) · 1.9 GB · ETA 0:03:10` every 10% of the questions."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream = total, stream
        self.every = max(1, total // 10)
        self.done = self.bytes = 0
        self.started = time.monotonic()

    def advance(self, size: int) -> None:
        self.done += 1
        self.bytes += size
        if self.done % self.every and self.done != self.total:
            return
        elapsed = time.monotonic() - self.started
        eta = int(elapsed * (self.total - self.done) / self.done)
        share = 100 * self.done // max(self.total, 1)
        self.stream.write(
            f"exported {self.done:,}/{self.total:,} questions ({share}%) · {human_bytes(self.bytes)} · "
            f"ETA {eta // 3600}:{eta // 60 % 60:02d}:{eta % 60:02d}\n"
        )
        self.stream.flush()


@contextmanager
def _bar(total: int) -> Iterator[Callable[[int], None]]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[written]}"), TimeRemainingColumn())
    with Progress("exporting", *columns, console=Console(stderr=True)) as bar:
        task = bar.add_task("exporting", total=total, written="")
        written = 0

        def advance(size: int) -> None:
            nonlocal written
            written += size
            bar.update(task, advance=1, written=human_bytes(written))

        yield advance


def human_bytes(n: int) -> str:
    """1.3 GB, 16.6 MB, 512 B (decimal units, as disk sizes are sold)."""
    for unit, scale in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} B"
