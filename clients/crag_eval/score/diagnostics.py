"""Per-question extras of a run: resilient page fetches (perturbation fields, retries, X-Interaction-Id),
key-phrase hits of the served pages and of the model's own contexts (CoFE-RAG style, no chunk labels), and
API usage read back from the server's journal (`/admin/journal`).

A model may answer with a plain string (the CRAG protocol) or, extended, with `{"answer": str, "contexts":
[str, …]}`: the text it actually used. Key phrases are matched as CoFE-RAG's code does: case-folded, every
non-word character removed, substring match (crag_eval.score.phrases).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

import httpx
import orjson
from crag_client import RetryPolicy
from crag_client._retry import send_with_retries
from pydantic import ValidationError

from crag_eval.files.records import (
    ApiCounts,
    ApiUsage,
    Evidence,
    PerturbationSetting,
    SearchPage,
    SearchReply,
)
from crag_eval.files.types import Question
from crag_eval.llm.agent import Budget
from crag_eval.llm.prices import Prices
from crag_eval.score.phrases import phrase_hits, served_evidence
from mockapi.wire.journal import JournalEntry, JournalPage

HARNESS_CLIENT = "crag-eval"
"""`X-Client-Id` of the harness's own page fetches: its own rate-limit bucket, told apart in the journal."""


def is_loopback(url: str) -> bool:
    """Whether `url` points at this machine (the in-process server, or a local `crag-mock serve`)."""
    host = httpx.URL(url).host
    return host in ("127.0.0.1", "localhost", "::1") or host.startswith("127.")


def post_search(
    http: httpx.Client, url: str, body: _SearchBody, headers: dict[str, str], retry: RetryPolicy
) -> SearchReply:
    """A /web/search answer, decoded; retried like the SDK retries."""
    response = send_with_retries(lambda: http.post(url, json=body, headers=headers), retry)
    response.raise_for_status()
    reply: SearchReply = orjson.loads(response.content)  # bytes as they came: no decoded copy of 16-20 MB
    return reply


def answer_text(answer: Any) -> Any:
    """The answer itself, whether given plainly or in the extended dict."""
    return answer.get("answer") if isinstance(answer, dict) else answer


def answer_contexts(answer: Any) -> list[str] | None:
    """The contexts of an extended answer (None for a plain one)."""
    if not isinstance(answer, dict) or not isinstance(answer.get("contexts"), list):
        return None
    return [str(c) for c in answer["contexts"]]


@dataclass(frozen=True)
class QuestionLabels:
    """What the harness (never the model) knows per question for the diagnostics."""

    key_phrases: tuple[str, ...]
    wrong_value: str | None = None


def load_labels(world: str | None, questions: list[Question]) -> dict[str, QuestionLabels]:
    """Key phrases and planted values from the world's questions.duckdb, else the answer as the phrase."""
    out = {
        q.interaction_id: QuestionLabels((q.answer,) if q.answer.lower() != "invalid question" else ())
        for q in questions
    }
    path = Path(world) / "questions.duckdb" if world else None
    if path is None or not path.is_file():
        return out
    import duckdb

    with duckdb.connect(str(path), read_only=True) as con:
        rows = con.execute("SELECT interaction_id, key_phrases, wrong_value FROM questions").fetchall()
        for iid, phrases, wrong in rows:
            if iid in out:
                out[iid] = QuestionLabels(tuple(json.loads(phrases)), wrong or None)
    return out


class JournalReader:
    """Reads the server's journal incrementally (`since` = the last sequence number seen)."""

    def __init__(self, url: str, token: str) -> None:
        self.url, self.headers, self.since = url, {"authorization": f"Bearer {token}"}, 0
        self.start()

    def start(self) -> None:
        """Skip whatever happened before the run (health checks, earlier runs on a shared server)."""
        page = self._get({"since": 0, "limit": 1})
        self.since = page.last_seq if page else 0

    def read(self) -> list[JournalEntry]:
        page = self._get({"since": self.since, "limit": 100_000})
        entries = page.entries if page else []
        self.since = max([self.since, *(e.seq for e in entries)])
        return entries

    def _get(self, params: dict[str, int]) -> JournalPage | None:
        """The journal page, or None when the server cannot be asked (diagnostics never fail a run)."""
        try:
            r = httpx.get(f"{self.url}/admin/journal", params=params, headers=self.headers, timeout=30)
        except httpx.TransportError:
            return None
        if r.status_code != 200:
            return None
        try:
            return JournalPage.model_validate_json(r.content)
        except ValidationError:
            return None


def usage_of(entries: list[JournalEntry]) -> ApiCounts:
    """Calls per route, statuses, failed (retried) calls and total API time of some journal entries."""
    return {
        "calls": dict(Counter(e.route for e in entries)),
        "n_calls": len(entries),
        "api_ms": round(sum(e.latency_ms for e in entries), 1),
        "statuses": dict(Counter(str(e.status) if e.fault != "drop" else "drop" for e in entries)),
        "failed": sum(e.failed() for e in entries),
    }


