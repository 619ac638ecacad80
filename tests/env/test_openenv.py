"""`crag-mock env` driven by openenv-core's own client on the tiny world (real uvicorn on loopback): an
episode of reset, three tool steps and a final answer whose reward is the rules judge's; WebSocket sessions
that share nothing; seeded draws; the tool budget; the plain HTTP routes; bad input."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from crag_eval.files.questions import load_world_questions
from crag_eval.files.types import FOUR_WAY_VALUE, Prediction, Question
from crag_eval.judges.rules import RulesJudge

from mockapi.config.settings import Settings
from mockapi.env.app import create_env_app
from mockapi.env.episode import Budget
from mockapi.process.loopback import serve_in_thread

if TYPE_CHECKING:
    from openenv.core import SyncEnvClient

Observation = dict[str, Any]


def connect(url: str) -> SyncEnvClient[Observation, Observation, Observation]:
    """openenv's own client of our server. Imported here, not at the top: openenv.core loads gradio, 10 CPU-s
    that every xdist worker would spend collecting this file though only one runs it (load 18, at 66c0ce5)."""
    from openenv.core import GenericEnvClient

    return GenericEnvClient(base_url=url).sync()


@pytest.fixture(scope="module")
def env_url(tiny_world: Path) -> Iterator[str]:
    app = create_env_app(Settings(world=tiny_world), Budget(max_tool_calls=4), max_concurrent_envs=2)
    with serve_in_thread(app) as url:
        yield url


@pytest.fixture(scope="module")
def questions(tiny_world: Path) -> dict[str, Question]:
    return {q.interaction_id: q for q in load_world_questions(tiny_world)}


def rules_reward(question: Question, answer: str) -> float:
    verdict = RulesJudge().judge(question, Prediction(question.interaction_id, answer))
    return FOUR_WAY_VALUE[verdict.four_way or "incorrect"]


def tool(name: str, **arguments: Any) -> dict[str, Any]:
    return {"tool": name, "arguments": arguments}


def test_an_episode_scores_the_answer_as_the_rules_judge(
    env_url: str, questions: dict[str, Question]
) -> None:
    with connect(env_url) as env:
        start = env.reset(seed=7)
        first = start.observation
        question = questions[first["interaction_id"]]
        assert (first["question"], first["query_time"]) == (question.query, question.query_time)
        assert {"web_search", "web_get_page", "finance_get_info"} <= set(first["tools"]) and not start.done

        searched = env.step(tool("web_search", query=question.query, k=3)).observation
        pages = searched["result"]["result"]
        assert len(pages) == 3 and all(p["page_result"] is None for p in pages)  # no HTML unless asked
        page = env.step(tool("web_get_page", url=pages[0]["page_url"])).observation["result"]["result"]
        assert page["page_url"] == pages[0]["page_url"] and page["page_result"]
        kg = env.step(tool("finance_get_info", query="zzzz")).observation
        assert kg["result"] == {"result": None} and kg["tool_calls_left"] == 1

        final = env.step({"answer": question.answer})
        assert final.done and final.reward == rules_reward(question, question.answer) == 1.0
        assert final.observation["judgement"] == "perfect"
        state = env.state()
        assert (state["step_count"], state["tool_calls"], state["done"]) == (4, 3, True)


def test_a_wrong_answer_scores_as_the_rules_judge(env_url: str, questions: dict[str, Question]) -> None:
    with connect(env_url) as env:
        question = questions[env.reset(seed=11).observation["interaction_id"]]
        wrong = "the year 1642 and 77 million"
        final = env.step({"answer": wrong})
        assert final.done and final.reward == rules_reward(question, wrong)
        assert env.step({"answer": question.answer}).observation["error"]  # the episode is over


def test_two_sessions_share_no_state(env_url: str) -> None:
    with connect(env_url) as a, connect(env_url) as b:
        qa = a.reset(seed=1).observation["interaction_id"]
        qb = b.reset(seed=2).observation["interaction_id"]
        assert qa != qb
        a.step(tool("web_search", query="points"))
        a.step({"answer": "i don't know"})
        sa, sb = a.state(), b.state()
        assert (sa["interaction_id"], sa["step_count"], sa["done"]) == (qa, 2, True)
        assert (sb["interaction_id"], sb["step_count"], sb["done"]) == (qb, 0, False)
        assert b.step(tool("web_search", query="points")).observation["tool_calls_left"] == 3


def test_the_same_seed_draws_the_same_question(env_url: str) -> None:
    with connect(env_url) as a, connect(env_url) as b:
        assert a.reset(seed=5).observation["question"] == b.reset(seed=5).observation["question"]


def test_sessions_past_max_concurrent_envs_are_refused(env_url: str) -> None:
    with connect(env_url) as a, connect(env_url) as b:
        a.reset(seed=1), b.reset(seed=2)
        third = connect(env_url)
        with pytest.raises(RuntimeError, match="CAPACITY_REACHED"):
            third.reset(seed=3)
        third.close()


def test_the_tool_budget_refuses_then_ends_the_episode(env_url: str) -> None:
    with connect(env_url) as env:
        env.reset(seed=3)
        for _ in range(4):
            assert env.step(tool("web_search", query="team")).observation["error"] is None
        refused = env.step(tool("web_search", query="team"))
        assert "budget" in refused.observation["error"] and not refused.done
        ended = env.step(tool("web_search", query="team"))
        assert ended.done and ended.reward == 0.0 and ended.observation["judgement"] == "missing"


def test_unknown_tools_and_bad_actions(env_url: str) -> None:
    with connect(env_url) as env:
        env.reset(seed=3)
        assert "no tool 'nope'" in env.step(tool("nope")).observation["error"]
        bad = env.step(tool("web_search", k=99)).observation
        assert bad["error"].startswith("HTTP 422") and bad["result"]["detail"]
        with pytest.raises(RuntimeError, match="VALIDATION_ERROR"):
            env.step({"tool": "web_search", "answer": "both"})


def test_plain_http_reset_step_state_schema(env_url: str, questions: dict[str, Question]) -> None:
    with httpx.Client(base_url=env_url, timeout=60) as http:
        assert http.get("/health").json() == {"status": "healthy"}
        assert set(http.get("/schema").json()) == {"action", "observation", "state"}
        start = http.post("/reset", json={"seed": 7, "episode_id": "e1"}).json()
        question = questions[start["observation"]["interaction_id"]]
        step = {"episode_id": "e1", "action": {"answer": question.answer}}
        assert http.post("/step", json=step).json()["reward"] == 1.0
        assert http.get("/state", params={"episode_id": "e1"}).json()["done"] is True
        bad = http.post("/step", json={"episode_id": "e1", "action": {"tool": 3}})
        assert bad.status_code == 422 and bad.json()["detail"][0]["loc"][:2] == ["body", "action"]
        assert http.post("/reset", json={"interaction_id": "no-such-id"}).status_code == 404


def test_cli_without_a_world_is_a_one_line_error(tmp_path: Path) -> None:
    run = [sys.executable, "-m", "mockapi.cli", "env", "--data", str(tmp_path / "none")]
    done = subprocess.run(run, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stderr.startswith("crag-mock env: error: no complete world")
