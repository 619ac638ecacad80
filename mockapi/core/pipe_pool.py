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
WORKER = "mockapi.core.pipe_worker"


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


def own_group() -> dict[str, Any]:
    """Popen keywords that start a helper in a process group of its own, in the caller's session: Ctrl-C
    (sent to the terminal's foreground group) reaches the caller only, which stops its helpers. Not a new
    session: Linux's autogroup scheduler shares the CPU between sessions, so a helper in a session of its own
    took a full share beside every other session whatever `nice` the caller ran under (a `nice -n 19` build's
    two helpers each got as much CPU as a whole test suite)."""
    if sys.version_info >= (3, 11):
        return {"process_group": 0}
    return {"preexec_fn": os.setpgrp}  # Python 3.10 has no process_group


class Group:
    """Pipe_worker helpers sharing one inbox: each message names the function to run on a chunk, so one
    group serves every stage of a build (each helper imports the modules once, not once per stage)."""

    def __init__(self, workers: int) -> None:
        self.inbox: queue.Queue[tuple[Any, Any]] = queue.Queue()
        self.helpers = [Helper(WORKER, (), self.inbox, tag=i) for i in range(workers)]
        self.early: dict[int, deque[Any]] = {i: deque() for i in range(workers)}
        self.flight = [0] * workers
        """Chunks sent to each helper whose results have not come back yet."""
        self.busy = False

    def send(self, i: int, function: Callable[..., Any], items: list[tuple[Any, ...]]) -> None:
        self.flight[i] += 1
        self.helpers[i].send((f"{function.__module__}:{function.__qualname__}", items))

    def freest(self) -> int:
        """The helper with the fewest chunks in flight (the first of equals), after taking in what came."""
        self.take(block=False)
        return self.flight.index(min(self.flight))

    def take(self, block: bool) -> None:
        """Move the results that came (at least one when `block`) from the inbox to their helpers'."""
        while True:
            try:
                tag, message = self.inbox.get(block)
            except queue.Empty:
                return
            self.early[tag].append(message)
            self.flight[tag] -= 1
            block = False

    def result(self, i: int) -> list[Any]:
        """Helper `i`'s next results (a chunk's, in the order sent), or raises its error."""
        while not self.early[i]:
            self.take(block=True)
        ok, value = self.early[i].popleft()
        if not ok:
            raise RuntimeError(f"a build helper process failed: {value}")
        return list(value)

    def any_result(self) -> tuple[int, list[Any]]:
        """The next results of whichever helper ends a chunk first (each holding at most one chunk)."""
        while True:
            for i, early in self.early.items():
                if early:
                    return i, self.result(i)
            self.take(block=True)

    def close(self, kill: bool = False) -> None:
        """End every helper's input first, then wait for each: they end side by side, not in turn."""
        for helper in self.helpers:
            helper.end_input()
        for helper in self.helpers:
            helper.close(kill)


_POOLS: list[Group] = []  # the helpers of the build under way (`pool`), lent to one map at a time


@contextlib.contextmanager
def pool(workers: int) -> Iterator[None]:
    """Keep `workers` helpers for every `ordered_map` and `run_each` inside (a build's stages): started
    once, not per stage (each start re-imports the build's modules: ~1 CPU-s a helper). None below 2."""
    if workers < 2:
        yield
        return
    group = Group(workers)
    _POOLS.append(group)
    try:
        yield
    finally:
        if group in _POOLS:  # else a failed map ended it already
            _POOLS.remove(group)
            group.close()


@contextlib.contextmanager
def _lend(workers: int) -> Iterator[Group]:
    """The build's pool when it is free and has `workers` helpers, else helpers of this map's own. A map
    left before its end (an error, a consumer that stops) leaves chunks unread: the pool is then ended."""
    mine = next((g for g in _POOLS if not g.busy and len(g.helpers) == workers), None)
    group = mine or Group(workers)
    group.busy = True
    clean = False
    try:
        yield group
        clean = True
    finally:
        group.busy = False
        if mine is None or not clean:
            if mine is not None and mine in _POOLS:  # else the build's block ended it (the build failed)
                _POOLS.remove(mine)
            group.close(kill=not clean)


def ordered_map(
    function: Callable[..., Any], items: Iterable[tuple[Any, ...]], workers: int, chunk: int = 64
) -> Iterator[Any]:
    """`function(*item)` for each item, in order; in `workers` helper processes when there are two or more
    (`function` must be a module-level function), else here."""
    if workers < 2:
        yield from (function(*item) for item in items)
        return
    with _lend(workers) as group:
        sent: deque[int] = deque()  # which helper holds each chunk not yet read back, in order
        rest = iter(items)
        for batch in iter(lambda: list(islice(rest, chunk)), []):
            # each chunk to the helper with the least work in hand (uneven chunks leave none idle), but no
            # helper holds more than 1 + AHEAD chunks, nor waits on more than a few results unread
            while min(group.flight) > AHEAD or len(sent) >= workers * (1 + AHEAD) * 4:
                if group.early[sent[0]]:
                    yield from group.result(sent.popleft())
                elif min(group.flight) > AHEAD:
                    group.take(block=True)
                else:
                    yield from group.result(sent.popleft())
            helper = group.freest()
            group.send(helper, function, batch)
            sent.append(helper)
            while sent and group.early[sent[0]]:  # what is ready, in order
                yield from group.result(sent.popleft())
        while sent:
            yield from group.result(sent.popleft())


def in_each(function: Callable[[], Any], workers: int) -> list[Any]:
    """`function()` once in each helper of the build's pool (a stage lets go of what its helpers hold);
    its results in helper order, none without a free pool. One message to each helper by name: handed out
    as `ordered_map` does, a helper done early could take a second turn and leave another without one."""
    group = next((g for g in _POOLS if not g.busy and len(g.helpers) == workers), None)
    if group is None:
        return []
    group.busy = True
    try:
        for i in range(workers):
            group.send(i, function, [()])
        return [value for i in range(workers) for value in group.result(i)]
    finally:
        group.busy = False


def run_each(function: Callable[..., Any], items: list[tuple[Any, ...]], workers: int) -> list[Any]:
    """`function(*item)` for each item, up to `workers` at once in helper processes, the next item going to
    the first helper free (give the longest first); results in item order. For a few big independent pieces
    of work (the KG's domains), where `ordered_map`'s fixed turns leave a core idle."""
    if workers < 2:
        return [function(*item) for item in items]
    mine = next((g for g in _POOLS if not g.busy and len(g.helpers) >= workers), None)
    with contextlib.nullcontext(mine) if mine else _lend(workers) as group:
        return _each(group, function, items, workers)


def _each(
    group: Group, function: Callable[..., Any], items: list[tuple[Any, ...]], workers: int
) -> list[Any]:
    waiting = list(enumerate(items))[::-1]
    holds: dict[int, int] = {}  # helper -> the item it works on
    results: dict[int, Any] = {}
    group.busy = True
    try:
        while waiting or holds:
            for h in range(workers):
                if h not in holds and waiting:
                    holds[h], item = waiting.pop()
                    group.send(h, function, [item])
            h, value = group.any_result()
            results[holds.pop(h)] = value[0]
    except BaseException:
        if group in _POOLS:  # chunks left unread: the pool cannot be lent again
            _POOLS.remove(group)
            group.close(kill=True)
        raise
    finally:
        group.busy = False
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
            **own_group(),
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
