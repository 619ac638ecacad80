"""Robustness and retrieval figures of one run directory (plain functions over the saved run).

- accuracy, hallucination, missing, Score_a (the rules judge), and the mean effective noise ratio served;
- rejection rate (RGB): share of answers in the "I don't know" family (the right outcome with no evidence);
- counterfactual (RGB, over questions whose served pages were rewritten): misled rate = answers that repeat
  the planted value; error-detection rate = answers that decline or say the evidence is wrong; error
  correction = answers that are right despite the evidence;
- retrieval (CoFE-RAG, key phrases instead of chunk labels): recall (micro, over key phrases) and accuracy
  (every phrase found) of the model's contexts, the same over all served pages (the upper bound), and scores
  split by answerable-from-served-pages (every key phrase in the served pages) or not;
- API usage from the journal: model calls per question and route, API time, failed (retried) calls of the
  model and of the harness's own fetches, questions lost (no prediction).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from crag_eval.files.records import (
    ApiSummary,
    Counterfactual,
    Figures,
    RetrievalDiagnostics,
    RunDiagnostics,
    ServedPerturbation,
)
from crag_eval.files.rundir import load_judgements, load_predictions, load_questions, read_run
from crag_eval.files.runfiles import RunLog
from crag_eval.files.types import Judgement, Prediction, Question
from crag_eval.judges import text as tx
from crag_eval.judges.rules import compare
from crag_eval.score import metrics
from crag_eval.score.diagnostics import QuestionLabels, load_labels

_FLAGGED = re.compile(
    r"factual error|incorrect information|misinformation|conflicting|contradict|inconsisten|not reliable",
    re.IGNORECASE,
)


def _rate(hits: int, n: int) -> float | None:
    return round(hits / n, 4) if n else None


def _score(judgements: list[Judgement], predictions: dict[str, Prediction]) -> Figures:
    s = metrics.score(judgements, predictions)
    return {
        "n": s.n,
        "accuracy": s.accuracy,
        "hallucination": s.hallucination,
        "missing": s.missing,
        "score_a": s.score_a,
    }


def run_metrics(run_dir: Path) -> RunDiagnostics:
    """Every figure above for one saved run, judged by its primary (first automatic) judge."""
    judgements = load_judgements(run_dir)
    primary = next((j.judge for j in judgements if j.judge != "human"), "rules")
    return diagnostics(
        read_run(run_dir),
        load_questions(run_dir),
        load_predictions(run_dir),
        [j for j in judgements if j.judge == primary],
    )


def diagnostics(
    log: RunLog,
    questions: list[Question],
    predictions: dict[str, Prediction],
    judgements: list[Judgement],
) -> RunDiagnostics:
    """Every figure above (see the module docstring) for one run, whatever flags it ran with."""
    by_id = {j.interaction_id: j for j in judgements}
    labels = load_labels(log.world.path if log.world else None, questions)
    out: RunDiagnostics = {
        "setting": log.args.get("perturbation"),
        "overall": _score(judgements, predictions),
        "lost_questions": len(questions) - len(predictions),
        "model_errors": sum(1 for p in predictions.values() if p.error),
    }
    served = [_served(p) for p in predictions.values()]
    served = [s for s in served if s.get("effective_noise_ratio") is not None]  # {} when unperturbed
    # Questions with no answer page at all are served pure noise whatever the ratio; averaging them in
    # would hide the ratio the others saw, so the mean is over questions that got an answer page if any did.
    with_answer = [s for s in served if s["pages"] > s["noise_pages"]] or served
    ratios = [float(r) for s in with_answer if (r := s.get("effective_noise_ratio")) is not None]
    out["effective_noise_ratio"] = round(sum(ratios) / len(ratios), 4) if ratios else None
    answered = [p for p in predictions.values() if not p.error]
    out["rejection_rate"] = _rate(sum(tx.is_missing(p.prediction) for p in answered), len(answered))
    out["counterfactual"] = _counterfactual(questions, predictions, by_id, labels)
    out["retrieval"] = _retrieval(questions, predictions, judgements)
    out["api"] = _api(predictions)
    return out


def _served(p: Prediction) -> ServedPerturbation:
    """What the server said it served for a prediction's question ({} when unperturbed)."""
    return (p.evidence or {}).get("perturbation") or {}


