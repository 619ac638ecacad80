"""Stream the items of a top-level JSON object without loading the whole file.

The movie files are one JSON object each (movie_db.json is ~190 MB); json.load would hold the text and every
parsed entity at once (several GB). This reader keeps a sliding text buffer and hands each value to the C
decoder (`raw_decode`), so memory stays around one entity plus the buffer, and key order is preserved.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

_WS = " \t\r\n"
_CHUNK = 1 << 20
# the next non-blank character after a value, if the buffer holds one (never copies the buffer)
_FOLLOWER = re.compile(r"[ \t\r\n]*(.?)", re.S)
_DECODER = json.JSONDecoder()


class _Buffer:
    """A window over a text stream that grows on demand and drops consumed text."""

    def __init__(self, stream: IO[str], chunk: int) -> None:
        self.stream = stream
        self.chunk = chunk
        self.text = ""
        self.pos = 0
        self.eof = False

    def more(self) -> bool:
        """Append the next chunk (compacting consumed text); False at end of file."""
        if self.eof:
            return False
        chunk = self.stream.read(self.chunk)
        if not chunk:
            self.eof = True
            return False
        self.text = self.text[self.pos :] + chunk
        self.pos = 0
        return True

    def next_char(self) -> str:
        """The next non-blank character (not consumed), or '' at end of file."""
        while True:
            while self.pos < len(self.text) and self.text[self.pos] in _WS:
                self.pos += 1
            if self.pos < len(self.text):
                return self.text[self.pos]
            if not self.more():
                return ""

    def expect(self, chars: str) -> str:
        """Consume one of `chars` after optional blanks."""
        ch = self.next_char()
        if not ch or ch not in chars:
            raise ValueError(f"expected one of {chars!r} in JSON object stream, got {ch or 'end of file'!r}")
        self.pos += 1
        return ch

    def value(self, followers: str) -> Any:
        """Decode one complete JSON value; it must be followed by one of `followers`.

        Checking the follower is what detects a value cut by the buffer end: a number such as 3.25 split
        as "3" | ".25" decodes as 3, but is then followed by "." rather than "," or "}".
        """
        self.next_char()
        while True:
            try:
                value, end = _DECODER.raw_decode(self.text, self.pos)
            except json.JSONDecodeError:
                if self.more():
                    continue
                raise
            follower = _FOLLOWER.match(self.text, end).group(1)  # type: ignore[union-attr]
            if follower and follower in followers:
                self.pos = end
                return value
            if self.more():
                continue
            if not follower:
                raise ValueError(f"JSON object stream ends after a value, expected one of {followers!r}")
            raise ValueError(f"expected one of {followers!r} in JSON object stream, got {follower!r}")


def iter_object_items(
    path: Path, on_bytes: Callable[[int], None] = lambda _n: None, chunk: int = _CHUNK
) -> Iterator[tuple[str, Any]]:
    """Yield (key, value) of the top-level object in `path`, in file order; `on_bytes(n)` reports progress."""
    with path.open("rb") as raw, open(raw.fileno(), encoding="utf-8", closefd=False) as text:
        buf = _Buffer(text, chunk)
        buf.expect("{")
        last = 0
        if buf.next_char() == "}":
            return
        while True:
            key = buf.value(":")
            if not isinstance(key, str):
                raise ValueError(f"{path.name}: object key is not a string: {key!r:.60}")
            buf.expect(":")
            yield key, buf.value(",}")
            offset = raw.tell()
            if offset != last:
                on_bytes(offset - last)
                last = offset
            if buf.expect(",}") == "}":
                return
