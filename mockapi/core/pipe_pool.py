"""One pure function over a stream of items, in helper processes, results in input order.

What the world build spreads over the cores (rendering and compressing every page once for web_serving/).
The helpers are plain `python -m mockapi.core.pipe_worker` subprocesses fed pickled chunks on stdin, not
`multiprocessing`: a spawned pool re-imports the caller's main script (a user's script without a main guard
would build again in every helper), and a forked one would copy a process holding DuckDB's threads. Chunks
go to the helpers in turn and their results are read back in the same turn, so the output is the serial
`map` whatever the timing: byte-identical stores for any number of helpers.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import queue
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import IO, Any

AHEAD = 2  # chunks handed to each helper beyond the one it works on: it never waits for the next


def build_workers() -> int:
    """Helper processes a build uses: one per core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def ordered_map(
    function: Callable[..., Any], items: Iterable[tuple[Any, ...]], workers: int, chunk: int = 64
) -> Iterator[Any]:
    """`function(*item)` for each item, in order; in `workers` helper processes when there are two or more
    (`function` must be a module-level function), else here."""
    if workers < 2:
        yield from (function(*item) for item in items)
        return
    name = f"{function.__module__}:{function.__qualname__}"
    helpers = [_Worker(name) for _ in range(workers)]
    try:
        sent: deque[_Worker] = deque()  # which helper holds each chunk not yet read back, in order
        rest = iter(items)
        chunks = iter(lambda: list(islice(rest, chunk)), [])
        for i, batch in enumerate(chunks):
            if len(sent) >= workers * (1 + AHEAD):
                yield from sent.popleft().result()
            helper = helpers[i % workers]
            helper.send(batch)
            sent.append(helper)
        while sent:
            yield from sent.popleft().result()
    finally:
        for helper in helpers:
            helper.close()


class _Worker:
    """One helper process; a reader thread drains its results as they come (so it never blocks writing
    them while this process blocks writing its next chunk)."""

    def __init__(self, function: str) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mockapi.core.pipe_worker", function],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            start_new_session=True,  # Ctrl-C goes to the build, which stops its helpers
        )
        self.results: queue.Queue[tuple[bool, Any]] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True, name="crag-mock-pipe-pool")
        self.reader.start()

    def send(self, batch: list[tuple[Any, ...]]) -> None:
        stdin: IO[bytes] | None = self.proc.stdin
        assert stdin is not None
        try:
            pickle.dump(batch, stdin, protocol=pickle.HIGHEST_PROTOCOL)
            stdin.flush()
        except OSError:  # the helper is gone: its reader reports why
            pass

    def result(self) -> list[Any]:
        ok, value = self.results.get()
        if not ok:
            raise RuntimeError(f"a build helper process failed: {value}")
        return list(value)

    def _read(self) -> None:
        stream: IO[bytes] | None = self.proc.stdout
        assert stream is not None
        while True:
            try:
                self.results.put(pickle.load(stream))
            except Exception as exc:  # EOF (the helper ended) or a torn message: nothing more will come
                self.results.put((False, f"it stopped ({exc!r})"))
                return

    def close(self) -> None:
        if self.proc.stdin is not None:
            with contextlib.suppress(OSError):
                self.proc.stdin.close()  # end of input: the helper ends
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # still working on a chunk nobody will read (an interrupted build)
            self.proc.kill()
            self.proc.wait()
        self.reader.join(timeout=5)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
