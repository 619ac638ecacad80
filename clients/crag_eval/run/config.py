"""What a run is asked to do: `RunConfig` (the flags of `crag-eval`, saved as run.json `args`), its checks,
and the choice of questions (`--first`, `--limit`).

A resumed run reads its config back from run.json (`SAVED_CONFIG`), so every field here is a plain value
that round-trips through JSON (`crag_eval.files.records.RunArgs` is its JSON shape).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pydantic import JsonValue, TypeAdapter

from crag_eval.files.records import PerturbationSetting, RunArgs, SimSettings
from crag_eval.files.types import Question
from crag_eval.run.runner import SECONDS_PER_QUESTION
from mockapi.core.user_error import UserError


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
    """Per question: requests of the model's tool client (llm/agent.py); checked against the journal."""
    max_tokens: int | None = None
    """Per question: LLM tokens in + out the model reports; an answer over it is withdrawn."""
    prices: dict[str, list[float]] | None = None
    """--prices: model → [input, output] dollars per million tokens."""
    llm_cache: bool = False
    """Cache the system under test's LLM calls (built-in models), keyed by endpoint, request, question set."""
    workers: int | None = None
    """Processes the questions are sharded over; None: every core for a process-safe model, else 1."""


SAVED_CONFIG = TypeAdapter(RunConfig)
"""run.json's `args` (`crag_eval.files.records.RunArgs`, checked when run.json was read) back as a config."""
RUN_ARGS = TypeAdapter(RunArgs)


def check_config(config: RunConfig) -> None:
    """A one-line UserError for the first flag out of its range."""
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
