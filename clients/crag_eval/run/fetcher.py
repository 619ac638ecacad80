"""The harness's page fetches of a Task 3 run, in a helper process, ahead of the model.

A Task 3 search answer is 16-20 MB of JSON. Receiving and decoding it, then scanning its pages for the
question's key phrases, costs about 90 ms of CPU a question, all of it holding the GIL of the process the
model runs in: a CPU-bound model (the `baseline`) waited for it question after question, and a model that
waits on an LLM with `--max-concurrency 8` found one core's worth of fetches in its way. Here the fetches run
in a spawned helper process on the other core, one batch or more ahead of the model; what comes back is the
pages (pickled: a memory copy) and the key-phrase evidence, exactly what the in-process fetch gives.

Runs with few questions or few pages (Tasks 1-2: 5 pages) fetch in-process, as a helper process costs a
Python start-up; so do the run loops of a `--workers N` run when N processes already fill the cores
(crag_eval.run.workers): a helper there only adds the pickled copy of 16 MB of pages a question (~30 ms of
CPU each way) and takes a core from a worker. A Task 3 fetch made in-process from a server on this
machine goes the helper's lean way (http.client, gzip inflated by ISA-L, orjson: `fetch_helper.search`),
not httpx's.
A helper or a lean fetch makes one attempt per search; a fetch that fails (a dead helper, a failed attempt)
is made again in-process with the SDK's retries, so a failure is retried and reported as it always was.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import subprocess
import sys
import threading
from collections import deque
from concurrent.futures import Future
from itertools import cycle
from typing import IO, Any

import httpx
import orjson

from crag_eval.files.records import SearchPage
from crag_eval.files.types import Question
from crag_eval.run.fetch_helper import Connections, search
from crag_eval.run.frames import MEDIA_TYPE
from crag_eval.score.diagnostics import RunHooks, is_loopback
from mockapi.core.pipe_pool import own_group

MIN_QUESTIONS = 20  # below this a helper's start-up (about 0.4 s of CPU) outweighs what it saves
MIN_PAGES = 50  # Task 3; 5 pages decode in about a millisecond


def fetch_processes(questions: int, k: int, max_concurrency: int, loops: int = 1) -> int:
    """How many helper processes a run's fetches get: none for small runs, none when the run's `loops`
    processes (`--workers`) leave no core spare for one each, else one, or two (the cores this machine has,
    at most) when several batches are in flight at once."""
    cores = os.cpu_count() or 1
    if questions < MIN_QUESTIONS or k < MIN_PAGES or (loops > 1 and 2 * loops > cores):
        return 0
    return max(1, min(2 if max_concurrency > 1 else 1, cores))


class Ticket:
    """One question's fetch, submitted; `pages` waits for it (or fetches in-process)."""

    def __init__(self, fetcher: Fetcher, question: Question, future: Future[Any] | None) -> None:
        self.fetcher, self.question, self.future = fetcher, question, future

    def pages(self, http: httpx.Client) -> list[SearchPage]:
        f = self.fetcher
        try:
            if self.future is not None:
                pages, evidence = self.future.result()
            elif f.lean:
                pages, evidence = search(f.connections(), *f.request(self.question))
            else:
                return f.hooks.fetch(http, f.url, self.question, f.k)
        except Exception:  # the helper or the lean fetch failed: the SDK's fetch retries and says how
            return f.hooks.fetch(http, f.url, self.question, f.k)
        f.hooks.keep_evidence(self.question, evidence)
        return list(pages)


class Fetcher:
    """Hands fetches to `processes` helper processes in turn (0: each is made in-process when its batch
    starts, as before)."""

    def __init__(self, hooks: RunHooks, url: str, k: int, processes: int) -> None:
        self.hooks, self.url, self.k = hooks, url, k
        self.helpers = [_Helper() for _ in range(processes)]
        self._next = cycle(self.helpers)
        # a lean fetch in this process only from a server on this machine: http.client knows no proxy
        self.lean = k >= MIN_PAGES and is_loopback(url)
        self._local = threading.local()  # a lean fetch's kept-alive connection, one per batch thread
        self._opened: list[Connections] = []

    @property
    def ahead(self) -> int:
        """Batches to plan beyond those in flight: one keeps the helpers busy while the model works."""
        return 1 if self.helpers else 0

    def submit(self, question: Question) -> Ticket:
        if not self.helpers:
            return Ticket(self, question, None)
        return Ticket(self, question, next(self._next).submit(self.request(question)))

    def request(self, question: Question) -> tuple[str, bytes, dict[str, str], int, tuple[str, ...]]:
        """A lean fetch's arguments (crag_eval.run.fetch_helper.search)."""
        target, body, headers = self.hooks.search_request(self.url, question, self.k)
        # the server sends its stored segments as they are: in frames (run/frames.py) if it knows them, else
        # as one gzip member
        headers = {**headers, "accept": f"{MEDIA_TYPE}, application/json", "accept-encoding": "gzip"}
        return target, orjson.dumps(body), headers, self.k, self.hooks.phrases(question)

    def connections(self) -> Connections:
        """This thread's kept-alive connections for lean fetches."""
        mine: Connections | None = getattr(self._local, "connections", None)
        if mine is None:
            mine = self._local.connections = Connections()
            self._opened.append(mine)
        return mine

    def close(self) -> None:
        """Stop the helpers now (an interrupted run must not wait for fetches nobody will read)."""
        for helper in self.helpers:
            helper.close()
        self.helpers = []
        for connections in self._opened:
            connections.close()
        self._opened = []


class _Helper:
    """One `python -m crag_eval.run.fetch_helper` process: pickled requests in on stdin, results out on
    stdout, in order; a reader thread hands each result to its future. Started as a plain subprocess (not
    multiprocessing, which re-imports the caller's main script and forks a process holding DuckDB and the
    server's thread)."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "crag_eval.run.fetch_helper"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            **own_group(),  # Ctrl-C goes to the run loop, which stops the helper itself
        )
        self.pending: deque[Future[Any]] = deque()
        self.lock = threading.Lock()  # guards `pending` only, never held while blocked on a pipe
        self.writing = threading.Lock()  # one request written at a time, in the order of `pending`
        self.reader = threading.Thread(target=self._read, daemon=True, name="crag-eval-fetch")
        self.reader.start()

    def submit(self, request: tuple[Any, ...]) -> Future[Any]:
        future: Future[Any] = Future()
        data = pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
        # The write may wait for the helper to read, and the helper for the reader thread to take its last
        # result: the reader must never wait for this lock, so it guards the write, not `pending`.
        with self.writing:
            with self.lock:
                self.pending.append(future)
            try:
                assert self.proc.stdin is not None
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
            except (OSError, ValueError) as exc:  # the helper is gone: the reader fails what it left
                with self.lock:
                    if future in self.pending:
                        self.pending.remove(future)
                if not future.done():
                    future.set_exception(exc)
        return future

    def _read(self) -> None:
        stream: IO[bytes] | None = self.proc.stdout
        assert stream is not None
        while True:
            try:
                ok, value = pickle.load(stream)
            except Exception as exc:  # EOF (the helper ended) or a torn message: nothing more will come
                with self.lock:
                    pending, self.pending = self.pending, deque()
                for future in pending:
                    future.set_exception(RuntimeError(f"the fetch helper stopped ({exc!r})"))
                return
            with self.lock:
                future = self.pending.popleft()
            if ok:
                future.set_result(value)
            else:
                future.set_exception(RuntimeError(value))

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()
        self.reader.join(timeout=5)  # it reads the end of the killed helper's output, then stops
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()
