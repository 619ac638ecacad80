"""`--log-to mlflow`: a finished run into MLflow's tracking store, where researchers keep their experiments.

Params are what the run was made with (run.json: code version and commit, library versions, world hash,
model and judge settings); metrics are its figures (scores.json: every judge's Score_a, accuracy,
hallucination and missing, the primary judge's per slice, retrieval); the reports and the two JSON files go in
as artifacts. The store is `$MLFLOW_TRACKING_URI` when set (a server, a database), else MLflow's local file
store `./mlruns`. The run directory stays the record: this is a copy, written once at the end of a run.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from crag_eval.files.rundir import read_run, read_scores
from crag_eval.files.runfiles import RunLog, Scores
from crag_eval.files.types import Score
from mockapi.core.user_error import UserError

TARGETS = ("mlflow",)
"""What --log-to accepts."""

EXPERIMENT = "crag-eval"
"""The MLflow experiment runs go to (`$MLFLOW_EXPERIMENT_NAME` overrides it)."""

FIGURES = ("score_a", "accuracy", "hallucination", "missing", "score_a_high", "n")
"""The figures of a Score logged as metrics."""

ARTIFACTS = ("report.md", "report.html", "run.json", "scores.json")

_PARAM_LIMIT = 6000
"""MLflow's longest param value (longer ones are cut, with `…`)."""

_BATCH_PARAMS = 100
"""MLflow takes at most 100 params (and 1,000 metrics) in one log_batch call."""

_SECRET = re.compile(r"token|secret|password|api_key", re.IGNORECASE)
"""Settings never copied into a tracking store (run.json holds none today; this keeps it so)."""


def log_run(run_dir: Path, target: str) -> str:
    """Log the scored run in `run_dir` to `target` (only "mlflow"); returns MLflow's run id."""
    if target not in TARGETS:
        raise UserError(f"--log-to takes {' | '.join(TARGETS)}, got {target!r}")
    log, scores = read_run(run_dir), read_scores(run_dir)
    if scores is None:
        raise UserError(f"{run_dir} has no scores.json to log (score it first: crag-eval score {run_dir})")
    try:
        from mlflow.entities import Metric, Param
        from mlflow.tracking import MlflowClient
    except ImportError:
        raise UserError("--log-to mlflow needs MLflow: pip install 'crag-mockapi[mlflow]'") from None
    uri = os.environ.get("MLFLOW_TRACKING_URI") or Path("mlruns").resolve().as_uri()
    with _file_store_allowed(uri):
        client = MlflowClient(tracking_uri=uri)
        run = client.create_run(_experiment(client), run_name=run_dir.name, tags=_tags(log, run_dir))
        stamp = int(time.time() * 1000)
        figures = [Metric(k, v, stamp, 0) for k, v in metrics(scores).items()]
        settings = [Param(k, v) for k, v in params(log).items()]
        for i in range(0, max(len(figures), len(settings)), _BATCH_PARAMS):  # MLflow's limits per batch
            client.log_batch(
                run.info.run_id,
                metrics=figures[i : i + _BATCH_PARAMS],
                params=settings[i : i + _BATCH_PARAMS],
            )
        for name in ARTIFACTS:
            if (run_dir / name).is_file():
                client.log_artifact(run.info.run_id, str(run_dir / name))
        client.set_terminated(run.info.run_id)
    return str(run.info.run_id)


@contextmanager
def _file_store_allowed(uri: str) -> Iterator[None]:
    """MLflow 3 keeps its file store in maintenance mode and refuses it unless MLFLOW_ALLOW_FILE_STORE is
    set: it is still the store that needs no server and no database, the one --log-to mlflow promises."""
    before = os.environ.get("MLFLOW_ALLOW_FILE_STORE")
    if uri.startswith("file:") and before is None:
        os.environ["MLFLOW_ALLOW_FILE_STORE"] = "true"
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("MLFLOW_ALLOW_FILE_STORE", None)


def _experiment(client: Any) -> str:
    name = os.environ.get("MLFLOW_EXPERIMENT_NAME") or EXPERIMENT
    found = client.get_experiment_by_name(name)
    return str(found.experiment_id) if found else str(client.create_experiment(name))


def _tags(log: RunLog, run_dir: Path) -> dict[str, str]:
    tags = {"crag_eval.run_dir": str(run_dir.resolve()), "crag_eval.status": str(log.status)}
    commit = (log.code or {}).get("commit")
    if commit:
        tags["mlflow.source.git.commit"] = str(commit)
    return tags


def params(log: RunLog) -> dict[str, str]:
    """run.json as flat MLflow params: `args.*` (model and judge settings), `code.*`, `versions.*`,
    `world.*` (its content hash, scale, seed, split) and `endpoints.*` (never a key)."""
    world = log.world.model_dump(exclude={"versions"}, exclude_none=True) if log.world else {}
    out: dict[str, str] = {}
    for section, values in (
        ("args", dict(log.args)),
        ("code", log.code or {}),
        ("versions", log.versions),
        ("world", world),
        ("endpoints", log.endpoints or {}),
    ):
        for key, value in values.items():
            if value is not None and not _SECRET.search(key):
                out[_name(f"{section}.{key}")] = _text(value)
    return out


def metrics(scores: Scores) -> dict[str, float]:
    """scores.json as flat MLflow metrics: `<judge>.<figure>` for every judge, `<figure>` for the primary
    one, `slice.<key>.<value>.<figure>` per slice, `retrieval.*` and the KDD Cup macro average."""
    out: dict[str, float] = {}
    primary = scores.overall.get(scores.primary)
    if primary is not None:
        out.update(_figures("", primary))
    for judge, score in scores.overall.items():
        out.update(_figures(f"{judge}.", score))
    for key, values in scores.slices.items():
        for value, score in values.items():
            out.update(_figures(f"slice.{key}.{value}.", score))
    for name, figure in scores.macro.items():
        out[_name(f"macro.{name}")] = float(figure)
    if scores.retrieval is not None:
        for name, figure in scores.retrieval.model_dump().items():
            if isinstance(figure, (int, float)):
                out[_name(f"retrieval.{name}")] = float(figure)
    return out


def _figures(prefix: str, score: Score) -> dict[str, float]:
    return {_name(prefix + f): float(getattr(score, f)) for f in FIGURES}


def _name(key: str) -> str:
    """An MLflow key: letters, digits, `_ - . / ` and spaces only (slice values are free text)."""
    return re.sub(r"[^\w\-./ ]", "_", key)


def _text(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True, default=str)
    return text if len(text) <= _PARAM_LIMIT else text[: _PARAM_LIMIT - 1] + "…"
