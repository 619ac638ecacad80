"""Models follow the original CRAG protocol unchanged: `get_batch_size()` and `batch_generate_answer(batch)`.

Built-ins: `dummy`, `oracle`, `baseline` (offline, no LLM) and `openai` (the paper's straightforward RAG);
`module:Class` loads a user's class (the module is looked up on sys.path, the current directory first).
`--model-args JSON` becomes keyword arguments of the class's constructor. A model may define `preflight()`:
the harness calls it before question 1, and whatever it raises fails the run at once (the `openai` model
checks its key and endpoint there).
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
import traceback
from typing import Any, Protocol

from mockapi.core.user_error import UserError

BUILTIN = ("dummy", "oracle", "oracle-retrieval", "baseline", "openai", "openai-agent")


class UserModel(Protocol):
    def get_batch_size(self) -> int: ...

    def batch_generate_answer(self, batch: dict[str, list[Any]]) -> list[Any]:
        """A string per question, or the extended `{"answer", "contexts"?, "pages"?, "usage"?}`."""
        ...


class ModelStartError(Exception):
    """The model's constructor raised; holds its one-line error and its traceback for errors.jsonl."""

    def __init__(self, spec: str, exc: BaseException) -> None:
        self.spec = spec
        self.error = f"{exc.__class__.__name__}: {exc}"[:500]
        self.traceback = "".join(traceback.format_exception(exc))
        super().__init__(f"the model {spec} failed to start: {self.error}")


def load_model(
    spec: str,
    gold: dict[str, str],
    model_args: dict[str, Any] | None = None,
    relevant: dict[str, list[str]] | None = None,
) -> UserModel:
    """A model instance; `gold` (interaction_id → answer) and `relevant` (interaction_id → answer-page URLs)
    reach only the oracles, never a batch."""
    if spec == "oracle":
        from crag_eval.models.simple import OracleModel

        return OracleModel(gold)
    if spec == "oracle-retrieval":
        from crag_eval.models.simple import OracleRetrievalModel

        try:
            return OracleRetrievalModel(gold, relevant or {}, **(model_args or {}))
        except TypeError as exc:
            raise UserError(f"--model-args do not fit {spec}: {exc}") from None
    cls = _model_class(spec)
    try:
        inspect.signature(cls).bind(**(model_args or {}))
    except TypeError as exc:
        raise UserError(f"--model-args do not fit {spec}: {exc}") from None
    except ValueError:  # no readable signature (a C type): let the call itself decide
        pass
    try:
        model: UserModel = cls(**(model_args or {}))
    except Exception as exc:  # the user's constructor (CUDA out of memory, a missing file…)
        raise ModelStartError(spec, exc) from exc
    for method in ("get_batch_size", "batch_generate_answer"):
        if not callable(getattr(model, method, None)):
            raise UserError(
                f"{spec} lacks {method}(); a CRAG model needs get_batch_size and batch_generate_answer"
            )
    return model


def preflight(model: UserModel) -> None:
    """Run the model's own `preflight()` check, if it has one (before question 1); whatever it raises
    becomes one line (the run then fails before its first question)."""
    check = getattr(model, "preflight", None)
    if not callable(check):
        return
    try:
        check()
    except UserError:
        raise
    except Exception as exc:
        name = type(model).__name__
        raise UserError(f"{name}.preflight() failed: {exc.__class__.__name__}: {exc}") from None


def _model_class(spec: str) -> Any:
    if spec == "dummy":
        from crag_eval.models.simple import DummyModel

        return DummyModel
    if spec == "baseline":
        from crag_eval.models.baseline import BaselineModel

        return BaselineModel
    if spec == "openai":
        from crag_eval.models.openai_rag import OpenAIRAGModel

        return OpenAIRAGModel
    if spec == "openai-agent":
        from crag_eval.models.openai_agent import OpenAIAgentModel

        return OpenAIAgentModel
    if ":" not in spec:
        raise UserError(f"unknown model {spec!r}; use one of {', '.join(BUILTIN)} or module:Class")
    module_name, _, class_name = spec.partition(":")
    if "" not in sys.path:
        sys.path.insert(0, "")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UserError(
            f"cannot import {module_name!r} for --model {spec}: {exc}{_import_hint(module_name, exc)}"
        ) from None
    cls = getattr(module, class_name, None)
    if cls is None:
        raise UserError(f"module {module_name!r} has no {class_name!r}; --model takes module:Class")
    return cls


def _import_hint(module_name: str, exc: ImportError) -> str:
    """Where Python looked, when the module itself is not found (not one it imports)."""
    top = module_name.split(".")[0]
    if not isinstance(exc, ModuleNotFoundError) or exc.name not in (top, module_name):
        return ""
    here = os.getcwd()
    return (
        f" (looked in the current folder {here} and on PYTHONPATH: run crag-eval from the folder that holds "
        f"{top}.py or the {top}/ package, or add that folder to PYTHONPATH)"
    )


def model_label(spec: str) -> str:
    """A short name for run directories: the built-in name or the class name."""
    return spec.rsplit(":", 1)[-1].lower() if ":" in spec else spec
