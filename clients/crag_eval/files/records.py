"""The JSON shapes crag-eval passes between its modules and writes into its files: the perturbation and the
in-process server's settings of a run (run.json `args`, sweep.json), a prediction's `evidence`, `api` and
usage (predictions.jsonl), the diagnostics (scores.json `diagnostics`, robustness.json) and the LLM judges'
usage (scores.json `judge_usage`).

TypedDicts, not models: the files hold these dicts exactly as the code builds them (same keys, same order),
and files written by earlier versions (with fewer keys) still load. `typing_extensions.TypedDict` because
pydantic validates these inside `crag_eval.files.runfiles.Scores` and needs it below Python 3.12.
"""

from __future__ import annotations

from pydantic import ConfigDict, JsonValue, with_config
from typing_extensions import Required, TypedDict

from mockapi.wire.perturb import PerturbMode

# Inside scores.json (a pydantic document) the diagnostics keep keys this version does not know, as the
# document itself does; every key is optional there so a file of an earlier version loads.
_KEEP_UNKNOWN = ConfigDict(extra="allow")
Number = int | float  # an int stays an int and a float a float through a round trip


@with_config(_KEEP_UNKNOWN)
class PerturbationSetting(TypedDict, total=False):
    """The evidence perturbation fields a run sends with every /web/search (`mockapi.wire.perturb`)."""

    noise_ratio: float
    mode: PerturbMode
    perturb_seed: int


@with_config(_KEEP_UNKNOWN)
class SimSettings(TypedDict, total=False):
    """The in-process server's simulation settings (`Settings` fields of the flags crag-eval forwards), plus
    the fresh admin token the harness reads the journal with."""

    latency: str
    fault_rate: float
    faults: str
    rate_limit: float
    sim_seed: int
    admin_token: str


@with_config(_KEEP_UNKNOWN)
class RunArgs(TypedDict, total=False):
    """run.json `args`: the `crag_eval.run.config.RunConfig` a run was started with, as JSON."""

    task: int
    model: str
    data: str | None
    no_cache: bool
    server: str | None
    judge: str
    limit: int | None
    first: int | None
    seed: int
    output: str | None
    seconds_per_question: Number
    model_args: dict[str, JsonValue] | None
    """Keyword arguments of the model's constructor: any JSON the user gave."""
    batch_size: int | None
    max_error_rate: Number
    max_concurrency: int | None
    perturbation: PerturbationSetting | None
    sim: SimSettings | None
    max_tool_calls: int | None
    max_tokens: int | None
    prices: dict[str, list[Number]] | None
    llm_cache: bool
    workers: int | None


@with_config(_KEEP_UNKNOWN)
class ServedPerturbation(TypedDict, total=False):
    """What the server says it served (`mockapi.wire.perturb.PerturbationInfo`, as JSON)."""

    mode: PerturbMode
    noise_ratio: float
    effective_noise_ratio: float | None
    pages: int
    noise_pages: int
    rewritten_pages: int
    seed: int


class Evidence(TypedDict, total=False):
    """predictions.jsonl `evidence`: the perturbation served and key-phrase hits (`score/diagnostics.py`)."""

    perturbation: ServedPerturbation | None
    key_phrases: int
    served_hits: int
    context_hits: int
    """Only for an answer that gave its contexts."""


class ApiCounts(TypedDict):
    """Calls per route, statuses, failed calls and API time of some journal entries."""

    calls: dict[str, int]
    n_calls: int
    api_ms: float
    statuses: dict[str, int]
    """By HTTP status as text, or "drop" for a dropped connection."""
    failed: int


class ApiUsage(ApiCounts):
    """predictions.jsonl `api`: the model's calls for one question, and the harness's own page fetches."""

    harness: ApiCounts
    unattributed_batch_calls: int


class BudgetLimits(TypedDict):
    """One question's budget as a model's batch carries it (`budget` key)."""

    max_tool_calls: int | None
    max_tokens: int | None
    seconds: float | None


@with_config(_KEEP_UNKNOWN)
class LLMUsageCounts(TypedDict):
    """Tokens and calls of some chat-completions requests (`crag_eval.llm.client.LLMUsage` as a dict)."""

    model: str | None
    input_tokens: int
    output_tokens: int
    llm_calls: int
    cached_calls: int


