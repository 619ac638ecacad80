"""One evaluation run end to end, with its run log (run.json) written at start and updated on any exit.

The run directory is printed first. A run that fails (or is interrupted) before its first answer leaves
nothing behind; later it keeps run.json with the error, so `--resume` can continue it. A resumed run must see
the same world (content hash) as the one it started on.
"""

from __future__ import annotations

import os
import random
import secrets
import shutil
import traceback
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from pydantic import JsonValue, TypeAdapter

from crag_eval import identity
from crag_eval.agent import Budget
from crag_eval.diagnostics import JournalReader, RunHooks, load_labels
from crag_eval.llm import default_llm_cache, take_sut_endpoints, use_sut_cache
from crag_eval.models import ModelStartError, load_model, model_label, preflight
from crag_eval.prices import Prices
from crag_eval.progress import progress as progress_bar
from crag_eval.records import PerturbationSetting, RunArgs, SimSettings
from crag_eval.retrieval import QRELS, run_qrels
from crag_eval.rundir import (
    ERRORS,
    PREDICTIONS,
    RUN_JSON,
    ErrorLog,
    PredictionLog,
    drop_errored_predictions,
    load_predictions,
    load_questions,
    new_run_dir,
    now,
    read_run,
    read_scores,
    save_questions,
    write_run,
)
from crag_eval.runfiles import RUN_FORMAT, RunLog, WorldInfo
from crag_eval.runlock import private_run, run_lock
from crag_eval.runner import SECONDS_PER_QUESTION, model_batch_size, model_concurrency, run_batches
from crag_eval.signals import Terminated
from crag_eval.sources import open_source, set_server_env
from crag_eval.truncate import TOKENIZER_NAME
from crag_eval.types import Question
from crag_eval.workers import ShardJob, choose_workers, run_sharded
from mockapi.core.user_error import UserError
from mockapi.web.qrels import Qrels, world_qrels, write_qrels


@dataclass
class RunConfig:
    task: int
    model: str = "baseline"
    data: str | None = None
    no_cache: bool = False
    """--data FILE: convert into a temporary world removed at the end instead of the cached copy."""
    server: str | None = None
    judge: str = "rules"
    limit: int | None = None
    """A seeded random sample of N questions (kept in dataset order)."""
    first: int | None = None
    """The first N questions in dataset order."""
    seed: int = 0
    output: str | None = None
    seconds_per_question: float = SECONDS_PER_QUESTION
    model_args: dict[str, JsonValue] | None = None
    batch_size: int | None = None
    """Replaces the model's get_batch_size() when given."""
    max_error_rate: float = 0.05
    max_concurrency: int | None = None
    """Questions (batches) in flight at once; None: the model's get_max_concurrency(), else 1."""
    perturbation: PerturbationSetting | None = None
    """Evidence perturbation sent with every /web/search (noise_ratio, mode, perturb_seed)."""
    sim: SimSettings | None = None
    """Simulation settings of the in-process server (fault_rate, latency, …); not None = journal usage."""
    max_tool_calls: int | None = None
    """Per question: requests of the model's tool client (crag_eval.agent); checked against the journal."""
    max_tokens: int | None = None
    """Per question: LLM tokens in + out the model reports; an answer over it is withdrawn."""
    prices: dict[str, list[float]] | None = None
    """--prices: model → [input, output] dollars per million tokens."""
    llm_cache: bool = False
    """Cache the system under test's LLM calls (built-in models), keyed by endpoint, request, question set."""
    workers: int | None = None
    """Processes the questions are sharded over; None: every core for a process-safe model, else 1."""


