"""`AsyncClient`: the asyncio twin of `Client` (same namespaces, same signatures, awaitable)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar

import httpx

from ._base import _UNSET, BaseClient, RequestSpec, ResultType
from ._cache import ResponseCache
from ._resources import AsyncFinance, AsyncMovie, AsyncMusic, AsyncOpen, AsyncSports, AsyncWeb
from ._retry import RetryPolicy, asend_with_retries

T = TypeVar("T")
R = TypeVar("R")


class AsyncClient(BaseClient):
    """Async typed client of the CRAG mock API: `await client.finance.get_price_history("META")`.

    One `httpx.AsyncClient` per instance; use `async with` or `await client.aclose()`.
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
        transport: httpx.AsyncBaseTransport | None = None,
        http_client: httpx.AsyncClient | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
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
        self._http = http_client or httpx.AsyncClient(
            timeout=self.timeout, limits=limits, transport=transport
        )
        self._sleep = sleep
        self.open = AsyncOpen(self)
        self.movie = AsyncMovie(self)
        self.finance = AsyncFinance(self)
        self.music = AsyncMusic(self)
        self.sports = AsyncSports(self)
        self.web = AsyncWeb(self)

    async def _send(self, spec: RequestSpec) -> httpx.Response:
        """Send with retries; the last response is returned even when its status was retryable."""

        async def send() -> httpx.Response:
            return await self._http.request(
                spec.method, spec.url, content=spec.content, headers=spec.headers, timeout=self.timeout
            )

        try:
            return await asend_with_retries(send, self.retry, self._sleep)
        except httpx.TransportError as exc:
            raise self._transport_error(spec, exc) from exc

    async def _post(self, path: str, body: Any, result_type: ResultType[R], *, send_body: bool = True) -> R:
        """POST `body` to `path` and return the envelope's `result` validated as `result_type`."""
        spec = self._build(path, body, send_body=send_body)
        if self.cache is not None and (hit := self.cache.get(spec.cache_key)) is not None:
            return self._decode_result(spec, 200, "OK", hit, result_type)
        response = await self._send(spec)
        result = self._decode_result(
            spec, response.status_code, response.reason_phrase, response.content, result_type
        )
        if self.cache is not None:
            self.cache.put(spec.cache_key, response.content)
        return result

    async def call(self, path: str, body: Any = None) -> Any:
        """POST `body` (None: no body) to any route; the decoded JSON envelope (see `Client.call`)."""
        spec = self._build(path, body, send_body=body is not None)
        response = await self._send(spec)
        return self._decode_json(spec, response.status_code, response.content)

    async def map(
        self,
        fn: Callable[[T], Awaitable[R]],
        items: Iterable[T],
        *,
        concurrency: int = 8,
        return_exceptions: bool = False,
    ) -> list[R | BaseException]:
        """Await `fn(item)` for every item, at most `concurrency` at a time; results in input order.

        With `return_exceptions=True` a failed call leaves its exception in the list instead of raising.
        """
        if concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        semaphore = asyncio.Semaphore(concurrency)

        async def run(item: T) -> R:
            async with semaphore:
                return await fn(item)

        return list(await asyncio.gather(*(run(item) for item in items), return_exceptions=return_exceptions))

    gather = map
    """Alias of `map` (reads naturally as `await client.gather(client.movie.get_movie_info_by_id, ids)`)."""

    async def aclose(self) -> None:
        """Close the connection pool (only when this client created it)."""
        if self._owns_http:
            await self._http.aclose()

    async def close(self) -> None:
        """Same as `aclose()`, so the sync and async clients share method names."""
        await self.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        return f"AsyncClient(base_url={self.base_url!r})"
