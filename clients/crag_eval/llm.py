"""A small client for any OpenAI-compatible chat-completions endpoint, shared by the `openai` model and judge.

Plain httpx (a core dependency), so the LLM paths work without the optional `openai` package. Retries through
crag_client's retry helper: doubling waits (no jitter, 30 s cap) on connection errors, 408, 409, 429 and 5xx;
a longer Retry-After lengthens the wait (same cap).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
from crag_client._retry import RetryPolicy, send_with_retries

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


def chat(
    endpoint: Endpoint,
    messages: list[dict[str, str]],
    *,
    json_mode: bool = False,
    max_tokens: int | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> str:
    """The assistant's text for one chat-completions request (temperature 0); `sleep` waits between tries."""
    body: dict[str, Any] = {"model": endpoint.model, "messages": messages, "temperature": 0.0}
    if json_mode:
        body["response_format"] = {"type": "json_object"}
    if max_tokens:
        body["max_tokens"] = max_tokens
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
        return str(response.json()["choices"][0]["message"]["content"] or "")
    except (ValueError, KeyError, IndexError, TypeError):
        raise LLMError(f"not a chat-completions reply from {url}: {response.text[:200]}") from None
