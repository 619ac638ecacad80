"""crag-eval, the evaluation harness: run a CRAG model on Task 1, 2 or 3 and score every answer.

The public names (pinned by tests/architecture/test_eval_exports.py) are loaded on first use, so importing
one module of the harness (a worker process, the reward function) does not load the whole run machinery.
The run itself is `crag_eval.run.evaluate.evaluate(RunConfig(task=…))`: a package attribute `evaluate`
would be the submodule of that name once it is imported, so it is not one of the names here.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from crag_eval.files.types import Judgement, Prediction, Question, Score
    from crag_eval.models import UserModel
    from crag_eval.run.config import RunConfig
    from crag_eval.run.evaluate import RunInterrupted
    from crag_eval.run.run_context import RunContext

__all__ = [
    "Judgement",
    "Prediction",
    "Question",
    "RunConfig",
    "RunContext",
    "RunInterrupted",
    "Score",
    "UserModel",
]

_HOMES = {
    "Judgement": "crag_eval.files.types",
    "Prediction": "crag_eval.files.types",
    "Question": "crag_eval.files.types",
    "RunConfig": "crag_eval.run.config",
    "RunContext": "crag_eval.run.run_context",
    "RunInterrupted": "crag_eval.run.evaluate",
    "Score": "crag_eval.files.types",
    "UserModel": "crag_eval.models",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module 'crag_eval' has no attribute {name!r}")
    return getattr(importlib.import_module(_HOMES[name]), name)
