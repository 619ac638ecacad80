"""A one-line live status for long steps (rich), silent when stderr is not a terminal."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def status(title: str) -> Iterator[Callable[[str], None]]:
    """Yield a `progress(message)` callback that updates a spinner line with elapsed time."""
    from rich.console import Console

    console = Console(stderr=True)
    started = time.perf_counter()
    if not sys.stderr.isatty():
        console.print(f"{title} …")
        yield lambda _msg: None
        return
    with console.status(title) as live:

        def progress(message: str) -> None:
            live.update(f"{title}: {message} ({time.perf_counter() - started:.0f}s)")

        yield progress
