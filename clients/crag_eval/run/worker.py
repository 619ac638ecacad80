"""A worker process of a `--workers N` run (run/workers.py): `python -m crag_eval.run.worker` reads one
pickled `ShardJob` on stdin, runs the run loop (run/runner.py's run_batches) over its questions, and writes
what the loop records, as it records it, on stdout: `("answer", Prediction)`, `("error", ids, error,
traceback)`, then `("done", errors)`, or `("failed", error, traceback)` when the loop raised. It stops when
its stdin closes (the run ended, or was interrupted, or its process is gone), so a worker never outlives
its run.
"""

from __future__ import annotations

import os
import pickle
import sys
import threading
import traceback
from typing import IO, Any

from crag_eval.files.types import Prediction
from crag_eval.llm.client import default_llm_cache, use_sut_cache
from crag_eval.run.runner import run_batches
from crag_eval.run.workers import ShardJob


class Outbox:
    """Pickled messages on the run's pipe, one at a time (the loop's batch threads may record at once)."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream, self.lock = stream, threading.Lock()

    def send(self, *message: Any) -> None:
        with self.lock:
            pickle.dump(message, self.stream, protocol=pickle.HIGHEST_PROTOCOL)
            self.stream.flush()


class SentAnswers:
    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox

    def append(self, prediction: Prediction) -> None:
        self.outbox.send("answer", prediction)


class SentErrors:
    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox

    def append(self, interaction_ids: list[str], error: str, stack: str | None) -> None:
        self.outbox.send("error", interaction_ids, error, stack)


def _stop_at_end_of_input(fd: int) -> None:
    """Nothing more comes on stdin but its end: then the run no longer reads us; stop at once (a model
    stuck in a batch must not keep the process, nor its fetch helpers, alive). Read from the descriptor,
    not sys.stdin: a thread blocked in a buffered read would hold its lock at interpreter shutdown."""
    while os.read(fd, 65536):
        pass
    os._exit(0)


def main() -> None:
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # whatever the model prints goes to stderr, never into the messages
    job: ShardJob = pickle.load(sys.stdin.buffer)
    threading.Thread(target=_stop_at_end_of_input, args=(sys.stdin.fileno(),), daemon=True).start()
    outbox = Outbox(out)
    try:
        on, namespace = job.llm_cache
        use_sut_cache(default_llm_cache() if on else None, namespace)
        model = pickle.loads(job.model)
        errors = run_batches(model, job.questions, job.loop, SentAnswers(outbox), SentErrors(outbox))
    except BaseException as exc:  # the run's process raises it, as the one-process loop would have
        outbox.send("failed", f"{exc.__class__.__name__}: {exc}", traceback.format_exc())
        return
    outbox.send("done", errors)


if __name__ == "__main__":
    main()