SAVED_CONFIG = TypeAdapter(RunConfig)
"""run.json's `args` (`crag_eval.records.RunArgs`, checked when run.json was read) back as a config."""
RUN_ARGS = TypeAdapter(RunArgs)


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM during a run; carries the run directory (None: nothing was kept) so the message can
    say what to resume."""

    def __init__(self, run_dir: Path | None, terminated: bool = False) -> None:
        super().__init__(str(run_dir))
        self.run_dir = run_dir
        self.terminated = terminated


def pick_questions(questions: list[Question], config: RunConfig) -> list[Question]:
    """--first N: the first N; --limit N: a sample of N stratified by domain x question type (as participants
    sample CRAG), seeded by --seed, kept in dataset order."""
    if config.first is not None:
        return questions[: config.first]
    if config.limit is None or config.limit >= len(questions):
        return questions
    chosen = stratified_sample(questions, config.limit, random.Random(config.seed))
    return [q for i, q in enumerate(questions) if i in chosen]


def stratified_sample(questions: list[Question], n: int, rng: random.Random) -> set[int]:
    """Indices of n questions: each (domain, question type) stratum gets its proportional share (largest
    remainders first, ties broken by the seeded rng), then a seeded sample inside each stratum."""
    strata: dict[tuple[str, str], list[int]] = {}
    for i, q in enumerate(questions):
        strata.setdefault((q.domain, q.question_type), []).append(i)
    keys = sorted(strata)
    quotas = {key: n * len(strata[key]) // len(questions) for key in keys}
    remainders = {key: n * len(strata[key]) % len(questions) for key in keys}
    tie = {key: rng.random() for key in keys}
    short = n - sum(quotas.values())
    for key in sorted(keys, key=lambda k: (-remainders[k], tie[k]))[:short]:
        quotas[key] += 1
    return {i for key in keys for i in rng.sample(strata[key], quotas[key])}


def server_sim(config: RunConfig) -> tuple[SimSettings | None, str | None]:
    """(Settings overrides for the in-process server, admin token to read its journal) for a run."""
    if config.server or (config.sim is None and config.max_tool_calls is None):
        return None, (os.environ.get("CRAG_EVAL_ADMIN_TOKEN") or None) if config.server else None
    token = secrets.token_urlsafe(16)  # fresh per run, never written to run.json
    return {**(config.sim or {}), "admin_token": token}, token  # the journal checks --max-tool-calls


def make_hooks(
    config: RunConfig, url: str, world: WorldInfo, questions: list[Question], token: str | None
) -> RunHooks:
    """The run loop's hooks: perturbation fields, key phrases for the diagnostics, the journal reader."""
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


def check_config(config: RunConfig) -> None:
    if config.task not in (1, 2, 3):
        raise UserError(f"--task must be 1, 2 or 3, got {config.task}")
    for flag, value in (
        ("--limit", config.limit),
        ("--first", config.first),
        ("--batch-size", config.batch_size),
        ("--max-concurrency", config.max_concurrency),
        ("--workers", config.workers),
        ("--max-tool-calls", config.max_tool_calls),
        ("--max-tokens", config.max_tokens),
    ):
        if value is not None and value < 1:
            raise UserError(f"{flag} must be a positive number, got {value}")
    if config.limit is not None and config.first is not None:
        raise UserError("--limit (a seeded sample) and --first (the first N) exclude each other; pick one")
    if config.seconds_per_question <= 0:
        raise UserError(
            f"--timeout must be a positive number of seconds, got {config.seconds_per_question:g}"
        )
    if not 0 <= config.max_error_rate <= 1:
        raise UserError(f"--max-error-rate must be in 0..1, got {config.max_error_rate:g}")


