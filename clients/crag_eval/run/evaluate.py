"""One evaluation run end to end, with its run log (run.json) written at start and updated on any exit.

The run directory is printed first. A run that fails (or is interrupted) before its first answer leaves
nothing behind; later it keeps run.json with the error, so `--resume` can continue it. A resumed run must see
the same world (content hash) as the one it started on. The run's steps pass one `RunContext`
(crag_eval.run.run_context); what it is asked is its `RunConfig` (crag_eval.run.config).
"""

from __future__ import annotations

import os
import secrets
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from crag_eval.files.records import SimSettings
from crag_eval.files.rundir import (
    ERRORS,
    ErrorLog,
    PredictionLog,
    drop_errored_predictions,
    load_predictions,
    load_questions,
    now,
    read_scores,
    save_questions,
)
from crag_eval.files.runfiles import WorldInfo
from crag_eval.files.types import Question
from crag_eval.llm.agent import Budget
from crag_eval.llm.client import default_llm_cache, use_sut_cache
from crag_eval.llm.prices import Prices
from crag_eval.models import ModelStartError, load_model, preflight
from crag_eval.run.config import RUN_ARGS, RunConfig, check_config, pick_questions
from crag_eval.run.progress import progress as progress_bar
from crag_eval.run.run_context import RunContext, check_resumed_world, close_run, open_run
from crag_eval.run.runlock import private_run, run_lock
from crag_eval.run.runner import Loop, model_batch_size, model_concurrency, run_batches
from crag_eval.run.signals import Terminated
from crag_eval.run.sources import Source, open_source, set_server_env
from crag_eval.run.workers import ShardJob, choose_workers, run_sharded
from crag_eval.score.diagnostics import JournalReader, RunHooks, load_labels
from crag_eval.score.retrieval import QRELS, run_qrels
from mockapi.core.user_error import UserError
from mockapi.web.qrels import Qrels, world_qrels, write_qrels

__all__ = [
    "RUN_ARGS",
    "RunConfig",
    "RunInterrupted",
    "check_config",
    "error_rate_problem",
    "evaluate",
    "pick_questions",
]
"""Also here, as before the split: the config's names that callers import from this module."""


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM during a run; carries the run directory (None: nothing was kept) so the message can
    say what to resume."""

    def __init__(self, run_dir: Path | None, terminated: bool = False) -> None:
        super().__init__(str(run_dir))
        self.run_dir = run_dir
        self.terminated = terminated


def server_sim(config: RunConfig) -> tuple[SimSettings | None, str | None]:
    """(Settings overrides for the in-process server, admin token to read its journal) for a run."""
    if config.server or (config.sim is None and config.max_tool_calls is None):
        return None, (os.environ.get("CRAG_EVAL_ADMIN_TOKEN") or None) if config.server else None
    token = secrets.token_urlsafe(16)  # fresh per run, never written to run.json
    return {**(config.sim or {}), "admin_token": token}, token  # the journal checks --max-tool-calls


def make_hooks(ctx: RunContext, url: str, world: WorldInfo, questions: list[Question]) -> RunHooks:
    """The run loop's hooks: perturbation fields, key phrases for the diagnostics, the journal reader."""
    config, token = ctx.config, ctx.admin_token
    labels = load_labels(world.path, questions)
    journal = JournalReader(url, token) if token else None
    return RunHooks(
        perturbation=config.perturbation,
        labels=labels,
        journal=journal,
        admin_token=token,
        budget=Budget(config.max_tool_calls, config.max_tokens, config.seconds_per_question),
        prices=Prices({m: (r[0], r[1]) for m, r in config.prices.items()}) if config.prices else None,
    )


def evaluate(
    config: RunConfig,
    resume: Path | None = None,
    say: Callable[[str], None] = print,
    progress: bool = True,
    retry_errors: bool = False,
) -> Path:
    """Run (or resume) an evaluation; returns the run directory. The log records success and failure alike."""
    ctx = open_run(config, resume, say, progress, retry_errors)
    with run_lock(ctx.run_dir), private_run(ctx.run_dir):  # before run.json: a second process stops here
        return _evaluate(ctx)


def _evaluate(ctx: RunContext) -> Path:
    from crag_eval.judges import make_judges
    from crag_eval.report.render import render_reports
    from crag_eval.score.scoring import score_run

    config, run_dir, log = ctx.config, ctx.run_dir, ctx.log
    if not ctx.created:  # a new directory is named once it is kept (at its first answer, or its error log)
        ctx.say(f"run directory: {run_dir}")
    ctx.set_status("running")
    try:
        make_judges(config.judge)  # an unreachable judge fails now, not after every answer is in
        sim, ctx.admin_token = server_sim(config)  # a fresh admin token to read the journal
        with open_source(
            config.task, config.data, config.server, ctx.say, sim, cache=not config.no_cache
        ) as source:
            _answer_all(ctx, source)
        ctx.set_status("scoring")
        scores = score_run(run_dir, config.judge)
        log.status = "complete"
        log.model_errors = scores.counts.model_errors
        if scores.primary_score is not None:
            log.summary = scores.primary_score
        ctx.save()
        render_reports(run_dir)
    except KeyboardInterrupt as exc:
        how = "terminated (SIGTERM)" if isinstance(exc, Terminated) else "interrupted (Ctrl-C)"
        log.status = "terminated" if isinstance(exc, Terminated) else "interrupted"
        log.add_error(f"{how}; continue with --resume {run_dir}", at=now())
        kept = close_run(ctx)
        raise RunInterrupted(run_dir if kept else None, terminated=isinstance(exc, Terminated)) from None
    except BaseException as exc:
        log.status = "failed"
        error = f"{exc.__class__.__name__}: {exc}"
        log.add_error(error, at=now(), traceback=traceback.format_exc(limit=8))
        close_run(ctx)
        raise
    close_run(ctx)
    return run_dir


