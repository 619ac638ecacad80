"""The run loop: questions → batches (with their pages, and tool clients for an agent) → the model →
predictions.jsonl.

Each batch runs in a worker thread under a time budget (30 s per question × batch size by default); a batch
that times out, raises or returns the wrong number of answers is recorded on each of its questions as an error
(counted missing, flagged), never dropped and never misaligned, and its traceback (for a timeout: where the
model was stuck) goes to errors.jsonl.
"""

from __future__ import annotations

import functools
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import httpx

from crag_eval.files.records import PageSummary, SearchPage
from crag_eval.files.types import Prediction, Question
from crag_eval.llm.agent import AgentBatch, wants_tools
from crag_eval.llm.truncate import truncate
from crag_eval.models import UserModel
from crag_eval.run.fetcher import Fetcher, Ticket, fetch_processes
from crag_eval.score.diagnostics import RunHooks, answer_text
from crag_eval.score.retrieval import ranked_pages

SECONDS_PER_QUESTION = 30.0
SNIPPET_CHARS = 300


class Answers(Protocol):
    """Where the loop appends its answers: predictions.jsonl (files/rundir.py's PredictionLog), or the pipe
    of a worker process (crag_eval.run.worker)."""

    def append(self, prediction: Prediction) -> None: ...


class Errors(Protocol):
    """Where the loop records a failed batch: errors.jsonl (rundir's ErrorLog), or a worker's pipe."""

    def append(self, interaction_ids: list[str], error: str, stack: str | None) -> None: ...


@dataclass(frozen=True)
class Loop:
    """How the run loop asks, whichever process runs it: the run's own, or each `--workers` process (pickled
    with its `ShardJob`). What it asks (model, questions) and where answers go are the loop's arguments."""

    url: str
    """The server the model's pages and tools come from."""
    task: int
    seconds_per_question: float = SECONDS_PER_QUESTION
    """A batch's time budget per question."""
    hooks: RunHooks = field(default_factory=RunHooks)
    """Retried fetches, perturbations, key-phrase hits, journal usage."""
    batch_size: int | None = None
    """--batch-size: replaces the model's own get_batch_size()."""
    max_concurrency: int = 1
    """Batches in flight at once."""
    loops: int = 1
    """Run-loop processes of the run (`--workers`): whether the cores leave room for fetch helpers."""


def pages_per_task(task: int) -> int:
    return 5 if task in (1, 2) else 50


def page_summary(page: SearchPage) -> PageSummary:
    """What the report shows of a served page: name, url, last-modified and the start of the snippet."""
    return {
        "name": str(page.get("page_name", "")),
        "url": str(page.get("page_url", "")),
        "last_modified": str(page.get("page_last_modified", "")).strip(),
        "snippet": str(page.get("page_snippet", ""))[:SNIPPET_CHARS],
    }


@dataclass
class _Outcome:
    """What the model's worker thread left: its answers, or its error and traceback."""

    answers: Any = None
    error: str | None = None
    traceback: str | None = None


def call_with_budget(
    model: UserModel, batch: dict[str, list[Any]], budget_s: float
) -> tuple[Any, str | None, str | None]:
    """(answers, None, None), or (None, error, traceback) on timeout or exception; the model runs in a daemon
    worker thread. A timeout's traceback is the worker's stack at the deadline: where the model was stuck."""
    box = _Outcome()

    def work() -> None:
        try:
            box.answers = model.batch_generate_answer(batch)
        except BaseException as exc:  # the user's code may raise anything; it is recorded, not fatal
            box.error = f"exception: {exc.__class__.__name__}: {exc}"[:500]
            box.traceback = traceback.format_exc()

    worker = threading.Thread(target=work, daemon=True, name="crag-eval-model")
    worker.start()
    worker.join(budget_s)
    if worker.is_alive():
        frame = sys._current_frames().get(worker.ident or -1)
        stack = "".join(traceback.format_stack(frame)) if frame is not None else None
        error = f"timeout: no answer within {budget_s:g} s for a batch of {len(batch['query'])}"
        return None, error, stack
    if box.error is not None:
        return None, box.error, box.traceback
    return box.answers, None, None


@dataclass
class _Done:
    """One batch asked: its questions, pages, answers (or error and stack), agent usage, the model's time."""

    chunk: list[Question]
    pages: list[list[SearchPage]]
    answers: Any
    error: str | None
    stack: str | None
    elapsed: float
    agents: AgentBatch


def _ask(
    model: UserModel,
    chunk: list[Question],
    tickets: list[Ticket],
    http: httpx.Client,
    url: str,
    hooks: RunHooks,
    seconds_per_question: float,
) -> _Done:
    """Fetch a batch's pages, ask the model under the batch's time budget, check the answer count."""
    pages = [ticket.pages(http) for ticket in tickets]
    batch: dict[str, list[Any]] = {
        "interaction_id": [q.interaction_id for q in chunk],
        "query": [q.query for q in chunk],
        "search_results": pages,
        "query_time": [q.query_time for q in chunk],
    }
    agents = AgentBatch(wants_tools(model), url, batch["interaction_id"], hooks.budget)
    agents.extend(batch)
    started = time.perf_counter()
    try:
        answers, error, stack = call_with_budget(model, batch, seconds_per_question * len(chunk))
    finally:
        agents.close()
    elapsed = time.perf_counter() - started
    if error is None and (not isinstance(answers, (list, tuple)) or len(answers) != len(chunk)):
        got = len(answers) if isinstance(answers, (list, tuple)) else type(answers).__name__
        error = f"count-mismatch: {got} answers for {len(chunk)} questions"
    return _Done(chunk, pages, answers, error, stack, elapsed, agents)


