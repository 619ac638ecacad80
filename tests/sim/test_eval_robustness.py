"""crag-eval's robustness sweep on the tiny world: per-setting runs, the RGB rates, key-phrase diagnostics
from an extended-protocol model, and API usage with retries from the journal while faults are injected."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from crag_eval.cli import main
from crag_eval.rundir import load_predictions

MODEL = '''
from crag_client import Client


class EchoModel:
    """Batch size 1; one KG call without an interaction id; answers from the first page, with contexts."""

    def __init__(self):
        self.client = Client(max_attempts=8)

    def get_batch_size(self):
        return 1

    def batch_generate_answer(self, batch):
        self.client.open.search_entity_by_name("nobody")
        pages = batch["search_results"][0]
        contexts = [p["page_snippet"] for p in pages]
        return [{"answer": "i don't know" if not pages else pages[0]["page_name"], "contexts": contexts}]
'''


@pytest.fixture
def echo_model(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "echo_model.py").write_text(MODEL)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("echo_model", None)
    return "echo_model:EchoModel"


def sweep(tiny_world: Path, out: Path, *flags: str) -> dict[str, Any]:
    base = ["--task", "3", "--data", str(tiny_world), "--limit", "12", "--output", str(out)]
    assert main([*base, *flags]) == 0
    data: dict[str, Any] = json.loads((out / "robustness.json").read_text())
    return data


def test_oracle_and_dummy_give_the_extremes(tiny_world: Path, tmp_path: Path) -> None:
    oracle = sweep(
        tiny_world, tmp_path / "o", "--model", "oracle", "--noise-ratio", "0,0.8", "--negative-rejection"
    )
    dummy = sweep(
        tiny_world, tmp_path / "d", "--model", "dummy", "--noise-ratio", "0,0.8", "--negative-rejection"
    )
    assert list(oracle) == ["noise-0", "noise-0.8", "negative-rejection"]
    for name in oracle:
        assert oracle[name]["overall"]["accuracy"] == 1.0 and oracle[name]["rejection_rate"] == 0.0
        assert dummy[name]["overall"]["accuracy"] == 0.0 and dummy[name]["rejection_rate"] == 1.0
    assert oracle["noise-0"]["effective_noise_ratio"] == 0.0
    assert 0.7 <= oracle["noise-0.8"]["effective_noise_ratio"] <= 0.9
    assert oracle["negative-rejection"]["effective_noise_ratio"] == 1.0
    served = oracle["noise-0"]["retrieval"]
    assert served["served_recall"] > 0.5 > oracle["negative-rejection"]["retrieval"]["served_recall"]


def test_faults_lose_no_question_and_usage_shows_retries(
    tiny_world: Path, tmp_path: Path, echo_model: str
) -> None:
    out = tmp_path / "echo"
    flags = ["--model", echo_model, "--counterfactual", "--fault-rate", "0.3", "--sim-seed", "4"]
    result = sweep(tiny_world, out, *flags)["counterfactual"]
    assert result["lost_questions"] == 0 and result["model_errors"] == 0
    api = result["api"]
    assert api["questions"] == 12
    assert api["model_calls_per_question"] >= 1.0  # unlabelled calls, attributed because batch size is 1
    assert api["calls_by_route"]["/open/search_entity_by_name"] >= 12
    assert api["model_failed_calls"] + api["harness_failed_fetches"] > 0  # faults happened and were retried
    assert sum(v for k, v in api["statuses"].items() if k != "200") > 0
    predictions = load_predictions(out / "counterfactual")
    assert all(p.contexts is not None for p in predictions.values())
    with_phrases = [p for p in predictions.values() if p.evidence and p.evidence["key_phrases"]]
    assert result["retrieval"]["context_questions"] == len(with_phrases) >= 10  # false premises have none
    assert result["counterfactual"]["misled_rate"] > 0  # page titles carry the planted value
    assert result["counterfactual"]["n"] > 0  # pages were rewritten for some of the 12
    per_question = [p.api for p in predictions.values()]
    assert all(u is not None and u["harness"]["n_calls"] >= 1 for u in per_question)
