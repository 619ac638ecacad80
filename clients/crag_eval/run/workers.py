"""`--workers N`: a run's questions sharded over worker processes, their answers merged in question order.

The run loop (crag_eval.run.runner) keeps a CPU-bound model (the `baseline` reads 50 pages a question in
Python) on one core however many batches are in flight: `--max-concurrency` overlaps waiting, not work.
Here each worker process (run/worker.py, started through mockapi.core.pipe_pool's helper) runs that same
loop over its share of the questions, with its own copy of the model (pickled once here), its own
`--max-concurrency` and its own page fetches from the run's server; this process keeps the server and
writes what the workers send back: each answer into predictions.jsonl in question order (an answer that
comes early waits for the ones before it), each failed batch into errors.jsonl. So the run directory, a
resume, Ctrl-C and SIGTERM (the workers are stopped at once; answers not yet written are asked again on
resume) and the error counts are those of a one-process run.

The questions go to the workers in blocks, in turn (block b to worker b mod N), a block being whole
batches: each worker sees the batches a one-process run would form, and the answers to merge stay close.

Default: one worker per core when the model says it is process-safe (`process_safe = True`, as the
`baseline` does) and the run has questions enough to share; else one process. A model that is not
picklable, or that says `process_safe = False`, keeps one process whatever `--workers` says (one line).
"""

from __future__ import annotations

import pickle
import queue
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from crag_eval.files.types import Prediction, Question
from crag_eval.run.runner import Answers, Errors, Loop
from mockapi.core.pipe_pool import Helper, cores

MIN_QUESTIONS = 24  # per worker, by default: below it a worker's start-up (~1 s of CPU) outweighs its share


@dataclass
class ShardJob:
    """What one worker needs, pickled to it once: its questions and the run loop's settings."""

    model: bytes
    """The model instance, pickled once in the run's process."""
    questions: list[Question]
    loop: Loop
    llm_cache: tuple[bool, str]
    """--llm-cache: on or off, and its namespace (crag_eval.llm.client.use_sut_cache)."""


class WorkerFailed(RuntimeError):
    """A worker's run loop raised (as the one-process loop would have: its error, then the worker's
    traceback) or the worker died."""


def choose_workers(
    requested: int | None, model: Any, questions: int, say: Callable[[str], None]
) -> tuple[int, bytes | None]:
    """(workers, the pickled model when more than one). `requested` None: the default (see the module)."""
    safe = getattr(model, "process_safe", None)
    if requested is None:
        wanted = min(cores(), questions // MIN_QUESTIONS) if safe is True else 1
    else:
        wanted = min(requested, questions)
    if wanted < 2:
        return 1, None
    name = type(model).__name__
    if safe is False:
        say(f"--workers {wanted}: {name} says it is not process-safe (process_safe = False); one process")
        return 1, None
    if type(model).__module__ == "__main__":
        say(f"--workers {wanted}: {name} is defined in __main__, which a worker cannot import; one process")
        return 1, None
    try:
        blob = pickle.dumps(model, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as exc:  # a lock, a socket, a GPU handle…: the model stays in this process
        say(f"--workers {wanted}: {name} cannot be pickled ({exc.__class__.__name__}: {exc}); one process")
        return 1, None
    return wanted, blob


def shards(todo: list[Question], workers: int, block: int) -> list[list[Question]]:
    """Blocks of `block` questions dealt to the workers in turn."""
    out: list[list[Question]] = [[] for _ in range(workers)]
    for b, start in enumerate(range(0, len(todo), block)):
        out[b % workers].extend(todo[start : start + block])
    return out


def run_sharded(
    job: ShardJob,
    workers: int,
    log: Answers,
    errors_log: Errors | None,
    advance: Callable[[int], None],
    block: int,
) -> int:
    """Ask every question of `job` over `workers` processes (job.questions dealt in blocks of `block`,
    whole batches); returns the errors, as crag_eval.run.runner.run_batches does."""
    todo = job.questions
    inbox: queue.Queue[tuple[Any, Any]] = queue.Queue()
    helpers: list[Helper] = []
    finished = False
    try:
        for i, mine in enumerate(shards(todo, workers, block)):
            if mine:
                helpers.append(Helper("crag_eval.run.worker", inbox=inbox, tag=i))
                hooks = job.loop.hooks
                labels = {
                    q.interaction_id: hooks.labels[q.interaction_id]
                    for q in mine
                    if q.interaction_id in hooks.labels
                }
                loop = replace(job.loop, hooks=replace(hooks, labels=labels), loops=workers)
                helpers[-1].send(replace(job, questions=mine, loop=loop))
        errors = _merge(
            inbox, {h.tag for h in helpers}, [q.interaction_id for q in todo], log, errors_log, advance
        )
        finished = True
        return errors
    finally:
        for helper in helpers:
            helper.close(kill=not finished)


def _merge(
    inbox: queue.Queue[tuple[Any, Any]],
    running: set[Any],
    order: list[str],
    log: Answers,
    errors_log: Errors | None,
    advance: Callable[[int], None],
) -> int:
    """Write the workers' answers in `order` as they come; returns the errors the workers counted."""
    early: dict[str, Prediction] = {}
    position = errors = 0
    while running:
        tag, message = inbox.get()
        kind = message[0]
        if kind == "answer":
            early[message[1].interaction_id] = message[1]
            while position < len(order) and order[position] in early:
                log.append(early.pop(order[position]))
                position += 1
                advance(1)
        elif kind == "error" and errors_log is not None:
            errors_log.append(*message[1:])
        elif kind == "done":
            running.discard(tag)
            errors += message[1]
        elif kind == "failed":
            raise WorkerFailed(f"{message[1]}\n(in worker {tag}) {message[2]}")
        elif kind is False and tag in running:  # its output ended before it said done
            raise WorkerFailed(f"worker {tag} stopped before its last answer: {message[1]}")
    if position != len(order):  # every worker said done: every answer came
        raise WorkerFailed(f"the workers answered {position} of {len(order)} questions")
    return errors