def prepare(config: RunConfig, resume: Path | None) -> tuple[RunConfig, Path, RunLog, bool]:
    """The config (from run.json when resuming), the run directory, its log, and whether we created it."""
    if resume is not None:
        log = read_run(resume)
        saved = {k: v for k, v in log.args.items() if k in RunConfig.__dataclass_fields__}
        if config.server:
            saved["server"] = config.server
        if config.max_concurrency is not None:  # a resumed run may go faster or slower than it started
            saved["max_concurrency"] = log.args["max_concurrency"] = config.max_concurrency
        if config.workers is not None:  # and on more or fewer processes
            saved["workers"] = log.args["workers"] = config.workers
        config = SAVED_CONFIG.validate_python(saved)
        log.resumed_at = [*(log.resumed_at or []), now()]
        return config, resume, log, False
    check_config(config)
    created = True
    if config.output:
        run_dir = Path(config.output)
        if (run_dir / RUN_JSON).exists():
            raise UserError(
                f"{run_dir} already holds a run; continue it with --resume {run_dir} or pick --output"
            )
        created = not run_dir.exists()
        try:
            run_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(f"cannot create the run directory {run_dir}: {exc.strerror}") from None
    else:
        run_dir = new_run_dir(config.task, model_label(config.model))
    log = RunLog(
        format=RUN_FORMAT,
        tool="crag-eval",
        args=RUN_ARGS.validate_python(asdict(config)),
        **identity.run_fields(config.judge, config.model),
        tokenizer=TOKENIZER_NAME,
        started_at=now(),
        errors=[],
    )
    return config, run_dir, log, created


def check_resumed_world(log: RunLog, world: WorldInfo, run_dir: Path) -> None:
    """A resumed run must see the world it started on (else its answers would mix two worlds)."""
    before = log.world or WorldInfo()
    for key, was, now_is in (
        ("content_hash", before.content_hash, world.content_hash),
        ("sha256", before.sha256, world.sha256),
    ):
        if was != now_is:
            raise UserError(
                f"{run_dir} was run on world {was} but the world now has {now_is} "
                f"({key}); resume with the same world, or start a new run"
            )


def evaluate(
    config: RunConfig,
    resume: Path | None = None,
    say: Any = print,
    progress: bool = True,
    retry_errors: bool = False,
) -> Path:
    """Run (or resume) an evaluation; returns the run directory. The log records success and failure alike."""
    config, run_dir, log, created = prepare(config, resume)
    with run_lock(run_dir), private_run(run_dir):  # before run.json: a second process stops here
        return _evaluate(config, resume, run_dir, log, created, say, progress, retry_errors)


def _evaluate(
    config: RunConfig,
    resume: Path | None,
    run_dir: Path,
    log: RunLog,
    created: bool,
    say: Any,
    progress: bool,
    retry_errors: bool,
) -> Path:
    from crag_eval.judges import make_judges
    from crag_eval.report import render_reports
    from crag_eval.scoring import score_run

    if not created:  # a new directory is named once it is kept (at its first answer, or its error log)
        say(f"run directory: {run_dir}")
    log.status = "running"
    write_run(run_dir, log)
    try:
        make_judges(config.judge)  # an unreachable judge fails now, not after every answer is in
        sim, token = server_sim(config)  # a fresh admin token to read the journal
        with open_source(
            config.task, config.data, config.server, say, sim, cache=not config.no_cache
        ) as source:
            # killed before it recorded its world, a run has no answers: its resume starts it afresh
            if resume is not None and log.world is not None:
                check_resumed_world(log, source.world, run_dir)
                questions = load_questions(run_dir)
            else:
                questions = pick_questions(source.questions, config)
                save_questions(run_dir, questions)
            log.world = source.world
            log.server, log.n_questions = source.url, len(questions)
            write_run(run_dir, log)
            set_server_env(source.url)
            os.environ["CRAG_EVAL_TASK"] = str(config.task)  # which tools an agent model offers
            use_sut_cache(default_llm_cache() if config.llm_cache else None, _question_set(source.world))
            qrels = save_run_qrels(run_dir, source.world.path, questions)
            model = _start_model(config, questions, run_dir, qrels.relevant if qrels else None)
            preflight(model)
            if created:
                say(f"run directory: {run_dir}")
            if retry_errors:
                say(f"retrying {drop_errored_predictions(run_dir)} errored answers")
            _answer(config, run_dir, model, questions, source, token, progress, say)
        log.status = "scoring"
        write_run(run_dir, log)
        scores = score_run(run_dir, config.judge)
        log.status = "complete"
        log.model_errors = scores.counts.model_errors
        if scores.primary_score is not None:
            log.summary = scores.primary_score
        write_run(run_dir, log)
        render_reports(run_dir)
    except KeyboardInterrupt as exc:
        how = "terminated (SIGTERM)" if isinstance(exc, Terminated) else "interrupted (Ctrl-C)"
        log.status = "terminated" if isinstance(exc, Terminated) else "interrupted"
        log.add_error(f"{how}; continue with --resume {run_dir}", at=now())
        kept = _finish(run_dir, log, created)
        raise RunInterrupted(run_dir if kept else None, terminated=isinstance(exc, Terminated)) from None
    except BaseException as exc:
        log.status = "failed"
        error = f"{exc.__class__.__name__}: {exc}"
        log.add_error(error, at=now(), traceback=traceback.format_exc(limit=8))
        _finish(run_dir, log, created)
        raise
    _finish(run_dir, log, created)
    return run_dir


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


