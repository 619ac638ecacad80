"""A small client for any OpenAI-compatible chat-completions endpoint, shared by the `openai` model and judge.

Plain httpx (a core dependency), so the LLM paths work without the optional `openai` package. Retries through
crag_client's retry helper: doubling waits (no jitter, 30 s cap) on connection errors, 408, 409, 429 and 5xx;
a longer Retry-After lengthens the wait (same cap).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from crag_client._retry import RetryPolicy, send_with_retries
from pydantic import JsonValue
from typing_extensions import Required, TypedDict

from crag_eval.files.records import LLMUsageCounts

RETRY_STATUSES = frozenset({408, 409, 429})  # besides every 5xx; 409 as OpenAI's own SDK does
MAX_WAIT_S = 30.0


class LLMError(Exception):
    """The endpoint could not give an answer (after retries) or answered something unusable."""


@dataclass(frozen=True)
class Endpoint:
    """Where and how to call: base URL (…/v1), model name, API key."""

    base_url: str
    model: str
    api_key: str = ""
    timeout_s: float = 60.0
    max_attempts: int = 5
    backoff_s: float = 1.0

    @classmethod
    def from_env(cls, prefix: str, default_model: str) -> Endpoint:
        """`{prefix}_BASE_URL`, `{prefix}_MODEL`, `{prefix}_API_KEY`, else the OPENAI_* variables."""
        env = os.environ
        return cls(
            base_url=env.get(f"{prefix}_BASE_URL")
            or env.get("OPENAI_BASE_URL")
            or "https://api.openai.com/v1",
            model=env.get(f"{prefix}_MODEL") or default_model,
            api_key=env.get(f"{prefix}_API_KEY") or env.get("OPENAI_API_KEY") or "",
            backoff_s=float(env.get("CRAG_EVAL_BACKOFF_S", "1.0")),
        )

    def retry_policy(self) -> RetryPolicy:
        """This endpoint's retries: `backoff_s`, doubled per attempt, capped (with Retry-After) at 30 s."""
        return RetryPolicy(
            max_attempts=self.max_attempts,
            backoff_base=self.backoff_s,
            backoff_cap=MAX_WAIT_S,
            max_retry_after=MAX_WAIT_S,
            jitter=False,
            backoff_is_floor=True,
            statuses=RETRY_STATUSES,
        )


def check_endpoint(endpoint: Endpoint, prefix: str, what: str) -> None:
    """Fail before question 1 with one line saying what to set: no key for api.openai.com, nothing listening
    at the base URL, or a key the endpoint refuses. Any other answer (even 404 on /models) counts as
    reachable."""
    from mockapi.core.user_error import UserError

    where = f"{prefix}_BASE_URL (else OPENAI_BASE_URL)"
    if not endpoint.api_key and "api.openai.com" in endpoint.base_url:
        raise UserError(
            f"{what} needs an API key: set {prefix}_API_KEY or OPENAI_API_KEY "
            f"(or {where} for a local OpenAI-compatible server)"
        )
    headers = {"Authorization": f"Bearer {endpoint.api_key}"} if endpoint.api_key else {}
    url = endpoint.base_url.rstrip("/") + "/models"
    try:
        response = httpx.get(url, headers=headers, timeout=min(endpoint.timeout_s, 10.0))
    except httpx.TransportError as exc:
        raise UserError(
            f"{what} cannot reach {endpoint.base_url} ({exc.__class__.__name__}); "
            f"start that server or set {where}"
        ) from None
    if response.status_code in (401, 403):
        raise UserError(
            f"{what}: {endpoint.base_url} refused the API key (HTTP {response.status_code}); "
            f"set {prefix}_API_KEY or OPENAI_API_KEY"
        )


class ToolFunction(TypedDict):
    name: str
    arguments: str
    """The arguments as a JSON text."""


class ToolCall(TypedDict, total=False):
    id: str
    type: str
    function: ToolFunction


class ChatMessage(TypedDict, total=False):
    """One message of a chat-completions conversation (the keys this package sends and reads)."""

    role: Required[str]
    content: str | None
    tool_calls: list[ToolCall]
    tool_call_id: str


class FunctionSpec(TypedDict):
    name: str
    description: str
    parameters: dict[str, JsonValue]
    """The arguments' JSON Schema."""


class ChatTool(TypedDict):
    type: str
    function: FunctionSpec


class ChatRequest(TypedDict, total=False):
    """A chat-completions request body (`model` is set by the endpoint)."""

    model: str
    messages: Required[list[ChatMessage]]
    tools: list[ChatTool]
    temperature: float
    max_tokens: int
    response_format: dict[str, str]


class Choice(TypedDict):
    message: ChatMessage


class TokenCounts(TypedDict, total=False):
    prompt_tokens: int | None
    completion_tokens: int | None


class ChatReply(TypedDict, total=False):
    """A chat-completions reply: what this package reads of it (checked to have a first choice's message)."""

    choices: Required[list[Choice]]
    usage: TokenCounts | None


@dataclass
class LLMUsage:
    """Tokens and calls of some chat-completions requests (what a model reports in its answer's `usage`)."""

    model: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    llm_calls: int = 0
    cached_calls: int = 0
    """Answered from the system-under-test cache: no tokens paid, none counted."""

    def add(self, reply: ChatReply, model: str, cached: bool = False) -> None:
        self.model = self.model or model
        self.llm_calls += 1
        if cached:
            self.cached_calls += 1
            return
        usage = reply.get("usage") or {}
        self.input_tokens += int(usage.get("prompt_tokens") or 0)
        self.output_tokens += int(usage.get("completion_tokens") or 0)

    def as_dict(self) -> LLMUsageCounts:
        return {
            "model": self.model,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "llm_calls": self.llm_calls,
            "cached_calls": self.cached_calls,
        }


