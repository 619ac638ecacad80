"""`/web/search` answered in frames, for crag-eval's own page fetches: the entries as JSON, each page as its
stored record (mockapi/web/html_store.py), for a client that asks with `Accept: application/x-crag-pages`.

A Task 3 answer is 16-20 MB of JSON, nearly all of it the pages' HTML as JSON strings. Its reader paid for
the framing twice: the server combined the pages' CRC-32s for a gzip body (running each page's length of
zeros through the CRC, ~18 ms a question on the default world), and the client decoded the whole document
with orjson (~0.3 CPU-s a question in all, a third of it the decode). Here each page travels as it is
stored (its deflate segment, 1/12 of the bytes, with the CRC-32 and length of its JSON string in front), and
the client turns each into the same string the JSON would have held (crag_eval/run/frames.py). The wire of
every other client is unchanged: only a client that names this media type gets it.

Layout: MAGIC, then the head (a 4-byte little-endian length, then JSON `{"result": [entry…], "framed":
[bool…]}`, the entries exactly as the JSON answer would hold them but with `page_result` null where
`framed` is true), then one record per framed entry, in order, each a 4-byte length then the record.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

MEDIA_TYPE = "application/x-crag-pages"
MAGIC = b"crag-pages/1\n"
LENGTH = struct.Struct("<I")


def wants_frames(accept: str) -> bool:
    """Whether an Accept header names the frames' media type (only crag-eval's fetches do)."""
    return any(item.split(";")[0].strip() == MEDIA_TYPE for item in accept.lower().split(","))


def frames(head: bytes, records: Sequence[bytes]) -> bytes:
    """The body: MAGIC, the head, then the records, each behind its length."""
    parts = [MAGIC, LENGTH.pack(len(head)), head]
    for record in records:
        parts += (LENGTH.pack(len(record)), record)
    return b"".join(parts)
