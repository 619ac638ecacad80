"""The sections of scores.json that score/ computes: agent accounting (`agent_scores.py`), RAGEval key
points (`keypoints.py`) and retrieval figures (`retrieval.py`). Declared here, beside the document that holds
them (`runfiles.Scores`), so the run's files need nothing of the scoring code."""

from __future__ import annotations

from pydantic import BaseModel, Field

from crag_eval.files.records import LLMUsageCounts


class QuestionCost(BaseModel):
    interaction_id: str
    label: str
    tool_calls: dict[str, int]
    journal_calls: int | None
    input_tokens: int
    output_tokens: int
    cost: float | None
    latency_s: float
    over_budget: list[str]


class Bucket(BaseModel):
    bucket: str
    n: int
    score_a: float


class AgentScores(BaseModel):
    questions: int
    tool_calls_per_question: float
    max_tool_calls_seen: int
    """The most calls any question made (client count or journal, whichever is larger)."""
    tool_calls_by_tool: dict[str, int]
    input_tokens_per_question: float
    output_tokens_per_question: float
    llm_calls: int
    cached_llm_calls: int
    cost_total: float | None
    cost_per_question: float | None
    over_budget: int
    """Answers withdrawn for overrunning --max-tokens or --max-tool-calls (scored missing)."""
    refused_calls: int
    score_a_by_calls: list[Bucket]
    score_a_by_cost: list[Bucket] = Field(default_factory=list)
    """By cost quartile (empty when nothing was priced)."""
    per_question: list[QuestionCost]


class KeyPointScores(BaseModel):
    """scores.json `key_points`: RAGEval's three rates (means over questions) and ROUGE-L."""

    judge: str
    questions: int
    key_points: int
    completeness: float
    hallucination: float
    irrelevance: float
    rouge_l_questions: int
    """Questions with a sentence gold answer (SENTENCE_WORDS words or more)."""
    rouge_l: float | None
    llm_failures: int = 0
    """Key points the LLM judge gave no verdict on (decided by the rules instead)."""
    usage: LLMUsageCounts | None = None
    """The LLM key-point judge's tokens and calls (crag_eval.llm.client.LLMUsage)."""


class RetrievalScores(BaseModel):
    """scores.json `retrieval`: means over the questions that have a relevant page."""

    labels: str
    """gold (the world knows the answer pages) or estimated (pages that state the answer)."""
    questions: int
    """Questions with at least one relevant page (the denominator)."""
    ranked: int
    """Of those, questions the model returned a ranking for."""
    recall_at_5: float
    recall_at_10: float
    recall_at_50: float
    ndcg_at_10: float
    mrr: float