def _answer_all(ctx: RunContext, source: Source) -> None:
    """The run's questions (picked, or the resumed run's own), its model started, every answer written."""
    config, run_dir, log = ctx.config, ctx.run_dir, ctx.log
    # killed before it recorded its world, a run has no answers: its resume starts it afresh
    if ctx.resumed and log.world is not None:
        check_resumed_world(ctx, source.world)
        questions = load_questions(run_dir)
    else:
        questions = pick_questions(source.questions, config)
        save_questions(run_dir, questions)
    log.world = source.world
    log.server, log.n_questions = source.url, len(questions)
    ctx.save()
    set_server_env(source.url)
    os.environ["CRAG_EVAL_TASK"] = str(config.task)  # which tools an agent model offers
    use_sut_cache(default_llm_cache() if config.llm_cache else None, _question_set(source.world))
    qrels = save_run_qrels(run_dir, source.world.path, questions)
    model = _start_model(ctx, questions, qrels.relevant if qrels else None)
    preflight(model)
    if ctx.created:
        ctx.say(f"run directory: {run_dir}")
    if ctx.retry_errors:
        ctx.say(f"retrying {drop_errored_predictions(run_dir)} errored answers")
    _answer(ctx, model, questions, source)


def _question_set(world: WorldInfo) -> str:
    """The --llm-cache namespace: the world (questions and pages) the calls were made for."""
    return world.content_hash or world.sha256 or world.path or ""


def save_run_qrels(run_dir: Path, world: str | None, questions: list[Question]) -> Qrels | None:
    """The retrieval labels of the run's questions (qrels.txt), from its world; None without labels."""
    if not world or not (Path(world) / "questions.duckdb").is_file():
        return run_qrels(run_dir)
    qrels = world_qrels(Path(world), {q.interaction_id for q in questions})
    write_qrels(qrels, run_dir / QRELS, Path(world))
    return qrels


def _answer(ctx: RunContext, model: Any, questions: list[Question], source: Source) -> None:
    """Ask the model the questions not yet answered: in this process, or sharded over `--workers`."""
    config, run_dir = ctx.config, ctx.run_dir
    done = load_predictions(run_dir)
    todo = [q for q in questions if q.interaction_id not in done]
    prediction_log = PredictionLog(run_dir)
    hooks = make_hooks(ctx, source.url, source.world, questions)
    concurrency = config.max_concurrency or model_concurrency(model)
    workers, pickled = choose_workers(config.workers, model, len(todo), ctx.say)
    loop = Loop(source.url, config.task, config.seconds_per_question, hooks, config.batch_size, concurrency)
    try:
        with progress_bar(ctx.progress, len(questions), len(questions) - len(todo)) as advance:
            if pickled is not None:  # crag_eval.run.workers: the same loop in `workers` processes
                job = ShardJob(pickled, todo, loop, (config.llm_cache, _question_set(source.world)))
                block = (config.batch_size or model_batch_size(model)) * concurrency
                run_sharded(job, workers, prediction_log, ErrorLog(run_dir), advance, block)
                return
            run_batches(model, todo, loop, prediction_log, ErrorLog(run_dir), advance)
    finally:
        prediction_log.close()


def _start_model(ctx: RunContext, questions: list[Question], relevant: dict[str, list[str]] | None) -> Any:
    """The model instance; a constructor that raises becomes one line naming the model, the exception and
    where its traceback went (errors.jsonl, the run directory then kept)."""
    try:
        gold = {q.interaction_id: q.answer for q in questions}
        return load_model(ctx.config.model, gold, ctx.config.model_args, relevant)
    except ModelStartError as exc:
        ErrorLog(ctx.run_dir).append([], f"model start: {exc.error}", exc.traceback)
        raise UserError(f"{exc}; traceback in {ctx.run_dir / ERRORS}") from None


def error_rate_problem(run_dir: Path, max_rate: float) -> str | None:
    """One line when the model errors exceed --max-error-rate (the run then exits non-zero), else None."""
    scores = read_scores(run_dir)
    n, errors = (scores.counts.questions, scores.counts.model_errors) if scores else (0, 0)
    if not n or errors / n <= max_rate:
        return None
    return (
        f"{errors} of {n} answers ({100 * errors / n:.0f}%) are model errors, over --max-error-rate "
        f"{max_rate:g}; tracebacks in {run_dir / ERRORS}; fix the model, then "
        f"`crag-eval --resume {run_dir} --retry-errors`"
    )