def _answer(
    config: RunConfig,
    run_dir: Path,
    model: Any,
    questions: list[Question],
    source: Any,
    token: str | None,
    progress: bool,
    say: Any = print,
) -> None:
    done = load_predictions(run_dir)
    todo = [q for q in questions if q.interaction_id not in done]
    prediction_log = PredictionLog(run_dir)
    hooks = make_hooks(config, source.url, source.world, questions, token)
    concurrency = config.max_concurrency or model_concurrency(model)
    workers, pickled = choose_workers(config.workers, model, len(todo), say)
    try:
        with progress_bar(progress, len(questions), len(questions) - len(todo)) as advance:
            if pickled is not None:  # crag_eval.workers: the same loop in `workers` processes
                cache = (config.llm_cache, _question_set(source.world))
                job = ShardJob(
                    pickled, todo, source.url, config.task, config.seconds_per_question, hooks,
                    config.batch_size, concurrency, cache,
                )  # fmt: skip
                block = (config.batch_size or model_batch_size(model)) * concurrency
                run_sharded(job, workers, prediction_log, ErrorLog(run_dir), advance, block)
                return
            run_batches(
                model,
                todo,
                source.url,
                config.task,
                prediction_log,
                advance,
                config.seconds_per_question,
                hooks,
                ErrorLog(run_dir),
                config.batch_size,
                concurrency,
            )
    finally:
        prediction_log.close()


def _finish(run_dir: Path, log: RunLog, created: bool) -> bool:
    """Write the final log, returning True; a run we created that never got an answer (nor an entry in its
    error log) is removed instead, returning False (so typos leave no directories behind)."""
    log.finished_at = now()
    if endpoints := take_sut_endpoints(log.llm_endpoints):  # set only when the model called an LLM
        log.llm_endpoints = endpoints
    answered = (run_dir / PREDICTIONS).is_file() and (run_dir / PREDICTIONS).stat().st_size > 0
    if created and not answered and not (run_dir / ERRORS).is_file() and log.status != "complete":
        shutil.rmtree(run_dir, ignore_errors=True)
        return False
    write_run(run_dir, log)
    return True


def _start_model(
    config: RunConfig, questions: list[Question], run_dir: Path, relevant: dict[str, list[str]] | None
) -> Any:
    """The model instance; a constructor that raises becomes one line naming the model, the exception and
    where its traceback went (errors.jsonl, the run directory then kept)."""
    try:
        gold = {q.interaction_id: q.answer for q in questions}
        return load_model(config.model, gold, config.model_args, relevant)
    except ModelStartError as exc:
        ErrorLog(run_dir).append([], f"model start: {exc.error}", exc.traceback)
        raise UserError(f"{exc}; traceback in {run_dir / ERRORS}") from None


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
