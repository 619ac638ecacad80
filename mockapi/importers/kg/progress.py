"""Progress of an import: a rich bar per file on a terminal, one line per finished file otherwise."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

Advance = Callable[[int], None]


class ImportProgress:
    """`with progress.step(label, total) as advance: advance(n)`; quiet=True prints nothing (tests, bench)."""

    def __init__(self, quiet: bool = False) -> None:
        self.console = Console(stderr=True)
        self.quiet = quiet
        self.live = not quiet and sys.stderr.isatty()
        self._bars = Progress(
            TextColumn("{task.description:<42}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=self.console,
            disable=not self.live,
        )

    def __enter__(self) -> ImportProgress:
        self._bars.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._bars.stop()

    def note(self, message: str) -> None:
        """A line of its own (skipped files, summaries)."""
        if not self.quiet:
            self.console.print(message)

    @contextmanager
    def step(self, label: str, total: int | None) -> Iterator[Advance]:
        """A bar for one file or stage; `total` in the unit the caller advances by (bytes, rows)."""
        task = self._bars.add_task(label, total=total)
        started = time.perf_counter()

        def advance(n: int) -> None:
            self._bars.advance(task, n)

        try:
            yield advance
        finally:
            self._bars.update(task, completed=total if total is not None else 0, visible=self.live)
            if not self.quiet and not self.live:
                self.console.print(f"{label}: done in {time.perf_counter() - started:.1f}s")