class _SearchBody(PerturbationSetting):
    """The harness's /web/search request: the question, k and the run's perturbation fields."""

    interaction_id: str
    query: str
    query_time: str
    k: int


class PredictionExtras(TypedDict):
    """The `Prediction` fields `RunHooks.extras` fills."""

    contexts: list[str] | None
    evidence: Evidence | None
    api: ApiUsage | None


@dataclass
class RunHooks:
    """What the run loop asks of this module; the defaults (no perturbation, no journal) still retry."""

    perturbation: PerturbationSetting | None = None
    labels: dict[str, QuestionLabels] = field(default_factory=dict)
    journal: JournalReader | None = None
    admin_token: str | None = None  # perturbed searches need it (they would reveal the gold pages)
    retry: RetryPolicy = field(default_factory=lambda: RetryPolicy(max_attempts=8, backoff_cap=2.0))
    budget: Budget = field(default_factory=Budget)  # per question: tool calls, tokens (crag_eval.llm.agent)
    prices: Prices | None = None
    _evidence: dict[str, Evidence] = field(default_factory=dict)
    # the fetch helper runs ahead of the model: its fetches of a later batch's questions can be journaled
    # before this batch's read, so they wait here for their question's batch instead of being dropped
    _early_fetches: dict[str, list[JournalEntry]] = field(default_factory=dict)

    def fetch(self, http: httpx.Client, url: str, question: Question, k: int) -> list[SearchPage]:
        """The question's search results, retried like the SDK retries (faults must not lose questions)."""
        target, body, headers = self.search_request(url, question, k)
        data = post_search(http, target, body, headers, self.retry)
        pages, evidence = served_evidence(data, k, self.phrases(question))
        self.keep_evidence(question, evidence)
        return pages

    def search_request(self, url: str, question: Question, k: int) -> tuple[str, _SearchBody, dict[str, str]]:
        """The /web/search call of a question: URL, JSON body and headers (also sent from a helper
        process, crag_eval.run.fetcher)."""
        body: _SearchBody = {
            "interaction_id": question.interaction_id,
            "query": question.query,
            "query_time": question.query_time,
            "k": k,
            **(self.perturbation or {}),
        }
        headers = {
            "x-interaction-id": question.interaction_id,
            "x-client-id": HARNESS_CLIENT,
            # on loopback, inflating a gzip body costs more than the bytes it saves; elsewhere gzip wins
            "accept-encoding": "identity" if is_loopback(url) else "gzip",
        }
        if self.perturbation and self.admin_token:
            headers["authorization"] = f"Bearer {self.admin_token}"
        return f"{url}/web/search", body, headers

    def keep_evidence(self, question: Question, evidence: Evidence) -> None:
        self._evidence[question.interaction_id] = evidence

    def phrases(self, question: Question) -> tuple[str, ...]:
        labels = self.labels.get(question.interaction_id)
        return labels.key_phrases if labels is not None else ()

    def api_usage(self, chunk: list[Question]) -> dict[str, ApiUsage]:
        """Journal entries since the last batch, per question: the model's calls (by X-Interaction-Id, or all
        unlabelled calls when the batch has one question) and the harness's own fetches with their retries."""
        if self.journal is None:
            return {}
        entries = self.journal.read()
        ids = {q.interaction_id for q in chunk}
        out: dict[str, ApiUsage] = {}
        unlabelled = [e for e in entries if e.interaction_id not in ids]
        for e in unlabelled:
            if e.client == HARNESS_CLIENT and e.interaction_id:
                self._early_fetches.setdefault(e.interaction_id, []).append(e)
        unlabelled = [e for e in unlabelled if e.client != HARNESS_CLIENT or not e.interaction_id]
        for i, q in enumerate(chunk):
            early = self._early_fetches.pop(q.interaction_id, [])
            mine = early + [e for e in entries if e.interaction_id == q.interaction_id]
            model = [e for e in mine if e.client != HARNESS_CLIENT]
            if len(chunk) == 1:
                model += [e for e in unlabelled if e.client != HARNESS_CLIENT]
            out[q.interaction_id] = {
                **usage_of(model),
                "harness": usage_of([e for e in mine if e.client == HARNESS_CLIENT]),
                # calls without an interaction id in a batch of several: counted once, on its first question
                "unattributed_batch_calls": len(unlabelled) if i == 0 and len(chunk) > 1 else 0,
            }
        return out

    def extras(self, question: Question, answer: Any, usage: dict[str, ApiUsage]) -> PredictionExtras:
        """The Prediction fields this module fills: contexts, evidence, api."""
        evidence = self._evidence.pop(question.interaction_id, Evidence())
        contexts = answer_contexts(answer)
        if contexts is not None:
            evidence["context_hits"] = phrase_hits(self.phrases(question), "\n".join(contexts))
        return {
            "contexts": contexts,
            "evidence": evidence or None,
            "api": usage.get(question.interaction_id),
        }
