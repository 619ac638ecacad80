"""The IO-free core shared by `Client`, `AsyncClient` and `CRAG`: configuration, request building, URL
joining, the error for a transport failure that outlasted the retries, and response decoding. No sockets
here; the sync and async layers only move bytes through the retry loop of `_retry`."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, TypeVar

import httpx
import orjson
from pydantic import TypeAdapter
from pydantic import ValidationError as PydanticValidationError

from ._cache import ResponseCache, cache_key
from ._errors import (
    CragConnectionError,
    CragError,
    CragTimeoutError,
    ResponseDecodeError,
    ResponseValidationError,
    make_status_error,
)
from ._retry import RetryPolicy

DEFAULT_BASE_URL = "http://127.0.0.1:8000"
DEFAULT_TIMEOUT = httpx.Timeout(30.0, connect=5.0)
"""30 s to read (a full-scale price history or 50 HTML pages is large), 5 s to connect."""
INTERACTION_HEADER = "X-Interaction-Id"
USER_AGENT = "crag-client/0.1"

_UNSET: Any = object()


T = TypeVar("T")


def resolve_base_url(base_url: str | None = None) -> str:
    """The argument, else `$CRAG_SERVER`, else `$CRAG_MOCK_API_URL`, else http://127.0.0.1:8000."""
    for candidate in (base_url, os.environ.get("CRAG_SERVER"), os.environ.get("CRAG_MOCK_API_URL")):
        if candidate:
            return candidate
    return DEFAULT_BASE_URL


def join_url(base_url: str, path: str) -> str:
    """`base_url` + `path` with exactly one slash between them (a prefix path in the base URL is kept)."""
    return base_url.rstrip("/") + "/" + path.lstrip("/")


def encode_body(body: Any) -> bytes:
    """JSON bytes as `requests`' `json=` sends them (NaN refused, so a bad float fails here, not remotely)."""
    return json.dumps(body, allow_nan=False).encode("utf-8")


@lru_cache(maxsize=256)
def _adapter(result_type: Any) -> TypeAdapter[Any]:
    return TypeAdapter(result_type)


def validate_result(result: Any, result_type: Any) -> Any:
    """`result` validated as `result_type` (a pydantic model, a typing alias, or `Any` for as-is)."""
    if result_type is Any:
        return result
    return _adapter(result_type).validate_python(result)


class ResultType(Generic[T]):
    """A route's result type, checked by mypy at the call site and validated by pydantic on the way in.

    Declared once per resource module (`_PRICES: ResultType[dict[str, OHLCV] | None] = ResultType(...)`) so
    a method's return type and what it validates are the same expression; the pydantic adapter is built on
    first use (shared through `_adapter`'s cache), keeping `import crag_client` cheap."""

    __slots__ = ("type",)

    def __init__(self, result_type: Any) -> None:
        self.type = result_type

    def validate(self, result: Any) -> T:
        value: T = validate_result(result, self.type)
        return value


@dataclass(frozen=True)
class RequestSpec:
    """Everything needed to send one request, and to describe it in an error message."""

    method: str
    path: str
    url: str
    content: bytes | None
    headers: dict[str, str]
    cache_key: str

    def describe(self) -> str:
        """'POST /path' for messages."""
        return f"{self.method} {self.path}"