@with_config(_KEEP_UNKNOWN)
class JudgeUsage(LLMUsageCounts, total=False):
    """scores.json `judge_usage[judge]`: an LLM judge's usage and its cost at the run's prices."""

    cost: float | None


@with_config(_KEEP_UNKNOWN)
class Figures(TypedDict, total=False):
    """The rules judge's headline figures over some questions."""

    n: int
    accuracy: float
    hallucination: float
    missing: float
    score_a: float


@with_config(_KEEP_UNKNOWN)
class Counterfactual(TypedDict, total=False):
    """RGB's rates over the questions whose served pages were rewritten to a planted value."""

    n: int
    misled_rate: float | None
    error_detection_rate: float | None
    error_correction_rate: float | None


@with_config(_KEEP_UNKNOWN)
class RetrievalDiagnostics(TypedDict, total=False):
    """Key-phrase recall of the served pages and of the model's contexts; scores by answerability."""

    served_recall: float | None
    served_accuracy: float | None
    context_questions: int
    context_recall: float | None
    context_accuracy: float | None
    answerable: Figures
    not_answerable: Figures


@with_config(_KEEP_UNKNOWN)
class ApiSummary(TypedDict, total=False):
    """A run's API usage from the journal, over the questions that have it."""

    questions: int
    model_calls_per_question: float
    model_api_ms_per_question: float
    calls_by_route: dict[str, int]
    statuses: dict[str, int]
    model_failed_calls: int
    harness_failed_fetches: int
    questions_with_retries: int
    unattributed_calls: int


@with_config(_KEEP_UNKNOWN)
class RunDiagnostics(TypedDict, total=False):
    """scores.json `diagnostics` and a robustness.json row (`crag_eval.score.robust_metrics.diagnostics`)."""

    setting: PerturbationSetting | None
    overall: Figures
    lost_questions: int
    model_errors: int
    effective_noise_ratio: float | None
    rejection_rate: float | None
    counterfactual: Counterfactual
    retrieval: RetrievalDiagnostics
    api: ApiSummary | None


class SearchPage(TypedDict, total=False):
    """One /web/search result as JSON (`mockapi.wire.web.SearchEntry`), what a model gets in its batch's
    `search_results`; a dataset's pages may lack `rank`."""

    page_name: str
    page_url: str
    page_snippet: str
    page_result: str | None
    page_last_modified: str
    rank: int


class SearchReply(TypedDict, total=False):
    """A /web/search answer as JSON (`mockapi.wire.web.SearchResponse`)."""

    result: list[SearchPage]
    perturbation: ServedPerturbation | None


class PageSummary(TypedDict):
    """predictions.jsonl `pages[i]`: what the report shows of a served page."""

    name: str
    url: str
    last_modified: str
    snippet: str


class ReportedUsage(TypedDict, total=False):
    """The `usage` of a model's extended answer, as the model reported it (every key optional)."""

    model: str | None
    input_tokens: int
    output_tokens: int
    llm_calls: int
    cached_calls: int


class AgentUsageData(TypedDict):
    """predictions.jsonl `agent`: `crag_eval.llm.agent.AgentUsage` as JSON."""

    tool_calls: dict[str, int]
    n_tool_calls: int
    refused_calls: int
    journal_calls: int | None
    input_tokens: int
    output_tokens: int
    llm_calls: int
    cached_calls: int
    llm_model: str | None
    cost: float | None
    over_budget: list[str]


class ScoreData(TypedDict):
    """`crag_eval.files.types.Score` as JSON (scores.json `overall[judge]` and `slices[key][value]`)."""

    n: int
    accuracy: float
    hallucination: float
    missing: float
    score_a: float
    ci: dict[str, list[float]]
    score_a_high: float
    n_correct: int
    n_missing: int
    n_incorrect: int
    n_undecided: int
    n_judge_failed: int
    n_model_errors: int
    score_h: float | None
    n_four_way: int


class ExtendedAnswer(TypedDict, total=False):
    """A model's extended answer (instead of a plain string): the text, and what it used, ranked and spent."""

    answer: Required[str]
    contexts: list[str]
    """The text it actually used (`crag_eval.score.diagnostics`)."""
    pages: list[str]
    """The page URLs it ranked, best first (`crag_eval.score.retrieval`)."""
    usage: ReportedUsage | LLMUsageCounts
    """Its LLM usage (`crag_eval.llm.agent`)."""
