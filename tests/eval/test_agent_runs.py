"""Agent runs on the tiny world: the reference `openai-agent` against a local stand-in endpoint, a tool client
per question under --max-tool-calls (checked from the server's own journal), tokens, cost, the LLM cache."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from crag_eval.cli import main
from llm_standin import COMPLETION_TOKENS, StandIn, serve_standin

TOKEN = "agent-test-token"
AGENT_CLIENT = "crag-eval-agent"


def standin_url(server: StandIn) -> str:
    return str(server.url)


@pytest.fixture
def standin(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[StandIn]:
    with serve_standin() as (url, server):
        monkeypatch.setenv("CRAG_EVAL_MODEL_BASE_URL", url)
        monkeypatch.setenv("CRAG_EVAL_MODEL_MODEL", "standin")
        monkeypatch.setenv("CRAG_EVAL_MODEL_API_KEY", "")
        monkeypatch.setenv("CRAG_EVAL_LLM_CACHE", str(tmp_path / "llm-cache.sqlite"))
        yield server


def _journal(url: str) -> list[dict[str, object]]:
    r = httpx.get(
        f"{url}/admin/journal",
        params={"since": 0, "limit": 100000},
        headers={"authorization": f"Bearer {TOKEN}"},
    )
    r.raise_for_status()
    return list(r.json()["entries"])


def test_a_tool_budget_of_three_is_never_exceeded_and_the_report_shows_calls_tokens_cost(
    tiny_world: Path,
    tmp_path: Path,
    standin: StandIn,
    serve_world: Callable[..., str],
) -> None:
    url = serve_world(tiny_world, task=2, admin_token=TOKEN, trust_client_id=True)
    out = tmp_path / "run"
    args = ["--task", "2", "--model", "openai-agent", "--data", str(tiny_world), "--server", url]
    args += ["--admin-token", TOKEN, "--first", "6", "--max-tool-calls", "3", "--prices", "standin=1/2"]
    assert main([*args, "--output", str(out)]) == 0
    questions = [
        json.loads(line)["interaction_id"] for line in (out / "questions.jsonl").read_text().splitlines()
    ]
    calls = Counter(e["interaction_id"] for e in _journal(url) if e["client"] == AGENT_CLIENT)
    # the greedy stand-in asks for two tools a turn forever: only the budget stops it, at exactly 3
    assert {q: calls[q] for q in questions} == {q: 3 for q in questions}
    scores = json.loads((out / "scores.json").read_text())
    agent = scores["agent"]
    assert agent["questions"] == 6 and agent["max_tool_calls_seen"] == 3 and agent["refused_calls"] == 6
    assert set(agent["tool_calls_by_tool"]) == {"/web/search", "/open/search_entity_by_name"}
    row = agent["per_question"][0]
    assert row["journal_calls"] == 3 and row["output_tokens"] == 3 * COMPLETION_TOKENS  # 2 tool turns + final
    assert row["cost"] == pytest.approx((row["input_tokens"] * 1 + row["output_tokens"] * 2) / 1e6)
    assert agent["cost_total"] == pytest.approx(sum(r["cost"] for r in agent["per_question"]), abs=1e-6)
    assert agent["score_a_by_calls"] == [{"bucket": "3", "n": 6, "score_a": 0.0}]
    report = (out / "report.md").read_text()
    assert "## Agent: tool calls, tokens, cost" in report and "## Score_a against tool calls" in report
    assert "/web/search 6" in report or "/web/search" in report
    # the agent's searches are its ranked retrieval
    assert scores["retrieval"]["ranked"] > 0


def test_the_llm_cache_makes_a_rerun_free(tiny_world: Path, tmp_path: Path, standin: StandIn) -> None:
    args = ["--task", "1", "--model", "openai-agent", "--data", str(tiny_world), "--first", "3"]
    args += ["--max-tool-calls", "2", "--llm-cache", "--prices", "standin=1/2"]
    assert main([*args, "--output", str(tmp_path / "a")]) == 0
    asked = len(standin.requests)
    assert asked > 0
    assert main([*args, "--output", str(tmp_path / "b")]) == 0
    assert len(standin.requests) == asked  # every call answered from the cache
    b = json.loads((tmp_path / "b" / "scores.json").read_text())["agent"]
    assert b["cached_llm_calls"] == b["llm_calls"] > 0 and b["cost_total"] == 0
    # in-process server: the harness turns its journal on for --max-tool-calls
    rows = [json.loads(line) for line in (tmp_path / "a" / "predictions.jsonl").read_text().splitlines()]
    assert all(r["agent"]["journal_calls"] == 2 for r in rows)
    run = json.loads((tmp_path / "b" / "run.json").read_text())
    assert run["llm_endpoints"] == [{"base_url": standin.url.rstrip("/"), "model": "standin"}]


def test_the_llm_cache_never_replays_another_endpoints_answers(
    tiny_world: Path,
    tmp_path: Path,
    standin: StandIn,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    args = ["--task", "1", "--model", "openai-agent", "--data", str(tiny_world), "--first", "2"]
    args += ["--max-tool-calls", "2", "--llm-cache"]
    assert main([*args, "--output", str(tmp_path / "a")]) == 0
    with serve_standin() as (other_url, other):  # the same model name served by another endpoint
        monkeypatch.setenv("CRAG_EVAL_MODEL_BASE_URL", other_url)
        assert main([*args, "--output", str(tmp_path / "b")]) == 0
        assert len(other.requests) > 0  # asked, not replayed from the first endpoint's cached answers
    run = json.loads((tmp_path / "b" / "run.json").read_text())
    assert run["llm_endpoints"] == [{"base_url": other_url.rstrip("/"), "model": "standin"}]


def test_an_answer_over_the_token_budget_is_withdrawn(
    tiny_world: Path, tmp_path: Path, standin: StandIn
) -> None:
    args = ["--task", "1", "--model", "openai-agent", "--data", str(tiny_world), "--first", "2"]
    assert main([*args, "--max-tokens", "10", "--output", str(tmp_path / "r")]) == 0
    rows = [json.loads(line) for line in (tmp_path / "r" / "predictions.jsonl").read_text().splitlines()]
    assert all(r["agent"]["over_budget"] == ["tokens"] and r["prediction"] == "" for r in rows)


def test_key_points_asked_of_the_llm_judge_and_its_tokens_recorded(
    tiny_world: Path,
    tmp_path: Path,
    standin: StandIn,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = tmp_path / "run"
    assert (
        main(
            [
                "--task",
                "1",
                "--model",
                "oracle",
                "--data",
                str(tiny_world),
                "--first",
                "8",
                "--output",
                str(out),
            ]
        )
        == 0
    )
    rules = json.loads((out / "scores.json").read_text())["key_points"]
    assert rules["judge"] == "rules" and rules["completeness"] == 1.0
    monkeypatch.setenv("CRAG_EVAL_JUDGE_BASE_URL", standin.url)
    monkeypatch.setenv("CRAG_EVAL_JUDGE_MODEL", "standin")
    monkeypatch.setenv("CRAG_EVAL_CACHE", str(tmp_path / "judge-cache.sqlite"))
    assert main(["score", str(out), "--judge", "openai"]) == 0
    scores = json.loads((out / "scores.json").read_text())
    kp = scores["key_points"]
    asked = [r for r in standin.requests if "key point" in r["messages"][0]["content"]]
    assert kp["judge"] == "openai:standin" and kp["key_points"] == rules["key_points"] == len(asked) > 0
    assert kp["completeness"] == 1.0 and kp["llm_failures"] == 0  # the stand-in says Relevant to every point
    assert kp["usage"]["llm_calls"] == len(asked) and kp["usage"]["input_tokens"] > 0
