"""The report's sections on retrieval ranking, key points and agent accounting: titled tables built once
from scores.json and rendered by report.md, report.html and the terminal summary alike."""

from __future__ import annotations

from dataclasses import dataclass, field

from crag_eval.runfiles import Scores


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
    return out


def markdown(section: Section) -> str:
    lines = [f"## {section.title}", ""]
    if section.note:
        lines += [section.note, ""]
    lines.append("| " + " | ".join(section.header) + " |")
    lines.append("|" + "---|" * len(section.header))
    lines += ["| " + " | ".join(row) + " |" for row in section.rows]
    return "\n".join(lines) + "\n"
