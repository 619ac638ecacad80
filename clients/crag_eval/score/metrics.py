"""Metrics as plain functions over judgements: rates, Score_a, Score_h, slices, macro average, latency.

Every rate gets a 95% percentile-bootstrap interval from a seeded generator (same inputs, same intervals).
Questions whose judge failed are left out of the rates and counted in `n_judge_failed`; an empty set scores
zeros rather than dividing by zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypedDict

import numpy as np

from crag_eval.files.types import FOUR_WAY_VALUE, SLICE_KEYS, Judgement, Prediction, Question, Score

N_BOOT = 1000
SEED = 0


def _interval(samples: np.ndarray) -> tuple[float, float]:
    low, high = np.percentile(samples, [2.5, 97.5])
    return round(float(low), 4), round(float(high), 4)


def bootstrap_indices(n: int, seed: int = SEED, n_boot: int = N_BOOT) -> np.ndarray:
    """(n_boot, n) resampling indices; the same for every figure of one set, so intervals are consistent."""
    return np.random.default_rng(seed).integers(0, n, size=(n_boot, n))


def score(
    judgements: Sequence[Judgement], predictions: dict[str, Prediction] | None = None, seed: int = SEED
) -> Score:
    """Accuracy, hallucination, missing, Score_a (and Score_h when every question has a human four-way
    label)."""
    decided = [j for j in judgements if j.label != "failed"]
    n_failed = len(judgements) - len(decided)
    n_errors = sum(1 for j in judgements if predictions and predictions[j.interaction_id].error)
    n_undecided = sum(1 for j in decided if j.undecided)
    n = len(decided)
    correct = np.array([j.label == "correct" for j in decided], dtype=float)
    missing = np.array([j.label == "missing" for j in decided], dtype=float)
    incorrect = np.array([j.label == "incorrect" for j in decided], dtype=float)
    four = [j.four_way for j in decided if j.four_way is not None]
    if n == 0:
        zero = (0.0, 0.0)
        return Score(
            0,
            0.0,
            0.0,
            0.0,
            0.0,
            {k: zero for k in ("accuracy", "hallucination", "missing", "score_a")},
            n_judge_failed=n_failed,
            n_model_errors=n_errors,
        )
    idx = bootstrap_indices(n, seed)
    ci = {
        "accuracy": _interval(correct[idx].mean(axis=1)),
        "hallucination": _interval(incorrect[idx].mean(axis=1)),
        "missing": _interval(missing[idx].mean(axis=1)),
        "score_a": _interval((correct - incorrect)[idx].mean(axis=1)),
    }
    score_h = None
    # Score_h is the human four-way score: the rules judge's 'perfect' for an exact match is not a human label
    if len(four) == n and all(j.judge == "human" for j in decided):
        values = np.array([FOUR_WAY_VALUE[label] for label in four])
        score_h = round(float(values.mean()), 4)
        ci["score_h"] = _interval(values[idx].mean(axis=1))
    return Score(
        n=n,
        accuracy=round(float(correct.mean()), 4),
        hallucination=round(float(incorrect.mean()), 4),
        missing=round(float(missing.mean()), 4),
        score_a=round(float((correct - incorrect).mean()), 4),
        ci=ci,
        score_a_high=round(float((correct - incorrect).mean()) + 2 * n_undecided / n, 4),
        n_correct=int(correct.sum()),
        n_missing=int(missing.sum()),
        n_incorrect=int(incorrect.sum()),
        n_undecided=n_undecided,
        n_judge_failed=n_failed,
        n_model_errors=n_errors,
        score_h=score_h,
        n_four_way=len(four),
    )


def slices(
    questions: Iterable[Question],
    judgements: Sequence[Judgement],
    predictions: dict[str, Prediction] | None = None,
    seed: int = SEED,
) -> dict[str, dict[str, Score]]:
    """Per slice key (domain, type, dynamism, popularity, answer source, answer-in-pages): per value."""
    by_id = {j.interaction_id: j for j in judgements}
    out: dict[str, dict[str, Score]] = {}
    qs = [q for q in questions if q.interaction_id in by_id]
    for key in SLICE_KEYS:
        groups: dict[str, list[Judgement]] = {}
        for q in qs:
            groups.setdefault(q.slice_value(key), []).append(by_id[q.interaction_id])
        if set(groups) == {"unknown"}:
            continue
        out[key] = {value: score(groups[value], predictions, seed) for value in sorted(groups)}
    return out


def question_values(judgements: Sequence[Judgement]) -> dict[str, float]:
    """Per question: correct 1, missing 0, incorrect -1 (judge failures left out)."""
    table = {"correct": 1.0, "missing": 0.0, "incorrect": -1.0}
    return {j.interaction_id: table[j.label] for j in judgements if j.label != "failed"}


def macro_average(
    questions: Iterable[Question],
    judgements: Sequence[Judgement],
    type_weights: dict[str, float] | None = None,
) -> dict[str, float]:
    """KDD Cup style: per domain a (type-weighted) mean of per-question scores, then the plain mean."""
    values = question_values(judgements)
    sums: dict[str, list[float]] = {}
    for q in questions:
        if q.interaction_id not in values:
            continue
        weight = (type_weights or {}).get(q.question_type, 1.0)
        acc = sums.setdefault(q.domain or "unknown", [0.0, 0.0])
        acc[0] += weight * values[q.interaction_id]
        acc[1] += weight
    per_domain = {d: round(s / w, 4) if w else 0.0 for d, (s, w) in sorted(sums.items())}
    macro = round(sum(per_domain.values()) / len(per_domain), 4) if per_domain else 0.0
    return {"macro": macro, **{f"domain:{d}": v for d, v in per_domain.items()}}


def latency(predictions: Iterable[Prediction]) -> dict[str, float]:
    """Mean, median and 95th percentile of per-question latency, in seconds."""
    values = np.array([p.latency_s for p in predictions], dtype=float)
    if values.size == 0:
        return {"mean_s": 0.0, "p50_s": 0.0, "p95_s": 0.0, "max_s": 0.0}
    return {
        "mean_s": round(float(values.mean()), 4),
        "p50_s": round(float(np.percentile(values, 50)), 4),
        "p95_s": round(float(np.percentile(values, 95)), 4),
        "max_s": round(float(values.max()), 4),
    }


def average_scores(scores: Sequence[Score]) -> dict[str, float | None]:
    """Two (or more) judges averaged figure by figure, as the paper averages its two LLM judges."""
    keys = ("accuracy", "hallucination", "missing", "score_a")
    out: dict[str, float | None] = {
        k: round(sum(getattr(s, k) for s in scores) / len(scores), 4) for k in keys
    }
    hs = [s.score_h for s in scores if s.score_h is not None]
    out["score_h"] = round(sum(hs) / len(hs), 4) if hs and len(hs) == len(scores) else None
    return out


class PairedDiff(TypedDict):
    """Mean per-question score of b minus a's, its 95% interval and two-sided p."""

    n: int
    diff: float
    low: float
    high: float
    p: float


