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
    """Helper processes a build uses: `--jobs` (crag-mock build), else one per core."""
    return JOBS[-1] if JOBS else cores()


JOBS: list[int] = []  # the --jobs of the build under way (mockapi.world.build sets and clears it)


def cores() -> int:
    """The cores this process may run on."""
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
    helpers = [Helper("mockapi.core.pipe_worker", (name,)) for _ in range(workers)]
    try:
        sent: deque[Helper] = deque()  # which helper holds each chunk not yet read back, in order
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
        close_all(helpers)


def close_all(helpers: list[Helper]) -> None:
    """End every helper's input first, then wait for each: they end side by side, not one after another."""
    for helper in helpers:
        helper.end_input()
    for helper in helpers:
        helper.close()


def run_each(function: Callable[..., Any], items: list[tuple[Any, ...]], workers: int) -> list[Any]:
    """`function(*item)` for each item, each in a helper process of its own, up to `workers` at once, the
    next item starting as soon as one ends (give the longest first); results in item order. For a few big
    independent pieces of work (the KG's domains), where `ordered_map`'s fixed turns leave a core idle."""
    name = f"{function.__module__}:{function.__qualname__}"
    inbox: queue.Queue[tuple[Any, Any]] = queue.Queue()
    running: dict[int, Helper] = {}
    results: dict[int, Any] = {}
    waiting = list(enumerate(items))[::-1]
    try:
        while waiting or running:
            while waiting and len(running) < max(1, workers):
                i, item = waiting.pop()
                running[i] = Helper("mockapi.core.pipe_worker", (name,), inbox, tag=i)
                running[i].send([item])
            i, (ok, value) = inbox.get()
            if i not in running:  # the end of output of a helper already done
                continue
            if not ok:
                raise RuntimeError(f"a build helper process failed: {value}")
            results[i] = value[0]
            running.pop(i).close()
    finally:
        for helper in running.values():
            helper.close(kill=True)
    return [results[i] for i in range(len(items))]


class Helper:
    """One `python -m MODULE ARGS…` helper process fed pickled objects on stdin; a reader thread puts each
    object it writes on stdout into `inbox` as `(tag, object)` as it comes (so the helper never blocks
    writing while this process blocks writing to it), then `(tag, (False, why))` when its output ends.
    Several helpers may share one inbox (crag_eval.run.workers merges its workers' answers that way)."""

    def __init__(
        self,
        module: str,
        args: tuple[str, ...] = (),
        inbox: queue.Queue[tuple[Any, Any]] | None = None,
        tag: Any = None,
    ) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", module, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            start_new_session=True,  # Ctrl-C goes to the caller, which stops its helpers
        )
        self.inbox: queue.Queue[tuple[Any, Any]] = inbox if inbox is not None else queue.Queue()
        self.tag = tag
        self.reader = threading.Thread(target=self._read, daemon=True, name="crag-mock-pipe-pool")
        self.reader.start()

    def send(self, item: Any) -> None:
        stdin: IO[bytes] | None = self.proc.stdin
        assert stdin is not None
        try:
            pickle.dump(item, stdin, protocol=pickle.HIGHEST_PROTOCOL)
            stdin.flush()
        except OSError:  # the helper is gone: its reader reports why
            pass

    def result(self) -> list[Any]:
        """The next `(ok, results)` of a pipe_worker helper (its own inbox): the results, or raises."""
        _tag, (ok, value) = self.inbox.get()
        if not ok:
            raise RuntimeError(f"a build helper process failed: {value}")
        return list(value)

    def _read(self) -> None:
        stream: IO[bytes] | None = self.proc.stdout
        assert stream is not None
        while True:
            try:
                self.inbox.put((self.tag, pickle.load(stream)))
            except Exception as exc:  # EOF (the helper ended) or a torn message: nothing more will come
                self.inbox.put((self.tag, (False, f"it stopped ({exc!r})")))
                return

    def end_input(self) -> None:
        """Close the helper's input: a pipe_worker helper then ends."""
        if self.proc.stdin is not None:
            with contextlib.suppress(OSError):
                self.proc.stdin.close()

    def close(self, kill: bool = False) -> None:
        """End of input (the helper ends), or `kill`: stop it now (an interrupted caller)."""
        self.end_input()
        try:
            if kill:
                self.proc.kill()
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # still working on a chunk nobody will read (an interrupted build)
            self.proc.kill()
            self.proc.wait()
        self.reader.join(timeout=5)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
