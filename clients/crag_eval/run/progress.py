"""Progress of the answering loop: a rich bar on a terminal, plain lines with an ETA otherwise (nohup, SLURM,
CI logs), so a long run is never silent."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO


def plain_every(total: int) -> int:
    """A plain progress line every 10% of the questions, at most every 50."""
    return max(1, min(50, total // 10))


class PlainProgress:
    """`answered 40/80 (50%) · 1.3 q/s · ETA 0:00:31` every `every` questions and at the end."""

    def __init__(self, total: int, done: int, stream: TextIO, every: int | None = None) -> None:
        self.total, self.done, self.stream = total, done, stream
        self.every = every or plain_every(total)
        self.start_done, self.started = done, time.monotonic()
        self._last_line = done

    def advance(self, n: int) -> None:
        self.done += n
        if self.done - self._last_line >= self.every or self.done >= self.total:
            self._last_line = self.done
            self.stream.write(self.line() + "\n")
            self.stream.flush()

    def line(self) -> str:
        elapsed = max(time.monotonic() - self.started, 1e-9)
        rate = (self.done - self.start_done) / elapsed
        left = self.total - self.done
        eta = _clock(left / rate) if rate > 0 else "?"
        share = 100 * self.done / self.total if self.total else 100.0
        return f"answered {self.done}/{self.total} ({share:.0f}%) · {rate:.2f} q/s · ETA {eta}"


def _clock(seconds: float) -> str:
    s = round(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


class progress:
    """Context manager yielding `advance(n)`: a rich bar on a TTY, plain lines otherwise, nothing if off."""

    def __init__(self, enabled: bool, total: int, done: int, stream: TextIO | None = None) -> None:
        self.enabled, self.total, self.done = enabled, total, done
        self.stream = stream or sys.stderr
        self._bar: Any = None

    def __enter__(self) -> Callable[[int], None]:
        if not self.enabled:
            return lambda _n: None
        if not self.stream.isatty():
            return PlainProgress(self.total, self.done, self.stream).advance
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self._bar = Progress(
            TextColumn("answering"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), transient=False
        )
        self._bar.start()
        task = self._bar.add_task("answering", total=self.total, completed=self.done)
        return lambda n: self._bar.advance(task, n)

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()