def paired_bootstrap(
    a: dict[str, float], b: dict[str, float], ids: Sequence[str], seed: int = SEED, n_boot: int = N_BOOT
) -> PairedDiff:
    """Difference of mean per-question score (b − a) on shared questions, 95% CI, two-sided p."""
    shared = [i for i in ids if i in a and i in b]
    if not shared:
        return {"n": 0, "diff": 0.0, "low": 0.0, "high": 0.0, "p": 1.0}
    diffs = np.array([b[i] - a[i] for i in shared])
    boot = diffs[bootstrap_indices(len(shared), seed, n_boot)].mean(axis=1)
    observed = float(diffs.mean())
    if observed == 0.0 and not diffs.any():
        p = 1.0
    else:
        p = float(min(1.0, 2 * min((boot <= 0).mean(), (boot >= 0).mean())))
    low, high = _interval(boot)
    return {"n": len(shared), "diff": round(observed, 4), "low": low, "high": high, "p": round(p, 4)}


def original_figures(
    questions: Iterable[Question], predictions: dict[str, Prediction], judgements: Sequence[Judgement]
) -> dict[str, float | int]:
    """The figures the original evaluator prints (contract §5.4), under its names: `exact_accuracy` is its
    crude exact match (the lower-cased prediction equals a lower-cased gold answer; nothing else is
    normalised), the rest come from the judgements (n = predictions judged; judge failures count as
    hallucinations there, as in the original)."""
    gold = {q.interaction_id: {g.lower() for g in q.gold} for q in questions}
    labels = {j.interaction_id: j.label for j in judgements}
    ids = [i for i in predictions if i in labels]
    n = len(ids)
    exact = sum(1 for i in ids if predictions[i].prediction.strip().lower() in gold.get(i, set()))
    n_correct = sum(1 for i in ids if labels[i] == "correct")
    n_miss = sum(1 for i in ids if labels[i] == "missing")
    n_hallucination = n - n_correct - n_miss

    def rate(k: int) -> float:
        return round(k / n, 4) if n else 0.0

    return {
        "score": round((2 * n_correct + n_miss) / n - 1, 4) if n else 0.0,
        "exact_accuracy": rate(exact),
        "accuracy": rate(n_correct),
        "hallucination": rate(n_hallucination),
        "missing": rate(n_miss),
        "n_miss": n_miss,
        "n_correct": n_correct,
        "n_correct_exact": exact,
        "n_hallucination": n_hallucination,
        "total": n,
    }
