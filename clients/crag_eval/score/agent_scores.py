"""scores.json `agent`: tool calls by tool, tokens, cost and latency per question, and Score_a against calls
and cost (MCPBench / Inspect style accounting of an agent run)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import groupby

from crag_eval.files.score_sections import AgentScores, Bucket, QuestionCost
from crag_eval.files.types import Judgement, Prediction, Question
from crag_eval.llm.agent import AgentUsage

CALL_BUCKETS = ((0, 0, "0"), (1, 1, "1"), (2, 2, "2"), (3, 3, "3"), (4, 5, "4-5"), (6, 10**9, "6+"))
VALUE = {"correct": 1.0, "missing": 0.0, "incorrect": -1.0}


def _bucket(rows: list[tuple[float, float]], label: str) -> Bucket:
    return Bucket(bucket=label, n=len(rows), score_a=round(sum(v for _, v in rows) / len(rows), 4))


def cost_quartiles(ordered: list[tuple[float, float]]) -> list[Bucket]:
    """(cost, value) rows sorted by cost, in up to four buckets of about a quarter each; equal costs stay in
    one bucket, so tied costs give one bucket, not four with the same range."""
    parts: list[list[tuple[float, float]]] = []
    part: list[tuple[float, float]] = []
    done = 0
    for _cost, group in groupby(ordered, key=lambda row: row[0]):
        part += group
        if len(parts) < 3 and done + len(part) >= (len(parts) + 1) * len(ordered) / 4:
            parts.append(part)
            done, part = done + len(part), []
    parts += [part] if part else []
    return [_bucket(p, _cost_range(p[0][0], p[-1][0])) for p in parts]


def _cost_range(low: float, high: float) -> str:
    return f"${low:.6f}" if low == high else f"${low:.6f}-${high:.6f}"


def agent_scores(
    questions: Sequence[Question], predictions: dict[str, Prediction], judgements: dict[str, Judgement]
) -> AgentScores | None:
    """None when no answer carries agent usage."""
    rows: list[tuple[Question, Prediction, AgentUsage]] = [
        (q, p, AgentUsage.model_validate(p.agent))
        for q in questions
        if (p := predictions.get(q.interaction_id)) is not None and p.agent is not None
    ]
    if not rows:
        return None
    n = len(rows)
    by_tool: Counter[str] = Counter()
    per_question: list[QuestionCost] = []
    points: list[tuple[int, float | None, float]] = []
    for q, p, u in rows:
        by_tool.update(u.tool_calls)
        j = judgements.get(q.interaction_id)
        label = j.label if j else "not judged"
        calls = max(u.n_tool_calls, u.journal_calls or 0)
        points.append((calls, u.cost, VALUE.get(label, 0.0)))
        per_question.append(
            QuestionCost(
                interaction_id=q.interaction_id,
                label=label,
                tool_calls=u.tool_calls,
                journal_calls=u.journal_calls,
                input_tokens=u.input_tokens,
                output_tokens=u.output_tokens,
                cost=u.cost,
                latency_s=p.latency_s,
                over_budget=u.over_budget,
            )
        )
    costs = [c for _, c, _ in points if c is not None]
    by_calls = [
        _bucket([(c, v) for c, _, v in points if low <= c <= high], name)
        for low, high, name in CALL_BUCKETS
        if any(low <= c <= high for c, _, _ in points)
    ]
    by_cost = cost_quartiles(sorted((c, v) for _, c, v in points if c is not None))
    return AgentScores(
        questions=n,
        tool_calls_per_question=round(sum(c for c, _, _ in points) / n, 3),
        max_tool_calls_seen=max(c for c, _, _ in points),
        tool_calls_by_tool=dict(by_tool.most_common()),
        input_tokens_per_question=round(sum(u.input_tokens for *_, u in rows) / n, 1),
        output_tokens_per_question=round(sum(u.output_tokens for *_, u in rows) / n, 1),
        llm_calls=sum(u.llm_calls for *_, u in rows),
        cached_llm_calls=sum(u.cached_calls for *_, u in rows),
        cost_total=round(sum(costs), 6) if costs else None,
        cost_per_question=round(sum(costs) / len(costs), 8) if costs else None,
        over_budget=sum(1 for *_, u in rows if u.over_budget),
        refused_calls=sum(u.refused_calls for *_, u in rows),
        score_a_by_calls=by_calls,
        score_a_by_cost=by_cost,
        per_question=per_question,
    )