def _counterfactual(
    questions: list[Question],
    predictions: dict[str, Prediction],
    by_id: dict[str, Judgement],
    labels: dict[str, QuestionLabels],
) -> Counterfactual:
    misled = detected = corrected = n = 0
    for q in questions:
        p, wrong = predictions.get(q.interaction_id), labels[q.interaction_id].wrong_value
        info = (p.evidence or {}).get("perturbation") if p else None
        if p is None or p.error or not wrong or not info or not info.get("rewritten_pages"):
            continue
        n += 1
        verdict = compare(q.question_type, wrong, p.prediction)
        misled += bool(verdict and verdict[0])
        detected += tx.is_missing(p.prediction) or bool(_FLAGGED.search(p.prediction))
        judgement = by_id.get(q.interaction_id)
        corrected += judgement is not None and judgement.label == "correct"
    return {
        "n": n,
        "misled_rate": _rate(misled, n),
        "error_detection_rate": _rate(detected, n),
        "error_correction_rate": _rate(corrected, n),
    }


def _retrieval(
    questions: list[Question], predictions: dict[str, Prediction], judgements: list[Judgement]
) -> RetrievalDiagnostics:
    served_phr = served_hit = served_all = n_served = 0
    ctx_phr = ctx_hit = ctx_all = n_ctx = 0
    answerable: set[str] = set()
    for q in questions:
        ev = (predictions[q.interaction_id].evidence or {}) if q.interaction_id in predictions else {}
        k = int(ev.get("key_phrases") or 0)
        if not k:
            continue
        hits = int(ev.get("served_hits") or 0)
        n_served, served_phr, served_hit = n_served + 1, served_phr + k, served_hit + hits
        served_all += hits == k
        if hits == k:
            answerable.add(q.interaction_id)
        if "context_hits" in ev:
            c = int(ev["context_hits"])
            n_ctx, ctx_phr, ctx_hit, ctx_all = n_ctx + 1, ctx_phr + k, ctx_hit + c, ctx_all + (c == k)
    return {
        "served_recall": _rate(served_hit, served_phr),
        "served_accuracy": _rate(served_all, n_served),
        "context_questions": n_ctx,
        "context_recall": _rate(ctx_hit, ctx_phr),
        "context_accuracy": _rate(ctx_all, n_ctx),
        "answerable": _score([j for j in judgements if j.interaction_id in answerable], predictions),
        "not_answerable": _score([j for j in judgements if j.interaction_id not in answerable], predictions),
    }


def _api(predictions: dict[str, Prediction]) -> ApiSummary | None:
    usage = [p.api for p in predictions.values() if p.api is not None]
    if not usage:
        return None
    routes: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    for u in usage:
        routes.update(u.get("calls", {}))
        statuses.update(u.get("statuses", {}))
        statuses.update((u.get("harness") or {}).get("statuses", {}))
    n = len(usage)
    return {
        "questions": n,
        "model_calls_per_question": round(sum(u.get("n_calls", 0) for u in usage) / n, 3),
        "model_api_ms_per_question": round(sum(u.get("api_ms", 0.0) for u in usage) / n, 1),
        "calls_by_route": dict(routes.most_common()),
        "statuses": dict(statuses),
        "model_failed_calls": sum(u.get("failed", 0) for u in usage),
        "harness_failed_fetches": sum((u.get("harness") or {}).get("failed", 0) for u in usage),
        "questions_with_retries": sum(
            1 for u in usage if u.get("failed", 0) or (u.get("harness") or {}).get("failed", 0)
        ),
        "unattributed_calls": sum(u.get("unattributed_batch_calls", 0) for u in usage),
    }
