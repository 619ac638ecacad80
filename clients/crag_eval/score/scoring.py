"""Judging and scoring a run directory: judgements.jsonl and scores.json (re-run by `crag-eval score RUN`)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from crag_eval.files.records import JudgeUsage, Number
from crag_eval.files.rundir import (
    load_predictions,
    load_questions,
    read_run,
    save_judgements,
    write_scores,
)
from crag_eval.files.runfiles import SCORES_FORMAT, RunLog, ScoreCounts, Scores
from crag_eval.files.score_sections import KeyPointScores
from crag_eval.files.types import Judgement, Prediction, Question
from crag_eval.judges import Judge, human_judgements, make_judges, read_human_labels
from crag_eval.llm.client import LLMUsage
from crag_eval.llm.prices import Prices
from crag_eval.llm.truncate import TOKENIZER_NAME
from crag_eval.score import metrics
from crag_eval.score.agent_scores import agent_scores
from crag_eval.score.diagnostics import load_labels
from crag_eval.score.keypoints import score_key_points
from crag_eval.score.retrieval import run_qrels, score_retrieval, write_run_file
from crag_eval.score.robust_metrics import diagnostics


def judge_all(
    judges: list[Judge], questions: list[Question], predictions: dict[str, Prediction]
) -> list[Judgement]:
    out: list[Judgement] = []
    for judge in judges:
        for question in questions:
            prediction = predictions.get(question.interaction_id)
            if prediction is not None:
                out.append(judge.judge(question, prediction))
    return out


def score_run(
    run_dir: Path,
    judge: str = "rules",
    labels: Path | None = None,
    type_weights: dict[str, float] | None = None,
    say: Callable[[str], object] = lambda msg: print(msg, file=sys.stderr),
) -> Scores:
    """Judge every prediction with the chosen judge(s), add human labels if given (labels of ids the run has
    no answer for are left out, said on one line), write and return scores."""
    judges = make_judges(judge)
    questions = load_questions(run_dir)
    predictions = load_predictions(run_dir)
    judgements = judge_all(judges, questions, predictions)
    if labels is not None:
        human = human_judgements(read_human_labels(labels))
        unknown = [j.interaction_id for j in human if j.interaction_id not in predictions]
        if unknown:
            shown = ", ".join(unknown[:5]) + (f" and {len(unknown) - 5} more" if len(unknown) > 5 else "")
            say(f"{labels}: ignored {len(unknown)} labels of ids this run has no answer for: {shown}")
        judgements += [j for j in human if j.interaction_id in predictions]
    save_judgements(run_dir, judgements)
    scores = compute_scores(questions, predictions, judgements, type_weights)
    primary = [j for j in judgements if j.judge == scores.primary]
    log = read_run(run_dir)
    scores.diagnostics = diagnostics(log, questions, predictions, primary)
    scores.key_points = key_point_scores(log, questions, predictions, primary, judge)
    rankings = {q.interaction_id: p.retrieved for q in questions if (p := predictions.get(q.interaction_id))}
    qrels = run_qrels(run_dir)
    if qrels is not None:
        scores.retrieval = score_retrieval(rankings, qrels)
    write_run_file(run_dir, rankings, str(log.args.get("model", "model")))
    scores.agent = agent_scores(questions, predictions, {j.interaction_id: j for j in primary})
    scores.judge_usage = judge_usage(judges, log.args.get("prices"))
    write_scores(run_dir, scores)
    return scores


def judge_usage(judges: list[Judge], prices: dict[str, list[Number]] | None) -> dict[str, JudgeUsage]:
    """Tokens (and cost at the run's --prices) each LLM judge spent while scoring."""
    table = Prices({m: (r[0], r[1]) for m, r in (prices or {}).items()})
    out: dict[str, JudgeUsage] = {}
    for judge in judges:
        usage: LLMUsage | None = getattr(judge, "usage", None)
        if usage is not None and usage.llm_calls:
            cost = table.cost(usage.model or "", usage.input_tokens, usage.output_tokens)
            out[judge.name] = JudgeUsage(**usage.as_dict(), cost=cost)
    return out


def key_point_scores(
    log: RunLog,
    questions: list[Question],
    predictions: dict[str, Prediction],
    judgements: list[Judgement],
    judge: str,
) -> KeyPointScores:
    """RAGEval's key-point rates (by rules, or asked of the LLM judge's first model) and ROUGE-L."""
    labels = load_labels(log.world.path if log.world else None, questions)
    ask = None
    if judge == "openai":
        from crag_eval.judges.keypoint_llm import KeyPointJudge
        from crag_eval.judges.llm import DEFAULT_JUDGE_MODEL, default_cache
        from crag_eval.llm.client import Endpoint

        base = Endpoint.from_env("CRAG_EVAL_JUDGE", DEFAULT_JUDGE_MODEL)
        first = base.model.split(",")[0].strip()
        ask = KeyPointJudge(
            Endpoint(base.base_url, first, base.api_key, backoff_s=base.backoff_s), default_cache()
        )
    by_id = {j.interaction_id: j for j in judgements}
    out = score_key_points(questions, predictions, by_id, labels, ask, ask.name if ask else "rules")
    if ask is not None:
        out.llm_failures, out.usage = ask.failures, ask.usage.as_dict()
    return out


def compute_scores(
    questions: list[Question],
    predictions: dict[str, Prediction],
    judgements: list[Judgement],
    type_weights: dict[str, float] | None = None,
) -> Scores:
    names = list(dict.fromkeys(j.judge for j in judgements))
    by_judge = {name: [j for j in judgements if j.judge == name] for name in names}
    overall = {name: metrics.score(js, predictions) for name, js in by_judge.items()}
    automatic = [n for n in names if n != "human"]
    primary = automatic[0] if automatic else (names[0] if names else "")
    primary_js = by_judge.get(primary, [])
    scores = Scores(
        format=SCORES_FORMAT,
        judges=names,
        primary=primary,
        overall=overall,
        slices=metrics.slices(questions, primary_js, predictions),
        macro=metrics.macro_average(questions, primary_js, type_weights),
        original=metrics.original_figures(questions, predictions, primary_js),
        type_weights=type_weights or {},
        latency=metrics.latency(predictions.values()),
        counts=ScoreCounts(
            questions=len(questions),
            predictions=len(predictions),
            not_answered=len(questions) - len(predictions),
            model_errors=sum(1 for p in predictions.values() if p.error),
            truncated=sum(1 for p in predictions.values() if p.raw is not None),
        ),
        tokenizer=TOKENIZER_NAME,
    )
    if len(automatic) > 1:
        scores.average = metrics.average_scores([overall[n] for n in automatic])
    return scores
