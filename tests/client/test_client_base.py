"""The IO-free base: URLs, request building, retry decisions, error mapping and messages."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime

import pytest
from crag_client import (
    BadRequestError,
    Client,
    CragStatusError,
    ForbiddenError,
    NotFoundError,
    RateLimitError,
    ResponseCache,
    RetryPolicy,
    ServerError,
    ValidationError,
)
from crag_client._base import BaseClient, join_url, resolve_base_url
from crag_client._cache import cache_key
from crag_client._errors import make_status_error
from crag_client._retry import is_retryable_status, parse_retry_after


@pytest.mark.parametrize(
    ("base", "path", "expected"),
    [
        ("http://h:1", "/a/b", "http://h:1/a/b"),
        ("http://h:1/", "/a/b", "http://h:1/a/b"),
        ("http://h:1//", "a/b", "http://h:1/a/b"),
        ("http://h:1/prefix/", "/a", "http://h:1/prefix/a"),
    ],
)
def test_join_url_never_doubles_slashes(base: str, path: str, expected: str) -> None:
    assert join_url(base, path) == expected


def test_base_url_precedence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CRAG_SERVER", raising=False)
    monkeypatch.delenv("CRAG_MOCK_API_URL", raising=False)
    assert resolve_base_url() == "http://127.0.0.1:8000"
    monkeypatch.setenv("CRAG_MOCK_API_URL", "http://mock:2")
    assert resolve_base_url() == "http://mock:2"
    monkeypatch.setenv("CRAG_SERVER", "http://server:1")
    assert resolve_base_url() == "http://server:1"
    assert resolve_base_url("http://arg:3") == "http://arg:3"
    assert Client().base_url == "http://server:1"


def test_build_sets_headers_and_body() -> None:
    base = BaseClient("http://h:1/", interaction_id="q-1")
    spec = base._build("/music/get_billboard_rank_date", {"rank": 1, "date": None})
    assert spec.url == "http://h:1/music/get_billboard_rank_date"
    assert json.loads(spec.content or b"") == {"rank": 1, "date": None}
    assert spec.headers["content-type"] == "application/json"
    assert spec.headers["accept"] == "application/json"
    assert spec.headers["X-Interaction-Id"] == "q-1"
    with base.interaction("q-2"):
        assert base._build("/x", {}).headers["X-Interaction-Id"] == "q-2"
    assert base._build("/x", {}).headers["X-Interaction-Id"] == "q-1"
    no_body = base._build("/music/grammy_get_all_awarded_artists", None, send_body=False)
    assert no_body.content is None and "content-type" not in no_body.headers


def test_body_with_nan_is_refused_before_sending() -> None:
    with pytest.raises(ValueError):
        BaseClient("http://h")._build("/x", {"query": float("nan")})


def test_cache_key_is_canonical() -> None:
    assert cache_key("/a", {"x": 1, "y": None}) == cache_key("/a", {"y": None, "x": 1})
    assert cache_key("/a", {"x": 1}) != cache_key("/b", {"x": 1})
    assert cache_key("/a", {"x": 1}) != cache_key("/a", {"x": "1"})


def test_response_cache_is_lru() -> None:
    cache = ResponseCache(maxsize=2)
    cache.put("a", b"1")
    cache.put("b", b"2")
    assert cache.get("a") == b"1"
    cache.put("c", b"3")  # evicts b, the least recently used
    assert cache.get("b") is None
    assert (cache.get("a"), cache.get("c")) == (b"1", b"3")
    assert (cache.hits, cache.misses, len(cache)) == (3, 1, 2)


@pytest.mark.parametrize("status", [408, 429, 500, 502, 503, 504, 599])
def test_retryable_statuses(status: int) -> None:
    assert is_retryable_status(status)


@pytest.mark.parametrize("status", [200, 400, 401, 403, 404, 405, 409, 413, 422])
def test_non_retryable_statuses(status: int) -> None:
    assert not is_retryable_status(status)


def test_backoff_is_capped_full_jitter_and_seeded() -> None:
    policy = RetryPolicy(max_attempts=10, backoff_base=0.5, backoff_cap=3.0, rng=random.Random(7))
    waits = [policy.backoff(n) for n in range(1, 9)]
    ceilings = [min(3.0, 0.5 * 2 ** (n - 1)) for n in range(1, 9)]
    assert all(0.0 <= w <= c for w, c in zip(waits, ceilings, strict=True))
    again = RetryPolicy(max_attempts=10, backoff_base=0.5, backoff_cap=3.0, rng=random.Random(7))
    assert [again.backoff(n) for n in range(1, 9)] == waits
    assert len(set(waits)) == len(waits)  # jittered, not fixed steps


def test_status_delay_decisions() -> None:
    policy = RetryPolicy(max_attempts=3, rng=random.Random(1), max_retry_after=10)
    assert policy.status_delay(1, 200, None) is None
    assert policy.status_delay(1, 422, "5") is None
    assert policy.status_delay(1, 429, "4") == 4.0
    assert policy.status_delay(1, 503, "120") == 10  # capped by max_retry_after
    assert policy.status_delay(3, 503, None) is None  # out of attempts
    with pytest.raises(ValueError):
        RetryPolicy(max_attempts=0)


def test_parse_retry_after() -> None:
    now = datetime(2024, 3, 1, 12, 0, 0, tzinfo=timezone.utc)
    assert parse_retry_after("3") == 3.0
    assert parse_retry_after(" 1.5 ") == 1.5
    assert parse_retry_after("-4") == 0.0
    http_date = format_datetime(now + timedelta(seconds=30), usegmt=True)
    assert parse_retry_after(http_date, now=lambda: now) == pytest.approx(30.0)
    past = format_datetime(now - timedelta(seconds=30), usegmt=True)
    assert parse_retry_after(past, now=lambda: now) == 0.0
    assert parse_retry_after("soon") is None
    assert parse_retry_after("") is None
    assert parse_retry_after(None) is None


@pytest.mark.parametrize(
    ("status", "cls"),
    [
        (400, BadRequestError),
        (403, ForbiddenError),
        (404, NotFoundError),
        (422, ValidationError),
        (429, RateLimitError),
        (500, ServerError),
        (503, ServerError),
        (409, CragStatusError),
    ],
)
def test_status_errors_by_code(status: int, cls: type[CragStatusError]) -> None:
    err = make_status_error("POST", "/p", status, "Reason", {"detail": "bad thing"})
    assert type(err) is cls
    assert err.status == status and err.path == "/p" and err.body == {"detail": "bad thing"}
    assert str(err).startswith(f"POST /p failed with {status} Reason: bad thing (")
    assert isinstance(err, CragStatusError)


def test_validation_error_message_names_the_field() -> None:
    body = {
        "detail": [{"type": "string_type", "loc": ["body", "query"], "msg": "Input should be a valid string"}]
    }
    err = make_status_error("POST", "/movie/get_year_info", 422, "Unprocessable Entity", body)
    assert isinstance(err, BadRequestError)
    assert "query: Input should be a valid string" in str(err)
    assert "fix the argument types" in str(err)