@dataclass
class _SutCache:
    store: Any  # crag_eval.llm.kvcache.Cache
    namespace: str


_SUT_CACHE: list[_SutCache] = []  # the run's cache of the system under test's calls, when --llm-cache is on
_SUT_ENDPOINTS: dict[
    tuple[str, str], None
] = {}  # (base URL, model) the run's calls went to, in first-use order


def use_sut_cache(store: Any | None, namespace: str = "") -> None:
    """Cache (or stop caching, with None) the system under test's LLM calls, keyed by endpoint, model,
    parameters and messages, and `namespace` (the question set: its world's content hash)."""
    _SUT_CACHE.clear()
    _SUT_ENDPOINTS.clear()
    if store is not None:
        _SUT_CACHE.append(_SutCache(store, namespace))


def take_sut_endpoints(before: list[dict[str, str]] | None) -> list[dict[str, str]] | None:
    """`before` (a resumed run's record) and the endpoints the system under test's calls went to since
    the last take, as run.json `llm_endpoints`; None when no call was made."""
    seen = [(e["base_url"], e["model"]) for e in before or []]
    seen += [key for key in _SUT_ENDPOINTS if key not in seen]
    _SUT_ENDPOINTS.clear()
    return [{"base_url": url, "model": model} for url, model in seen] or None


def default_llm_cache() -> Any:
    """`$CRAG_EVAL_LLM_CACHE` (a file), else llm-cache.sqlite beside the worlds (beside the judge's cache)."""
    from crag_eval.llm.kvcache import Cache
    from mockapi.core.paths import data_root

    env = os.environ.get("CRAG_EVAL_LLM_CACHE")
    return Cache(Path(env) if env else data_root() / "llm-cache.sqlite")


def complete(
    endpoint: Endpoint,
    body: ChatRequest,
    *,
    usage: LLMUsage | None = None,
    cacheable: bool = False,
    sleep: Callable[[float], None] = time.sleep,
) -> ChatReply:
    """The decoded reply of one chat-completions request (`body` without the model, which the endpoint
    sets); usage is added to `usage`. `cacheable`: the system under test's call, served from and stored in
    the --llm-cache when one is on (a judge's calls have their own cache)."""
    body = {"model": endpoint.model, **body}  # the model first, as the requests have always been sent
    url = endpoint.base_url.rstrip("/")
    if cacheable:
        _SUT_ENDPOINTS[url, endpoint.model] = None
    cache = _SUT_CACHE[0] if cacheable and _SUT_CACHE else None
    # the endpoint too: another server's (or deployment's) answers to the same body are not this one's
    key = (
        hashlib.sha256(json.dumps([cache.namespace, url, body], sort_keys=True).encode()).hexdigest()
        if cache
        else ""
    )
    if cache is not None and (hit := cache.store.get(key)) is not None:
        if usage is not None:
            usage.add(hit, endpoint.model, cached=True)
        cached: ChatReply = hit  # a reply this function stored
        return cached
    reply = _post(endpoint, body, sleep)
    if usage is not None:
        usage.add(reply, endpoint.model)
    if cache is not None:
        cache.store.put(key, reply)
    return reply


def _post(endpoint: Endpoint, body: ChatRequest, sleep: Callable[[float], None]) -> ChatReply:
    headers = {"Authorization": f"Bearer {endpoint.api_key}"} if endpoint.api_key else {}
    url = endpoint.base_url.rstrip("/") + "/chat/completions"
    policy = endpoint.retry_policy()
    gave_up = f"gave up after {endpoint.max_attempts} attempts"
    try:
        response = send_with_retries(
            lambda: httpx.post(url, json=body, headers=headers, timeout=endpoint.timeout_s), policy, sleep
        )
    except httpx.TransportError as exc:
        raise LLMError(f"{gave_up} (connection error: {exc.__class__.__name__}) at {url}") from None
    if policy.retries_status(response.status_code):
        raise LLMError(f"{gave_up} (HTTP {response.status_code}) at {url}")
    if response.status_code >= 400:
        raise LLMError(f"HTTP {response.status_code} from {url}: {response.text[:200]}")
    try:
        reply: ChatReply = response.json()
        reply["choices"][0]["message"]
    except (ValueError, KeyError, IndexError, TypeError):
        raise LLMError(f"not a chat-completions reply from {url}: {response.text[:200]}") from None
    return reply


def chat(
    endpoint: Endpoint,
    messages: list[ChatMessage],
    *,
    json_mode: bool = False,
    max_tokens: int | None = None,
    sleep: Callable[[float], None] = time.sleep,
    usage: LLMUsage | None = None,
    cacheable: bool = False,
) -> str:
    """The assistant's text for one chat-completions request (temperature 0); `sleep` waits between tries."""
    body: ChatRequest = {"messages": messages, "temperature": 0.0}
    if json_mode:
        body["response_format"] = {"type": "json_object"}
    if max_tokens:
        body["max_tokens"] = max_tokens
    reply = complete(endpoint, body, usage=usage, cacheable=cacheable, sleep=sleep)
    return str(reply["choices"][0]["message"].get("content") or "")
