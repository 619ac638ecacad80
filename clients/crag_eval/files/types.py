"""The plain nouns of an evaluation: Question, Prediction, Judgement, Score."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Literal, get_args

from pydantic import JsonValue

if TYPE_CHECKING:
    from crag_eval.files.records import AgentUsageData, ApiUsage, Evidence, PageSummary, ScoreData

Label = Literal["correct", "missing", "incorrect", "failed"]
"""Three-way automatic label (CRAG's accurate / missing / incorrect); `failed` = the judge itself failed."""

FourWay = Literal["perfect", "acceptable", "missing", "incorrect"]
"""CRAG's human grading scale, used for Score_h."""

FOUR_WAY_VALUE: dict[str, float] = {"perfect": 1.0, "acceptable": 0.5, "missing": 0.0, "incorrect": -1.0}

QuestionType = Literal[
    "simple",
    "simple_w_condition",
    "comparison",
    "aggregation",
    "set",
    "multi-hop",
    "post-processing",
    "false_premise",
    "",
]
"""CRAG's eight question types (wire contract, dataset fields); "" for a record that has none."""

QUESTION_TYPES: tuple[QuestionType, ...] = get_args(QuestionType)


def question_type_of(value: object) -> QuestionType:
    """`value` as a question type, else ValueError naming the eight CRAG knows."""
    text = "" if value is None else str(value)
    for known in QUESTION_TYPES:
        if text == known:
            return known
    raise ValueError(f"question_type {text!r} is not one of CRAG's: {', '.join(QUESTION_TYPES[:-1])}")


SLICE_KEYS = (
    "domain",
    "question_type",
    "static_or_dynamic",
    "popularity",
    "answer_source",
    "answer_in_pages",
)


@dataclass(frozen=True)
class Question:
    """One benchmark question with its gold answers and the labels used for slicing."""

    interaction_id: str
    query: str
    query_time: str
    answer: str
    alt_answers: tuple[str, ...] = ()
    domain: str = ""
    question_type: QuestionType = ""
    static_or_dynamic: str = ""
    popularity: str = ""
    answer_source: str = ""
    answer_in_pages: bool | None = None

    @property
    def gold(self) -> tuple[str, ...]:
        """The answer followed by every alternative answer (de-duplicated, order kept)."""
        seen: dict[str, None] = {}
        for text in (self.answer, *self.alt_answers):
            seen.setdefault(text, None)
        return tuple(seen)

    def slice_value(self, key: str) -> str:
        """The value of one slice key as a display string ('' and None become 'unknown')."""
        value = getattr(self, key)
        if value is None or value == "":
            return "unknown"
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

    def to_dict(self) -> dict[str, JsonValue]:
        data = asdict(self)
        data["alt_answers"] = list(self.alt_answers)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Question:
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        known["alt_answers"] = tuple(known.get("alt_answers") or ())
        known["question_type"] = question_type_of(known.get("question_type"))
        return cls(**known)


@dataclass
class Prediction:
    """A model's answer to one question, as recorded in predictions.jsonl."""

    interaction_id: str
    prediction: str
    """The answer as scored (truncated to 75 tokens)."""
    raw: str | None = None
    """The answer as returned, kept only when truncation changed it."""
    latency_s: float = 0.0
    """Wall time of the batch divided by its size."""
    error: str | None = None
    """'timeout', 'exception: …' or 'count-mismatch: …'; such a question counts as missing and is flagged."""
    pages: list[PageSummary] = field(default_factory=list)
    """The pages served for the question (name, url, short snippet; no HTML)."""
    contexts: list[str] | None = None
    """The contexts the model said it used (extended answer `{"answer", "contexts"}`), else None."""
    evidence: Evidence | None = None
    """Perturbation served, key phrases, and their hits in served pages / contexts (score/diagnostics.py)."""
    api: ApiUsage | None = None
    """API usage from the server journal: calls per route, statuses, failed calls, API time, fetches."""
    retrieved: list[str] | None = None
    """The pages (URLs) the model ranked, from its extended answer's `pages` or traced from its `contexts`."""
    agent: AgentUsageData | None = None
    """Tool calls by tool, tokens in/out, cost and budget overruns (crag_eval.llm.agent.AgentUsage)."""

    def to_dict(self) -> dict[str, JsonValue]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Prediction:
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


@dataclass
class Judgement:
    """One judge's verdict on one prediction."""

    interaction_id: str
    judge: str
    label: Label
    reason: str
    """How it was decided: exact, numeric, date, set, contains, invalid, idk, model-error, undecided, llm…"""
    undecided: bool = False
    """Rules could not decide; counted as incorrect and reported."""
    four_way: FourWay | None = None
    detail: str = ""

    def to_dict(self) -> dict[str, JsonValue]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Judgement:
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


@dataclass
class Score:
    """Aggregate figures over a set of judged questions; every rate comes with a 95% bootstrap interval."""

    n: int
    accuracy: float
    hallucination: float
    missing: float
    score_a: float
    ci: dict[str, tuple[float, float]]
    score_a_high: float = 0.0
    """Score_a with every undecided answer counted correct: with `score_a` (undecided counted incorrect),
    the range an LLM judge or human labels can settle."""
    n_correct: int = 0
    n_missing: int = 0
    n_incorrect: int = 0
    n_undecided: int = 0
    n_judge_failed: int = 0
    n_model_errors: int = 0
    score_h: float | None = None
    n_four_way: int = 0

    def to_dict(self) -> ScoreData:
        """As scores.json holds it (fields in declaration order, intervals as lists)."""
        return {
            "n": self.n,
            "accuracy": self.accuracy,
            "hallucination": self.hallucination,
            "missing": self.missing,
            "score_a": self.score_a,
            "ci": {k: list(v) for k, v in self.ci.items()},
            "score_a_high": self.score_a_high,
            "n_correct": self.n_correct,
            "n_missing": self.n_missing,
            "n_incorrect": self.n_incorrect,
            "n_undecided": self.n_undecided,
            "n_judge_failed": self.n_judge_failed,
            "n_model_errors": self.n_model_errors,
            "score_h": self.score_h,
            "n_four_way": self.n_four_way,
        }
