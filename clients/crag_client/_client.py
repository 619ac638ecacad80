"""`Client`: the synchronous typed client (one pooled `httpx.Client`, retries, optional cache)."""

from __future__ import annotations

import contextvars
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import httpx

from ._base import _UNSET, BaseClient, RequestSpec, ResultType
from ._cache import ResponseCache
from ._resources import Finance, Movie, Music, Open, Sports, Web
from ._retry import RetryPolicy, send_with_retries

T = TypeVar("T")
R = TypeVar("R")


class Client(BaseClient):
    """Typed client of the CRAG mock API: `client.finance.get_price_history("META")`.

    One `httpx.Client` (a connection pool) per instance; use it as a context manager or call `close()`.
    `transport` / `http_client` are for tests and special deployments; `sleep` is injectable for tests.
    """

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
        max_connections: int = 20,
        transport: httpx.BaseTransport | None = None,
        http_client: httpx.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        super().__init__(
            base_url,
            timeout=timeout,
            max_attempts=max_attempts,
            retry=retry,
            cache=cache,
            interaction_id=interaction_id,
            headers=headers,
        )
        limits = httpx.Limits(max_connections=max_connections, max_keepalive_connections=max_connections)
        self._owns_http = http_client is None
        self._http = http_client or httpx.Client(timeout=self.timeout, limits=limits, transport=transport)
        self._sleep = sleep
        self.open = Open(self)
        self.movie = Movie(self)
        self.finance = Finance(self)
        self.music = Music(self)
        self.sports = Sports(self)
        self.web = Web(self)

    def _send(self, spec: RequestSpec) -> httpx.Response:
        """Send with retries; the last response is returned even when its status was retryable."""

        def send() -> httpx.Response:
            return self._http.request(
                spec.method, spec.url, content=spec.content, headers=spec.headers, timeout=self.timeout
            )

        try:
            return send_with_retries(send, self.retry, self._sleep)
        except httpx.TransportError as exc:
            raise self._transport_error(spec, exc) from exc

    def _post(self, path: str, body: Any, result_type: ResultType[R], *, send_body: bool = True) -> R:
        """POST `body` to `path` and return the envelope's `result` validated as `result_type`."""
        spec = self._build(path, body, send_body=send_body)
        if self.cache is not None and (hit := self.cache.get(spec.cache_key)) is not None:
            return self._decode_result(spec, 200, "OK", hit, result_type)
        response = self._send(spec)
        result = self._decode_result(
            spec, response.status_code, response.reason_phrase, response.content, result_type
        )
        if self.cache is not None:
            self.cache.put(spec.cache_key, response.content)
        return result

    def _post_envelope(self, path: str, body: Any, *, send_body: bool = True) -> Any:
        """POST; the whole decoded JSON body whatever the status (the original client's behaviour)."""
        spec = self._build(path, body, send_body=send_body)
        if self.cache is not None and (hit := self.cache.get(spec.cache_key)) is not None:
            return self._decode_json(spec, 200, hit)
        response = self._send(spec)
        envelope = self._decode_json(spec, response.status_code, response.content)
        if self.cache is not None and response.status_code == 200:
            self.cache.put(spec.cache_key, response.content)
        return envelope

    def call(self, path: str, body: Any = None) -> Any:
        """POST `body` (None: no body) to any route, e.g. `call("/web/search", {"query": "…"})`; the decoded
        JSON envelope. For generic callers (an agent's tool loop); the typed methods are the usual way."""
        return self._post_envelope(path, body, send_body=body is not None)

    def map(
        self,
        fn: Callable[[T], R],
        items: Iterable[T],
        *,
        concurrency: int = 8,
        return_exceptions: bool = False,
    ) -> list[R | BaseException]:
        """Call `fn(item)` for every item on at most `concurrency` threads; results in input order.

        The pool is shared, and the current `interaction()` id is carried into the worker threads. With
        `return_exceptions=True` a failed call leaves its exception in the list instead of raising.
        """
        if concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        items = list(items)

        def run(item: T) -> R | BaseException:
            try:
                return fn(item)
            except Exception as exc:
                if return_exceptions:
                    return exc
                raise

        with ThreadPoolExecutor(max_workers=min(concurrency, max(1, len(items)))) as pool:
            futures = [pool.submit(contextvars.copy_context().run, run, item) for item in items]
            return [future.result() for future in futures]

    def close(self) -> None:
        """Close the connection pool (only when this client created it)."""
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Client(base_url={self.base_url!r})"
