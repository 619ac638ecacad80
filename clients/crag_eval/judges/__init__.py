"""Judges turn (Question, Prediction) into a Judgement; several judges are scored separately and averaged."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Protocol

from crag_eval.files.types import FOUR_WAY_VALUE, Judgement, Prediction, Question
from mockapi.core.user_error import UserError


class Judge(Protocol):
    name: str

    def judge(self, question: Question, prediction: Prediction) -> Judgement: ...


def make_judges(kind: str) -> list[Judge]:
    """`rules` (offline), or `openai`: an LLM judge per model of $CRAG_EVAL_JUDGE_MODEL ('a,b': averaged)."""
    from crag_eval.judges.rules import RulesJudge

    if kind == "rules":
        return [RulesJudge()]
    if kind == "openai":
        from crag_eval.judges.llm import DEFAULT_JUDGE_MODEL, LLMJudge, default_cache
        from crag_eval.llm.client import Endpoint, check_endpoint

        base = Endpoint.from_env("CRAG_EVAL_JUDGE", DEFAULT_JUDGE_MODEL)
        models = [m.strip() for m in base.model.split(",") if m.strip()]
        check_endpoint(base, "CRAG_EVAL_JUDGE", "--judge openai")  # before any answer is asked for
        cache = default_cache()
        judges: list[Judge] = []
        for model in models:
            endpoint = Endpoint(base.base_url, model, base.api_key, backoff_s=base.backoff_s)
            judges.append(LLMJudge(endpoint, cache))
        return judges
    raise UserError(f"unknown judge {kind!r}; use --judge rules or --judge openai")


def read_human_labels(path: Path) -> dict[str, str]:
    """A CSV with columns interaction_id,label where label is perfect|acceptable|missing|incorrect."""
    if not path.is_file():
        raise UserError(f"labels file {path} does not exist")
    labels: dict[str, str] = {}
    with path.open(newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        if not reader.fieldnames or not {"interaction_id", "label"} <= set(reader.fieldnames):
            raise UserError(f"{path} needs the header 'interaction_id,label'")
        for line, row in enumerate(reader, start=2):
            label = (row["label"] or "").strip().lower()
            if label not in FOUR_WAY_VALUE:
                raise UserError(f"{path}:{line}: label {label!r} is not perfect|acceptable|missing|incorrect")
            labels[row["interaction_id"].strip()] = label
    return labels


def human_judgements(labels: dict[str, str]) -> list[Judgement]:
    """Human four-way labels as judgements of the pseudo-judge 'human'."""
    out = []
    for iid, label in labels.items():
        three = "correct" if label in ("perfect", "acceptable") else label
        out.append(Judgement(iid, "human", three, "human", four_way=label))  # type: ignore[arg-type]
    return out
