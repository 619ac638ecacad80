"""uvicorn's HTTP protocol with one socket write per response instead of two.

uvicorn writes a response's status line and headers when the app sends `http.response.start` and the body when
it sends `http.response.body`: two `send()` system calls, and on loopback each one also runs the receiver's
TCP path. For the KG routes (answers of a few hundred bytes, microseconds of work) those two calls were the
largest cost of a request (py-spy on `crag-mock serve` under wrk: ~50% of the samples). `BatchedWrites` keeps
what is written during one turn of the event loop and sends it at the end of that turn as one write, so a
response sent in one go (every KG route) leaves in one call; a response streamed over several turns still
leaves in order, turn by turn. Nothing else about the protocol changes.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol
from uvicorn.protocols.http.h11_impl import H11Protocol


class _Batched:
    """A transport proxy: writes within one loop turn are joined and written once, before any close."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._pending: list[bytes] = []

    def write(self, data: bytes) -> None:
        if not self._pending:
            self._loop.call_soon(self._flush)
        self._pending.append(bytes(data))

    def _flush(self) -> None:
        if self._pending:
            data = b"".join(self._pending) if len(self._pending) > 1 else self._pending[0]
            self._pending.clear()
            if not self._transport.is_closing():
                self._transport.write(data)

    def close(self) -> None:
        self._flush()
        self._transport.close()

    def abort(self) -> None:
        self._pending.clear()
        self._transport.abort()

    def __getattr__(self, name: str) -> Any:  # everything else is the real transport's
        return getattr(self._transport, name)


class Batching:
    """The mixin: put before a uvicorn HTTP protocol class."""

    def connection_made(self, transport: asyncio.Transport) -> None:
        super().connection_made(_Batched(transport, asyncio.get_running_loop()))  # type: ignore[misc]


class BatchedWrites(Batching, AutoHTTPProtocol):  # type: ignore[misc,valid-type]
    """uvicorn's own HTTP protocol (httptools, else h11) over a `_Batched` transport."""


class BatchedH11(Batching, H11Protocol):  # type: ignore[misc]
    """The same over h11 whether or not httptools is installed (its fallback, tested on its own)."""