class BaseClient:
    """Configuration and every decision that does not need IO."""

    def __init__(
        self,
        base_url: str | None = None,
        *,
        timeout: float | httpx.Timeout | None = _UNSET,
        max_attempts: int = 3,
        retry: RetryPolicy | None = None,
        cache: bool | ResponseCache = False,
        interaction_id: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.base_url = resolve_base_url(base_url).rstrip("/")
        self.timeout = DEFAULT_TIMEOUT if timeout is _UNSET else httpx.Timeout(timeout)
        self.retry = retry if retry is not None else RetryPolicy(max_attempts=max_attempts)
        if isinstance(cache, ResponseCache):
            self.cache: ResponseCache | None = cache
        else:
            self.cache = ResponseCache() if cache else None
        self._default_headers = {"accept": "application/json", "user-agent": USER_AGENT, **(headers or {})}
        self._interaction: ContextVar[str | None] = ContextVar(f"crag_interaction_{id(self)}", default=None)
        self._default_interaction = interaction_id

    @property
    def interaction_id(self) -> str | None:
        """The id sent as `X-Interaction-Id` right now (from `interaction()` or the constructor)."""
        return self._interaction.get() or self._default_interaction

    @contextlib.contextmanager
    def interaction(self, interaction_id: str | None) -> Iterator[None]:
        """Send `X-Interaction-Id: <interaction_id>` on every call inside the block (per thread / task)."""
        token = self._interaction.set(interaction_id)
        try:
            yield
        finally:
            self._interaction.reset(token)

    def _build(self, path: str, body: Any, *, send_body: bool = True) -> RequestSpec:
        headers = dict(self._default_headers)
        if self.interaction_id:
            headers[INTERACTION_HEADER] = self.interaction_id
        content = encode_body(body) if send_body else None
        if content is not None:
            headers["content-type"] = "application/json"
        key = cache_key(path, body if send_body else None)
        return RequestSpec("POST", path, join_url(self.base_url, path), content, headers, key)

    def _transport_error(self, spec: RequestSpec, exc: httpx.TransportError) -> CragError:
        """Our error for a connection error or timeout that outlasted every attempt of the retry policy."""
        attempts = self.retry.max_attempts
        tries = f"after {attempts} attempt{'s' if attempts > 1 else ''}"
        if isinstance(exc, httpx.TimeoutException):
            return CragTimeoutError(
                f"{spec.describe()} to {self.base_url} timed out {tries} ({type(exc).__name__}); "
                "the server is busy or stuck: raise timeout= or lower the concurrency"
            )
        return CragConnectionError(
            f"{spec.describe()}: could not talk to {self.base_url} {tries} ({type(exc).__name__}: {exc}); "
            "is the server running (`crag-mock serve`)? Check the base URL or $CRAG_SERVER"
        )

    def _decode_json(self, spec: RequestSpec, status: int, content: bytes) -> Any:
        """The decoded JSON body, whatever the status; `ResponseDecodeError` when it is not JSON.

        orjson reads the bytes as they came (a Task 3 answer is 16-20 MB: no decoded str copy of it first);
        a body that is not valid UTF-8 falls back to the lenient decode."""
        try:
            return orjson.loads(content)
        except orjson.JSONDecodeError:
            pass
        text = content.decode("utf-8", errors="replace")
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ResponseDecodeError(
                f"{spec.describe()} returned {status} with a body that is not JSON ({text[:80]!r}); "
                "is the base URL a CRAG mock API server?",
                text,
                exc.pos,
            ) from None

    def _decode_result(
        self, spec: RequestSpec, status: int, reason: str, content: bytes, result_type: ResultType[T]
    ) -> T:
        """The validated `result` of a 2xx envelope; a `CragStatusError` subclass for any other status."""
        if not 200 <= status < 300:
            try:
                body: Any = json.loads(content)
            except ValueError:
                body = content.decode("utf-8", errors="replace")
            raise make_status_error(spec.method, spec.path, status, reason, body)
        envelope = self._decode_json(spec, status, content)
        if not isinstance(envelope, dict) or "result" not in envelope:
            raise ResponseDecodeError(
                f"{spec.describe()} returned JSON without a 'result' key; "
                "is the base URL a CRAG mock API server?",
                content.decode("utf-8", errors="replace"),
            )
        try:
            return result_type.validate(envelope["result"])
        except PydanticValidationError as exc:
            raise ResponseValidationError(
                f"{spec.describe()} returned a result of an unexpected shape ({exc.error_count()} errors, "
                f"first: {exc.errors()[0]['msg']}); are the server and crag_client from the same version?"
            ) from exc
