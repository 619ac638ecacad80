"""The typed documents of a run directory: run.json (`RunLog`) and scores.json (`Scores`).

The JSON stays what earlier versions wrote: only the keys a run set are written (`exclude_unset`), keys this
version does not know are kept (`extra="allow"`), and a run.json written before these models resumes. Reading
and writing the files is `crag_eval.files.rundir`'s job; this module only declares and parses.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError

from crag_eval.files.records import JudgeUsage, Number, RunArgs, RunDiagnostics
from crag_eval.files.score_sections import AgentScores, KeyPointScores, RetrievalScores
from crag_eval.files.types import Score
from mockapi.formats.jsondoc import first_problem, json_object

RUN_FORMAT = 1
SCORES_FORMAT = 1


class Document(BaseModel):
    """A run file or a part of one; unknown keys survive a rewrite."""

    model_config = ConfigDict(extra="allow")

    def to_data(self) -> dict[str, JsonValue]:
        """The JSON object as written: the keys set, in declaration order, then unknown ones."""
        return self.model_dump(mode="json", exclude_unset=True)


class RunError(Document):
    """One failure of the run (it may have been resumed since)."""

    at: str
    error: str
    """One line: the exception, or what to do after Ctrl-C."""
    traceback: str | None = None


class WorldInfo(Document):
    """Which world the run's questions and pages came from (`crag_eval.run.sources`)."""

    dataset_file: str | None = None
    """--data FILE: the dataset file, converted into a cached world."""
    sha256: str | None = None
    """--data FILE: the file's digest (a resumed run must see the same file)."""
    path: str | None = None
    """The world directory."""
    kind: str | None = None
    scale: str | None = None
    seed: int | None = None
    split: str | None = None
    content_hash: str | None = None
    """The world's content hash (manifest.json); a resumed run must see the same."""
    versions: dict[str, str] | None = None
    server_content_hash: str | None = None
    """--server URL: the content hash its /meta reports."""


class RunLog(Document):
    """run.json: written when a run starts, and again at every change of status and on any exit."""

    format: int = RUN_FORMAT
    tool: str = "crag-eval"
    args: RunArgs = Field(default_factory=RunArgs)
    """The RunConfig the run was started with (`--resume` continues with it)."""
    versions: dict[str, str] = Field(default_factory=dict)
    """Python's and the libraries' that shape worlds and scores (`crag_eval.run.identity.versions`)."""
    code: dict[str, JsonValue] | None = None
    """crag-mockapi's version, and the git commit (and `dirty`) when run from a checkout."""
    endpoints: dict[str, dict[str, str]] | None = None
    """Base URL and model name of the LLM judge and model, when the run calls one (never the key)."""
    tokenizer: str | None = None
    started_at: str | None = None
    errors: list[RunError] = Field(default_factory=list)
    status: str | None = None
    """running, scoring, complete, interrupted or failed."""
    world: WorldInfo | None = None
    server: str | None = None
    """The URL the model was pointed at."""
    llm_endpoints: list[dict[str, str]] | None = None
    """The chat-completions endpoints (`base_url`, `model`) the model's LLM calls went to, or were answered
    for from the --llm-cache."""
    n_questions: int | None = None
    resumed_at: list[str] | None = None
    model_errors: int | None = None
    summary: Score | None = None
    """The primary judge's figures, once scored."""
    finished_at: str | None = None

    def add_error(self, error: str, at: str, traceback: str | None = None) -> None:
        """Append a failure (assigning the list marks it as set, so it is written)."""
        entry = RunError(at=at, error=error)
        if traceback is not None:  # an interruption has none: its entry is written without the key
            entry.traceback = traceback
        self.errors = [*self.errors, entry]


class ScoreCounts(Document):
    """How many questions the scores cover, and what happened to the rest."""

    questions: int = 0
    predictions: int = 0
    not_answered: int = 0
    model_errors: int = 0
    truncated: int = 0


class Scores(Document):
    """scores.json: every judge's figures, per slice, the KDD Cup macro average and the diagnostics."""

    format: int = SCORES_FORMAT
    judges: list[str] = Field(default_factory=list)
    primary: str = ""
    """The judge the report leads with: the first automatic one (or human labels alone)."""
    overall: dict[str, Score] = Field(default_factory=dict)
    slices: dict[str, dict[str, Score]] = Field(default_factory=dict)
    """The primary judge's figures per slice key (domain, question type, …) and value."""
    macro: dict[str, float] = Field(default_factory=dict)
    original: dict[str, Number] = Field(default_factory=dict)
    """The figures under the original evaluator's names."""
    type_weights: dict[str, float] = Field(default_factory=dict)
    latency: dict[str, float] = Field(default_factory=dict)
    counts: ScoreCounts = Field(default_factory=ScoreCounts)
    tokenizer: str | None = None
    average: dict[str, float | None] | None = None
    """Automatic judges averaged figure by figure, when there are several."""
    diagnostics: RunDiagnostics | None = None
    """Robustness and retrieval figures (`crag_eval.score.robust_metrics.diagnostics`)."""
    key_points: KeyPointScores | None = None
    """RAGEval's completeness, hallucination, irrelevance over key points, and ROUGE-L for sentence golds."""
    agent: AgentScores | None = None
    """Tool calls by tool, tokens, cost and latency per question; Score_a against calls and cost."""
    judge_usage: dict[str, JudgeUsage] | None = None
    """Tokens (and cost) the LLM judges spent."""
    retrieval: RetrievalScores | None = None
    """recall@5/10/50, nDCG@10 and MRR of the pages the model ranked, against the run's qrels."""

    @property
    def primary_score(self) -> Score | None:
        return self.overall.get(self.primary)


class RunFileError(ValueError):
    """A run file that cannot be read; the message is one line naming the file."""


class OtherFormat(RunFileError):
    """A run file of another format version (a newer crag-eval wrote it)."""


Model = TypeVar("Model", bound=Document)


def parse(cls: type[Model], text: str, path: Path) -> Model:
    """`text` (read from `path`) as a `cls`, or a RunFileError saying what is wrong where."""
    data = json_object(text, path, RunFileError)
    expected = cls.model_fields["format"].default if "format" in cls.model_fields else None
    if expected is not None and data.get("format") != expected:  # before the fields: they may differ
        raise OtherFormat(f"{path} has format {data.get('format')!r}; this crag-eval reads format {expected}")
    try:
        return cls.model_validate(data)
    except ValidationError as exc:
        raise RunFileError(f"{path}: {first_problem(exc)}") from None
