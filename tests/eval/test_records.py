"""The TypedDicts of files/records.py mirror the classes whose JSON they describe, key for key and in order.

Order matters: pydantic re-emits a TypedDict's keys in declaration order when it validates run.json and
scores.json, so a TypedDict that drifts from its class would reorder (or, for a key it lacks, move to the end)
what the files hold.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from crag_client.results import SearchEntry
from crag_eval.files.records import (
    AgentUsageData,
    LLMUsageCounts,
    PerturbationSetting,
    RunArgs,
    ScoreData,
    ServedPerturbation,
    SimSettings,
)
from crag_eval.files.runfiles import RunLog
from crag_eval.files.types import Score
from crag_eval.llm.agent import AgentUsage
from crag_eval.llm.client import LLMUsage
from crag_eval.run.evaluate import RUN_ARGS, RunConfig

from mockapi.web.html_store import Entry
from mockapi.web.perturb import PerturbationSummary
from mockapi.wire.perturb import PerturbationInfo, PerturbFields


def _fields(cls: type[Any]) -> list[str]:
    if dataclasses.is_dataclass(cls):
        return [f.name for f in dataclasses.fields(cls)]
    return list(cls.model_fields)


@pytest.mark.parametrize(
    ("typed", "cls"),
    [
        (RunArgs, RunConfig),
        (ScoreData, Score),
        (AgentUsageData, AgentUsage),
        (LLMUsageCounts, LLMUsage),
        (ServedPerturbation, PerturbationInfo),
        (PerturbationSummary, PerturbationInfo),  # the server's own dict of the same wire object
        (PerturbationSetting, PerturbFields),
        (Entry, SearchEntry),
    ],
)
def test_typed_dict_mirrors_its_class(typed: type[Any], cls: type[Any]) -> None:
    assert list(typed.__annotations__) == _fields(cls)


def test_run_args_keep_the_configs_order_through_validation() -> None:
    config = RunConfig(task=1, perturbation={"perturb_seed": 3, "noise_ratio": 0.5}, prices={"m": [1, 2.5]})
    args = dataclasses.asdict(config)
    validated = RUN_ARGS.validate_python(args)
    assert list(validated) == list(args)
    assert validated == args  # ints stay ints (prices), nothing is coerced
    # through run.json and back, the same keys in the same order
    log = RunLog.model_validate_json(RunLog(args=validated).model_dump_json(exclude_unset=True))
    assert list(log.args) == list(args) and list(log.to_data()["args"]) == list(args)  # type: ignore[arg-type]


def test_agent_usage_as_data_is_its_dump() -> None:
    usage = AgentUsage(tool_calls={"/web/search": 2}, n_tool_calls=2, cost=0.01, over_budget=["tokens"])
    assert usage.as_data() == usage.model_dump()
    assert list(usage.as_data()) == list(usage.model_dump())


def test_score_to_dict_is_its_json_dump() -> None:
    score = Score(
        n=3, accuracy=0.5, hallucination=0.25, missing=0.25, score_a=0.25, ci={"score_a": (0.0, 0.5)}
    )
    dumped = RunLog.model_validate({"summary": score}).to_data()["summary"]
    assert score.to_dict() == dumped
    assert list(score.to_dict()) == list(dumped)


def test_sim_settings_are_the_flags_crag_eval_forwards() -> None:
    from crag_eval.sweep.robustness import SIM_FLAGS

    assert list(SimSettings.__annotations__) == [f.name for f in SIM_FLAGS] + ["admin_token"]
