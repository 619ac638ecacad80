"""The `openai` model and judge against a local OpenAI-compatible stub (stdlib http.server on loopback)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from crag_eval.files.types import Prediction, Question
from crag_eval.judges.llm import LLMJudge
from crag_eval.llm.client import Endpoint, LLMError, chat
from crag_eval.llm.kvcache import Cache


class Stub:
    """Replies from a script of (status, content), the last entry repeating; records every request."""

    def __init__(self, script: list[tuple[int, str]]) -> None:
        self.script = script
        self.requests: list[dict[str, Any]] = []


def _handler(stub: Stub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            stub.requests.append({"path": self.path, "body": body})
            status, content = stub.script[min(len(stub.requests) - 1, len(stub.script) - 1)]
            if status == 200:
                payload = json.dumps(
                    {"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]}
                )
            else:
                payload = json.dumps({"error": {"message": "slow down"}})
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            if status == 429:
                self.send_header("Retry-After", "0")
            self.end_headers()
            self.wfile.write(payload.encode())

        def log_message(self, *args: object) -> None:
            pass

    return Handler


@pytest.fixture
def stub_server() -> Iterator[tuple[str, Stub]]:
    stub = Stub([(200, "")])
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(stub))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1", stub
    server.shutdown()
    server.server_close()


QUESTION = Question(
    "q1", "which city hosts the louvre?", "03/05/2024, 10:00:00 PT", "paris", ("paris, france",)
)


def test_judge_retries_429_and_reasks_malformed_then_caches(
    stub_server: tuple[str, Stub], tmp_path: Path
) -> None:
    url, stub = stub_server
    stub.script = [
        (429, ""),
        (200, "Sure! The label is perfect."),
        (200, '{"label": "acceptable", "explanation": "ok"}'),
    ]
    judge = LLMJudge(Endpoint(url, "judge-model", "k", backoff_s=0.0), Cache(tmp_path / "cache.sqlite"))
    pred = Prediction("q1", "the french capital, home to many museums")  # rules cannot decide
    verdict = judge.judge(QUESTION, pred)
    assert (verdict.label, verdict.four_way, verdict.reason) == ("correct", "acceptable", "llm")
    assert len(stub.requests) == 3
    sent = stub.requests[-1]["body"]
    assert sent["response_format"] == {"type": "json_object"} and sent["model"] == "judge-model"
    assert "paris, france" in sent["messages"][1]["content"]  # alternatives reach the judge
    assert judge.judge(QUESTION, pred).four_way == "acceptable" and len(stub.requests) == 3  # cached
    assert judge.judge(QUESTION, Prediction("q1", "Paris")).reason == "exact"  # rules first, no call
    assert len(stub.requests) == 3


def test_chat_retries_with_doubling_waits(stub_server: tuple[str, Stub]) -> None:
    """The LLM rule through the shared retry helper: 409/429/5xx retried, waits backoff_s·2^n (recorded,
    not slept); a Retry-After of 0 does not shorten them."""
    url, stub = stub_server
    stub.script = [(409, ""), (503, ""), (429, ""), (200, "Paris")]
    waits: list[float] = []
    assert (
        chat(Endpoint(url, "m", backoff_s=0.5), [{"role": "user", "content": "?"}], sleep=waits.append)
        == "Paris"
    )
    assert waits == [0.5, 1.0, 2.0] and len(stub.requests) == 4


def test_chat_gives_up_after_its_attempts(stub_server: tuple[str, Stub]) -> None:
    url, stub = stub_server
    stub.script = [(502, "")]
    waits: list[float] = []
    endpoint = Endpoint(url, "m", max_attempts=3, backoff_s=1.0)
    with pytest.raises(LLMError, match=r"gave up after 3 attempts \(HTTP 502\)"):
        chat(endpoint, [{"role": "user", "content": "?"}], sleep=waits.append)
    assert waits == [1.0, 2.0] and len(stub.requests) == 3
    stub.script = [(400, "")]  # a client error is final at once
    with pytest.raises(LLMError, match="HTTP 400 from"):
        chat(endpoint, [{"role": "user", "content": "?"}], sleep=waits.append)
    assert len(stub.requests) == 4 and waits == [1.0, 2.0]


def test_judge_failure_is_not_a_hallucination(stub_server: tuple[str, Stub], tmp_path: Path) -> None:
    url, stub = stub_server
    stub.script = [(200, "not json at all")]
    judge = LLMJudge(Endpoint(url, "m", backoff_s=0.0), Cache(None), parse_attempts=2)
    verdict = judge.judge(
        QUESTION, Prediction("q1", "the city of lights, i believe, near the seine river today")
    )
    assert (verdict.label, verdict.reason) == ("failed", "judge-failure")
    assert len(stub.requests) == 2


def test_openai_model_and_judge_in_a_run(
    stub_server: tuple[str, Stub], crag_fixture: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, stub = stub_server
    verdict = '{"label": "incorrect", "explanation": "x"}'
    stub.script = [(429, ""), (200, "Universal Pictures"), (200, verdict)]
    for prefix in ("CRAG_EVAL_MODEL", "CRAG_EVAL_JUDGE"):
        monkeypatch.setenv(f"{prefix}_BASE_URL", url)
        monkeypatch.setenv(f"{prefix}_API_KEY", "test-key")
    monkeypatch.setenv("CRAG_EVAL_JUDGE_MODEL", "judge-a")
    monkeypatch.setenv("CRAG_EVAL_BACKOFF_S", "0")
    monkeypatch.setenv("CRAG_EVAL_CACHE", str(tmp_path / "cache.sqlite"))
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path / "home"))
    from crag_eval.cli import main

    out = tmp_path / "run"
    args = [
        "--task",
        "1",
        "--model",
        "openai",
        "--judge",
        "openai",
        "--data",
        str(crag_fixture),
        "--limit",
        "2",
    ]
    assert main([*args, "--output", str(out)]) == 0
    model_calls = [r for r in stub.requests if r["body"]["model"] == "gpt-4o-mini"]
    assert len(model_calls) == 3  # one 429 retried, then one call per question
    prompt = model_calls[-1]["body"]["messages"][1]["content"]
    assert "Current Time:" in prompt and "# Web" in prompt
    scores = json.loads((out / "scores.json").read_text())
    assert scores["primary"] == "openai:judge-a" and scores["overall"]["openai:judge-a"]["n"] == 2


def test_openai_model_failing_mid_run_is_a_model_error_not_an_idk(
    stub_server: tuple[str, Stub], crag_fixture: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 14: an endpoint that answers 500 used to become "I don't know" with 0 model errors and exit 0."""
    url, stub = stub_server
    stub.script = [(500, "")]
    monkeypatch.setenv("CRAG_EVAL_MODEL_BASE_URL", url)
    monkeypatch.setenv("CRAG_EVAL_MODEL_API_KEY", "test-key")
    monkeypatch.setenv("CRAG_EVAL_BACKOFF_S", "0")
    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path / "home"))
    from crag_eval.cli import main

    out = tmp_path / "run"
    args = ["--task", "1", "--model", "openai", "--data", str(crag_fixture), "--first", "2"]
    assert main([*args, "--output", str(out)]) == 1
    scores = json.loads((out / "scores.json").read_text())
    assert scores["counts"]["model_errors"] == 2
    assert "LLMError" in (out / "errors.jsonl").read_text()
