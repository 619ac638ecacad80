"""One evaluation run end to end, with its run log (run.json) written at start and updated on any exit."""

from __future__ import annotations

import sys
import traceback
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from crag_eval.models import load_model, model_label
from crag_eval.robustness import make_hooks, server_sim
from crag_eval.rundir import (
    RUN_FORMAT,
    RUN_JSON,
    PredictionLog,
    default_run_dir,
    load_predictions,
    now,
    read_run,
    save_questions,
    versions,
    write_json,
)
from crag_eval.runner import SECONDS_PER_QUESTION, run_batches
from crag_eval.sources import open_source, set_server_env
from crag_eval.truncate import TOKENIZER_NAME
from mockapi.errors import UserError


@dataclass
class RunConfig:
    task: int
    model: str = "baseline"
    data: str | None = None
    server: str | None = None
    judge: str = "rules"
    limit: int | None = None
    output: str | None = None
    seconds_per_question: float = SECONDS_PER_QUESTION
    perturbation: dict[str, Any] | None = None
    """Evidence perturbation sent with every /web/search (noise_ratio, mode, perturb_seed)."""
    sim: dict[str, Any] | None = None
    """Simulation settings of the in-process server (fault_rate, latency, …); not None = journal usage."""


def prepare(config: RunConfig, resume: Path | None) -> tuple[RunConfig, Path, dict[str, Any]]:
    """The config (from run.json when resuming), the run directory and its log."""
    if resume is not None:
        log = read_run(resume)
        saved = {k: v for k, v in log["args"].items() if k in RunConfig.__dataclass_fields__}
        if config.server:
            saved["server"] = config.server
        config = RunConfig(**saved)
        log.setdefault("resumed_at", []).append(now())
        return config, resume, log
    if config.task not in (1, 2, 3):
        raise UserError(f"--task must be 1, 2 or 3, got {config.task}")
    if config.limit is not None and config.limit < 1:
        raise UserError(f"--limit must be a positive number of questions, got {config.limit}")
    run_dir = (
        Path(config.output) if config.output else default_run_dir(config.task, model_label(config.model))
    )
    if (run_dir / RUN_JSON).exists():
        raise UserError(
            f"{run_dir} already holds a run; continue it with --resume {run_dir} or pick --output"
        )
    try:
        run_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot create the run directory {run_dir}: {exc.strerror}") from None
    log = {
        "format": RUN_FORMAT,
        "tool": "crag-eval",
        "args": asdict(config),
        "versions": versions(),
        "tokenizer": TOKENIZER_NAME,
        "started_at": now(),
        "errors": [],
    }
    return config, run_dir, log


def evaluate(config: RunConfig, resume: Path | None = None, say: Any = print, progress: bool = True) -> Path:
    """Run (or resume) an evaluation; returns the run directory. The log records success and failure alike."""
    from crag_eval.report import render_reports
    from crag_eval.scoring import score_run

    config, run_dir, log = prepare(config, resume)
    log["status"] = "running"
    write_json(run_dir / RUN_JSON, log)
    try:
        sim, token = server_sim(config)  # crag_eval.robustness: a fresh admin token to read the journal
        with open_source(config.task, config.data, config.server, say, sim) as source:
            questions = source.questions[: config.limit] if config.limit else source.questions
            save_questions(run_dir, questions)
            log.update(world=source.world, server=source.url, n_questions=len(questions))
            write_json(run_dir / RUN_JSON, log)
            set_server_env(source.url)
            done = load_predictions(run_dir)
            todo = [q for q in questions if q.interaction_id not in done]
            model = load_model(config.model, {q.interaction_id: q.answer for q in questions})
            prediction_log = PredictionLog(run_dir)
            try:
                with _progress(progress, len(questions), len(done)) as advance:
                    errors = run_batches(
                        model,
                        todo,
                        source.url,
                        config.task,
                        prediction_log,
                        advance,
                        config.seconds_per_question,
                        make_hooks(config, source.url, source.world, questions, token),
                    )
            finally:
                prediction_log.close()
            log["model_errors"] = log.get("model_errors", 0) + errors
        log["status"] = "scoring"
        write_json(run_dir / RUN_JSON, log)
        scores = score_run(run_dir, config.judge)
        render_reports(run_dir)
        log["status"] = "complete"
        log["summary"] = scores["overall"].get(scores["primary"], {})
    except KeyboardInterrupt:
        log["status"] = "interrupted"
        log["errors"].append({"at": now(), "error": "interrupted (Ctrl-C); continue with --resume"})
        raise
    except BaseException as exc:
        log["status"] = "failed"
        log["errors"].append(
            {
                "at": now(),
                "error": f"{exc.__class__.__name__}: {exc}",
                "traceback": traceback.format_exc(limit=8),
            }
        )
        raise
    finally:
        log["finished_at"] = now()
        write_json(run_dir / RUN_JSON, log)
    return run_dir


class _progress:
    """A rich progress bar on a terminal (plain start/end lines otherwise)."""

    def __init__(self, enabled: bool, total: int, done: int) -> None:
        self.enabled, self.total, self.done = enabled, total, done
        self._bar: Any = None

    def __enter__(self) -> Any:
        if not self.enabled:
            return lambda _n: None
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self._bar = Progress(
            TextColumn("answering"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            disable=not sys.stderr.isatty(),
            transient=False,
        )
        self._bar.start()
        task = self._bar.add_task("answering", total=self.total, completed=self.done)
        return lambda n: self._bar.advance(task, n)

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()
