"""Base classes of the per-domain namespaces: each holds its client and forwards to its `_post`."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from ._base import ResultType

R = TypeVar("R")


class _SyncPoster(Protocol):
    def _post(self, path: str, body: Any, result_type: ResultType[R], *, send_body: bool = True) -> R: ...


class _AsyncPoster(Protocol):
    async def _post(
        self, path: str, body: Any, result_type: ResultType[R], *, send_body: bool = True
    ) -> R: ...


class SyncResource:
    """A namespace of a sync client (`client.movie`, `client.finance`, …)."""

    def __init__(self, client: _SyncPoster) -> None:
        self._client = client


class AsyncResource:
    """A namespace of an async client."""

    def __init__(self, client: _AsyncPoster) -> None:
        self._client = client
