"""A local stand-in for an OpenAI-compatible endpoint: a real HTTP server (stdlib, on loopback, in a thread)
that speaks the chat-completions protocol with tool calls, for tests (no LLM is reachable here).

Its policy is greedy on purpose: while tools are offered it asks for two tool calls per turn (a web search
for the question and an entity search), so only the harness's budget stops it; without tools it answers
"i don't know". As a judge it labels every undecided answer incorrect and every key point Relevant.
Every reply reports usage (prompt tokens ~ request bytes / 4, 7 completion tokens).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

COMPLETION_TOKENS = 7


class StandIn:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.url = ""
        self.lock = threading.Lock()

    def reply(self, body: dict[str, Any], size: int) -> dict[str, Any]:
        with self.lock:
            self.requests.append(body)
            turn = len(self.requests)
        usage = {"prompt_tokens": size // 4, "completion_tokens": COMPLETION_TOKENS}
        names = {t["function"]["name"] for t in body.get("tools") or []}
        system = next((m["content"] for m in body["messages"] if m["role"] == "system"), "")
        if "key point" in system:  # RAGEval's key-point judge: every point covered
            return self._text(turn, usage, "[[[Relevant]]]")
        if "You grade answers" in system:  # the four-way verdict judge
            return self._text(turn, usage, '{"label": "incorrect", "explanation": "stand-in"}')
        question = next((m["content"] for m in body["messages"] if m["role"] == "user"), "")
        query = question.split("Question: ", 1)[-1]
        if names:
            calls = [("web_search", {"query": query, "k": 5})]
            if "open_search_entity_by_name" in names:
                calls.append(("open_search_entity_by_name", {"query": query[:60]}))
            message: dict[str, Any] = {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": f"call_{turn}_{i}",
                        "type": "function",
                        "function": {"name": n, "arguments": json.dumps(a)},
                    }
                    for i, (n, a) in enumerate(calls)
                ],
            }
        else:
            return self._text(turn, usage, "i don't know")
        return {
            "id": f"cmpl-{turn}",
            "object": "chat.completion",
            "model": body.get("model"),
            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
            "usage": usage,
        }

    def _text(self, turn: int, usage: dict[str, int], text: str) -> dict[str, Any]:
        message = {"role": "assistant", "content": text}
        return {
            "id": f"cmpl-{turn}",
            "object": "chat.completion",
            "model": "standin",
            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
            "usage": usage,
        }


@contextmanager
def serve_standin() -> Iterator[tuple[str, StandIn]]:
    """(base URL ending in /v1, the stand-in with its recorded requests)."""
    standin = StandIn()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def _send(self, status: int, data: Any) -> None:
            raw = json.dumps(data).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)

        def do_GET(self) -> None:
            self._send(200 if self.path == "/v1/models" else 404, {"object": "list", "data": []})

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("content-length") or 0))
            if self.path != "/v1/chat/completions":
                self._send(404, {"error": "not found"})
                return
            self._send(200, standin.reply(json.loads(raw), len(raw)))

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    standin.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", standin
    finally:
        server.shutdown()
        server.server_close()
