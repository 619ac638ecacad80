"""The report's sections on retrieval ranking, key points and agent accounting: titled tables built once
from scores.json and rendered by report.md, report.html and the terminal summary alike."""

from __future__ import annotations

from dataclasses import dataclass, field

from crag_eval.files.runfiles import Scores


@dataclass
class Section:
    title: str
    note: str = ""
    header: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)


def _f(value: float | None, digits: int = 3) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def sections(scores: Scores) -> list[Section]:
    out: list[Section] = []
    r = scores.retrieval
    if r is not None:
        out.append(
            Section(
                "Retrieval (ranked pages against qrels)",
                f"{r.labels} labels; {r.questions} questions with an answer page, {r.ranked} ranked by "
                "the model",
                ["recall@5", "recall@10", "recall@50", "nDCG@10", "MRR"],
                [[_f(r.recall_at_5), _f(r.recall_at_10), _f(r.recall_at_50), _f(r.ndcg_at_10), _f(r.mrr)]],
            )
        )
    k = scores.key_points
    if k is not None:
        failed = f"; {k.llm_failures} key points left to the rules" if k.llm_failures else ""
        out.append(
            Section(
                "Key points (RAGEval)",
                f"judge {k.judge}; {k.key_points} key points over {k.questions} questions; ROUGE-L over "
                f"{k.rouge_l_questions} sentence golds{failed}",
                ["completeness ↑", "hallucination ↓", "irrelevance ↓", "ROUGE-L"],
                [[_f(k.completeness), _f(k.hallucination), _f(k.irrelevance), _f(k.rouge_l)]],
            )
        )
    out += agent_sections(scores)
    return out


def agent_sections(scores: Scores) -> list[Section]:
    a = scores.agent
    if a is None:
        return []
    cost = "–" if a.cost_total is None else f"${a.cost_total:.4f}"
    per_q = "–" if a.cost_per_question is None else f"${a.cost_per_question:.6f}"
    tools = ", ".join(f"{t} {n}" for t, n in a.tool_calls_by_tool.items()) or "none"
    out = [
        Section(
            "Agent: tool calls, tokens, cost",
            f"{a.questions} questions; calls by tool: {tools}; {a.llm_calls} LLM calls ({a.cached_llm_calls} "
            f"from the cache); {a.refused_calls} tool calls refused by the budget",
            ["tool calls/q", "max calls", "tokens in/q", "tokens out/q", "cost", "cost/q", "over budget"],
            [
                [
                    f"{a.tool_calls_per_question:.2f}",
                    str(a.max_tool_calls_seen),
                    f"{a.input_tokens_per_question:.0f}",
                    f"{a.output_tokens_per_question:.0f}",
                    cost,
                    per_q,
                    str(a.over_budget),
                ]
            ],
        ),
        Section(
            "Score_a against tool calls",
            "",
            ["tool calls", "n", "Score_a"],
            [[b.bucket, str(b.n), f"{b.score_a:+.3f}"] for b in a.score_a_by_calls],
        ),
    ]
    if a.score_a_by_cost:
        out.append(
            Section(
                "Score_a against cost (quartiles)",
                "",
                ["cost per question", "n", "Score_a"],
                [[b.bucket, str(b.n), f"{b.score_a:+.3f}"] for b in a.score_a_by_cost],
            )
        )
    out.append(
        Section(
            "Per question: tools, tokens, cost, latency",
            "",
            ["question", "label", "tool calls", "journal", "tokens in", "tokens out", "cost", "latency s"],
            [
                [
                    q.interaction_id,
                    q.label + (f" (over budget: {', '.join(q.over_budget)})" if q.over_budget else ""),
                    ", ".join(f"{t} {n}" for t, n in q.tool_calls.items()) or "0",
                    "–" if q.journal_calls is None else str(q.journal_calls),
                    str(q.input_tokens),
                    str(q.output_tokens),
                    "–" if q.cost is None else f"${q.cost:.6f}",
                    f"{q.latency_s:.2f}",
                ]
                for q in a.per_question
            ],
        )
    )
    return out


def markdown(section: Section) -> str:
    lines = [f"## {section.title}", ""]
    if section.note:
        lines += [section.note, ""]
    lines.append("| " + " | ".join(section.header) + " |")
    lines.append("|" + "---|" * len(section.header))
    lines += ["| " + " | ".join(row) + " |" for row in section.rows]
    return "\n".join(lines) + "\n"