def run_batches(
    model: UserModel,
    todo: list[Question],
    loop: Loop,
    log: Answers,
    errors_log: Errors | None = None,
    advance: Callable[[int], None] = lambda _n: None,
) -> int:
    """Ask the model every question of `todo`, appending each answer as it arrives; returns errors.

    Up to `loop.max_concurrency` batches are in flight at once (each in its own thread, under its own time
    budget); answers are written in dataset order all the same (a batch that finishes early waits for the
    ones before it), so a killed run resumes from a prefix of the questions."""
    url, hooks, max_concurrency = loop.url, loop.hooks, loop.max_concurrency
    k = pages_per_task(loop.task)
    errors = 0
    position = 0
    planned: deque[tuple[list[Question], list[Ticket]]] = deque()  # fetches submitted, model not yet asked
    in_flight: deque[_Flight] = deque()
    limits = httpx.Limits(max_connections=max(10, 2 * max_concurrency))
    fetcher = Fetcher(hooks, url, k, fetch_processes(len(todo), k, max_concurrency, loop.loops))
    depth = max_concurrency + fetcher.ahead  # batches planned: in flight, plus those whose pages come ahead
    asking = functools.partial(
        _ask, model, url=url, hooks=hooks, seconds_per_question=loop.seconds_per_question
    )
    try:
        with httpx.Client(timeout=60.0, limits=limits) as http:
            while position < len(todo) or planned or in_flight:
                while position < len(todo) and len(in_flight) + len(planned) < depth:
                    size = loop.batch_size or model_batch_size(model)
                    chunk = todo[position : position + size]
                    position += len(chunk)
                    planned.append((chunk, [fetcher.submit(q) for q in chunk]))
                while planned and len(in_flight) < max_concurrency:
                    chunk, tickets = planned.popleft()
                    in_flight.append(_Flight(functools.partial(asking, chunk, tickets, http)))
                done = in_flight.popleft().result()  # in order: later batches keep running meanwhile
                errors += _record(done, log, hooks, errors_log)
                advance(len(done.chunk))
    finally:
        fetcher.close()
    return errors


class _Flight:
    """One batch in flight in a daemon thread (as the model's own call: a Ctrl-C or SIGTERM never waits for
    it, and process exit is not held up by a stuck model)."""

    def __init__(self, work: Callable[[], _Done]) -> None:
        self._done: _Done | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True, name="crag-eval-batch")
        self._thread.start()

    def _run(self, work: Callable[[], _Done]) -> None:
        try:
            self._done = work()
        except BaseException as exc:  # a fetch that failed for good: raised in the run loop, as before
            self._error = exc

    def result(self) -> _Done:
        self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._done is not None  # the thread ended without raising: work() returned
        return self._done


def _record(done: _Done, log: Answers, hooks: RunHooks, errors_log: Errors | None) -> int:
    """Append a batch's predictions (its error on each question if it failed); returns its errors."""
    chunk, error = done.chunk, done.error
    if error and errors_log is not None:
        errors_log.append([q.interaction_id for q in chunk], error, done.stack)
    usage = hooks.api_usage(chunk)
    for i, question in enumerate(chunk):
        answer = None if error else done.answers[i]
        journal = usage.get(question.interaction_id)
        agent = done.agents.usage(
            question.interaction_id, answer, journal["n_calls"] if journal else None, hooks.prices
        )
        raw = "" if error or (agent and agent.over_budget) else _as_text(answer_text(answer))
        scored = truncate(raw)
        log.append(
            Prediction(
                interaction_id=question.interaction_id,
                prediction=scored,
                raw=raw if scored != raw.strip() else None,
                latency_s=round(done.elapsed / len(chunk), 4),
                error=error,
                pages=[page_summary(p) for p in done.pages[i]],
                agent=agent.as_data() if agent else None,
                retrieved=ranked_pages(answer, done.pages[i]),
                **hooks.extras(question, answer, usage),
            )
        )
    return len(chunk) if error else 0


def model_concurrency(model: UserModel) -> int:
    """The model's own default for --max-concurrency: its `get_max_concurrency()`, if any, else 1."""
    method = getattr(model, "get_max_concurrency", None)
    try:
        return max(1, int(method())) if callable(method) else 1
    except Exception:
        return 1


def model_batch_size(model: UserModel) -> int:
    """Read before every batch (the protocol allows it to change); clamped to 1..16 as documented."""
    try:
        size = int(model.get_batch_size())
    except Exception:
        size = 1
    return max(1, min(16, size))


def _as_text(answer: Any) -> str:
    return answer if isinstance(answer, str) else ("" if answer is None else str(answer))
