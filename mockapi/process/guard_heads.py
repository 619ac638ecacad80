"""Where request heads start and end on a connection, and their size, counted before the parser sees them.

The 32 KiB cap is checked on the bytes as they arrive, so a 30 MB header costs the parser nothing. Two things
made that count wrong (turn 4 of the red team): a head pipelined right behind another request was not counted
at all (the count started only on a fresh connection: a 150 KB head was answered 200), and under h11 (no
httptools) the parser's callbacks the count relied on never came, so every byte of a keep-alive connection
counted as one head (a normal POST got 431 after ~32 KiB). Now:
- while the next bytes are a head, they are scanned for its end (CRLFCRLF) and fed to the parser up to that
  end only, so the parser's verdict (head done, message done) is known at that exact byte;
- bytes that may be a body are fed in SLICE pieces: if a message ends inside one and the next head starts
  there, the whole piece counts toward that head (an over-count of at most SLICE, never an under-count);
- the phases come from httptools' callbacks, or from h11's state and uvicorn's request cycle after each feed.
"""

from __future__ import annotations

from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

MAX_HEAD_BYTES = 32 << 10
HEAD_END = b"\r\n\r\n"
SLICE = 4 << 10
_BODY = b'{"detail": "request head over 32 KiB: refused unread", "type": "head_too_large", "status": 431}'
TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json\r\nconnection: close\r\n"
    + f"content-length: {len(_BODY)}\r\n\r\n".encode()
    + _BODY
)


class HeadAccounting:
    """The head count; the guard (guard.py) supplies the phase hooks `await_head`, `head_done`,
    `message_done` and `refuse_head`."""

    max_head_bytes: ClassVar[int] = MAX_HEAD_BYTES
    transport: Any
    cycle: Any

    def reset_heads(self) -> None:
        self._head_bytes = 0
        self._tail = b""  # the last bytes of the head so far: its end may straddle two reads
        self._in_head = True  # the next bytes belong to a head
        self._seen_cycle: Any = None
        self._is_h11 = isinstance(self, H11Protocol)

    def feed(self, data: bytes) -> None:
        """Feed `data` to the parser a head (or a slice) at a time; refuse a head over the cap."""
        pos, size = 0, len(data)
        while pos < size and not self.transport.is_closing():
            was_head, head_ended = self._in_head, False
            if was_head:
                end = (self._tail + data[pos : pos + self.max_head_bytes + 4]).find(HEAD_END)
                stop = size if end < 0 else pos + end + len(HEAD_END) - len(self._tail)
                self._head_bytes += stop - pos
                if self._head_bytes > self.max_head_bytes:
                    self.refuse_head(TOO_LARGE)
                    return
                head_ended = end >= 0
                self._tail = b"" if head_ended else (self._tail + data[pos:stop])[-3:]
            else:
                stop = min(size, pos + SLICE)
            super().data_received(data[pos:stop])  # type: ignore[misc]
            self._sync()
            if head_ended and self._in_head:
                self.head_seen()  # h11 holds a pipelined head until the response before it is sent
            elif not was_head and self._in_head:
                self._head_bytes = stop - pos  # the next head may have begun inside this slice
            pos = stop

    # ── the phases: httptools calls these; for h11, `_sync` derives them after each feed
    def on_message_begin(self) -> None:
        super().on_message_begin()  # type: ignore[misc]
        if self._timer_idle():
            self.await_head()

    def on_headers_complete(self) -> None:
        self._head_parsed()
        super().on_headers_complete()  # type: ignore[misc]

    def on_message_complete(self) -> None:
        self._message_complete()
        super().on_message_complete()  # type: ignore[misc]

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        self._sync()  # h11 parses a pipelined head only now

    def _sync(self) -> None:
        if not self._is_h11:
            return
        if self.cycle is not self._seen_cycle:  # uvicorn made a request cycle: h11 parsed a head
            self._seen_cycle = self.cycle
            self._head_parsed()
        state = self.conn.their_state
        if not self._in_head and state is not h11.SEND_BODY:
            self._message_complete()

    def _head_parsed(self) -> None:
        self._in_head, self._head_bytes, self._tail = False, 0, b""
        self.head_done()

    def _message_complete(self) -> None:
        self._in_head, self._head_bytes, self._tail = True, 0, b""
        self.message_done()

    # the guard's hooks
    conn: Any

    def _timer_idle(self) -> bool:
        raise NotImplementedError

    def await_head(self) -> None:
        raise NotImplementedError

    def head_seen(self) -> None:
        raise NotImplementedError

    def head_done(self) -> None:
        raise NotImplementedError

    def message_done(self) -> None:
        raise NotImplementedError

    def refuse_head(self, answer: bytes) -> None:
        raise NotImplementedError
