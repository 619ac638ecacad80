"""Retrieval as its own measure: recall@5/10/50, nDCG@10 and MRR of a model's ranked pages against qrels.

A model says what it retrieved in its extended answer: `{"answer": …, "pages": [url, …]}` (ranked), or
`{"answer": …, "contexts": [text, …]}`, whose texts are traced back to the served page each came from (the
first page, in served order, whose text holds the context; a context found on no page is skipped). Scored as
trec_eval scores: binary relevance, questions without a relevant page left out, a question the model
retrieved nothing for scores 0. Each run writes its ranking as a TREC run file (`run.trec`) beside the qrels
it was scored against (`qrels.txt`), so trec_eval or ir_measures can check the figures.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from crag_eval.files.records import SearchPage
from crag_eval.files.score_sections import RetrievalScores
from crag_eval.score.phrases import clean, page_plain_text
from mockapi.web.qrels import Qrels, doc_id, read_qrels

QRELS = "qrels.txt"
RUN_FILE = "run.trec"
CUTOFFS = (5, 10, 50)
MIN_CONTEXT_CHARS = 12  # shorter contexts ("yes", a number) would match almost any page


def ranked_pages(answer: Any, pages: Sequence[SearchPage]) -> list[str] | None:
    """The document ids a model ranked (from `pages`, else from its contexts), or None if it said nothing."""
    if not isinstance(answer, dict):
        return None
    listed = answer.get("pages")
    if isinstance(listed, list):
        return list(dict.fromkeys(doc_id(str(u)) for u in listed if str(u).strip()))
    contexts = answer.get("contexts")
    if not isinstance(contexts, list):
        return None
    texts = [(doc_id(str(p.get("page_url", ""))), clean(page_plain_text(p))) for p in pages]
    out: list[str] = []
    for context in contexts:
        needle = clean(str(context))
        if len(needle) < MIN_CONTEXT_CHARS:
            continue
        found = next((url for url, text in texts if needle in text), None)
        if found is not None and found not in out:
            out.append(found)
    return out


def recall_at(ranked: Sequence[str], relevant: set[str], k: int) -> float:
    return len(set(ranked[:k]) & relevant) / len(relevant)


def ndcg_at(ranked: Sequence[str], relevant: set[str], k: int) -> float:
    dcg = sum(1 / math.log2(i + 2) for i, d in enumerate(ranked[:k]) if d in relevant)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(k, len(relevant))))
    return dcg / ideal


def reciprocal_rank(ranked: Sequence[str], relevant: set[str]) -> float:
    return next((1 / (i + 1) for i, d in enumerate(ranked) if d in relevant), 0.0)


def score_retrieval(rankings: Mapping[str, list[str] | None], qrels: Qrels) -> RetrievalScores | None:
    """Mean figures over the questions with a relevant page; None when the model ranked nothing at all."""
    if not any(r is not None for r in rankings.values()):
        return None
    ids = [q for q in rankings if qrels.relevant.get(q)]
    sums = dict.fromkeys(("r5", "r10", "r50", "ndcg", "mrr"), 0.0)
    for qid in ids:
        ranked, relevant = rankings[qid] or [], set(qrels.relevant[qid])
        sums["r5"] += recall_at(ranked, relevant, 5)
        sums["r10"] += recall_at(ranked, relevant, 10)
        sums["r50"] += recall_at(ranked, relevant, 50)
        sums["ndcg"] += ndcg_at(ranked, relevant, 10)
        sums["mrr"] += reciprocal_rank(ranked, relevant)
    n = len(ids)

    def mean(key: str) -> float:
        return round(sums[key] / n, 4) if n else 0.0

    return RetrievalScores(
        labels="estimated" if qrels.estimated else "gold",
        questions=n,
        ranked=sum(1 for q in ids if rankings[q] is not None),
        recall_at_5=mean("r5"),
        recall_at_10=mean("r10"),
        recall_at_50=mean("r50"),
        ndcg_at_10=mean("ndcg"),
        mrr=mean("mrr"),
    )


def write_run_file(run_dir: Path, rankings: Mapping[str, list[str] | None], tag: str) -> None:
    """`run.trec`: `question Q0 document rank score tag` (score = -rank, so sorting by score keeps it)."""
    lines = [
        f"{qid} Q0 {doc} {rank} {-rank} {tag}\n"
        for qid, ranked in rankings.items()
        for rank, doc in enumerate(ranked or [], 1)
    ]
    (run_dir / RUN_FILE).write_text("".join(lines), encoding="utf-8")


def run_qrels(run_dir: Path) -> Qrels | None:
    """The qrels a run was started with (written from its world), else None."""
    path = run_dir / QRELS
    return read_qrels(path) if path.is_file() else None
