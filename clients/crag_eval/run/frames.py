"""The reading side of `/web/search` in frames (mockapi/web/page_frames.py): the answer a Task 3 fetch of
the harness decodes, the same `{"result": [entry…]}` as `orjson.loads` of the JSON answer, cheaper.

Each page comes as its stored record: a raw-deflate segment of the page's JSON string, with that string's
CRC-32 and length in front; it is inflated (ISA-L) and decoded by orjson, page by page: no gzip member of
the whole answer to inflate, no 16 MB document to parse. (Unescaping with `codecs.escape_decode` and a
UTF-8 decode was tried: no faster than orjson on these mostly non-ASCII pages.) No import of httpx,
pydantic or mockapi: the fetch helper process (run/fetch_helper.py) reads these.

A page is decoded once while it is recent (`_PAGES`): on the default world 9 % of the pages a 400-question
run reads were read in the last 32 MB of pages (most by the question before), and a record's bytes decode
to one string, so the kept string is what decoding again would give.
"""

from __future__ import annotations

import struct
import threading
from collections import OrderedDict
from typing import Any

import orjson
from isal import isal_zlib  # ISA-L: inflates 2-3x faster than zlib

MEDIA_TYPE = "application/x-crag-pages"  # mockapi.web.page_frames.MEDIA_TYPE (tests check they agree)
MAGIC = b"crag-pages/1\n"
_LENGTH = struct.Struct("<I")
_RECORD_HEADER = struct.Struct("<II")  # CRC-32 and length of the page's JSON string
PageKey = tuple[str, int, int]
"""A page record's key: ("record", its length, the hash of its bytes (cached on the kept bytes object))."""


class FrameError(ValueError):
    """The body is not well-formed frames (the caller fetches again the ordinary way)."""


def read_frames(data: bytes) -> Any:
    """The search answer a framed body holds, as orjson.loads of the JSON answer gives it."""
    return read_frames_keyed(data)[0]


def read_frames_keyed(data: bytes) -> tuple[Any, list[PageKey | None]]:
    """`read_frames`, and beside each entry the key of its page's record (None: the entry has no page):
    equal keys, equal pages. The key-phrase scan keys its cleaned texts by it (crag_eval.score.phrases),
    instead of hashing each page's 300 K characters again."""
    if not data.startswith(MAGIC):
        raise FrameError("not a crag-pages body")
    view = memoryview(data)
    at, head = _chunk(view, len(MAGIC))
    reply = orjson.loads(head)
    framed = reply.pop("framed")
    entries = reply["result"]
    if len(framed) != len(entries):
        raise FrameError("the head's entries and frames differ in number")
    keys: list[PageKey | None] = []
    for entry, has_page in zip(entries, framed, strict=True):
        key = None
        if has_page:
            at, record = _chunk(view, at)
            entry["page_result"], key = _PAGES.of(record)
        keys.append(key)
    if at != len(data):
        raise FrameError("bytes after the last record")
    return reply, keys


def json_string(data: bytes) -> str:
    """The str a JSON string (quotes included) stands for."""
    value = orjson.loads(data)
    if not isinstance(value, str):
        raise FrameError("a page record is not a JSON string")
    return value


def _chunk(view: memoryview, at: int) -> tuple[int, memoryview]:
    if at + _LENGTH.size > len(view):
        raise FrameError("the body ends inside a length")
    (size,) = _LENGTH.unpack_from(view, at)
    start = at + _LENGTH.size
    if start + size > len(view):
        raise FrameError("the body ends inside a frame")
    return start + size, view[start : start + size]


def _inflate(record: memoryview) -> bytes:
    if len(record) < _RECORD_HEADER.size:
        raise FrameError("a page record is shorter than its header")
    _crc, length = _RECORD_HEADER.unpack_from(record)
    data = isal_zlib.decompressobj(-15).decompress(record[_RECORD_HEADER.size :])
    if len(data) != length:
        raise FrameError("a page record inflates to another length than its header says")
    return data


class _PageCache:
    """The strings of recently read page records, keyed by the record's bytes (CRC-32, length and deflate
    segment: equal bytes, equal page, so a hit is exact by construction), the oldest out past `budget`
    bytes of JSON (~1 GB/s of inflate and decode saved on a hit, for a ~30 KB copy and hash of the key)."""

    def __init__(self, budget: int = 32_000_000) -> None:
        self.budget = budget
        self.kept: OrderedDict[bytes, tuple[str, int]] = OrderedDict()
        self.size = 0
        self.lock = threading.Lock()  # a run's batch threads read frames at once

    def of(self, record: memoryview) -> tuple[str, PageKey]:
        """The record's page and its key."""
        key = record.tobytes()
        page_key = ("record", len(key), hash(key))
        with self.lock:
            found = self.kept.get(key)
            if found is not None:
                self.kept.move_to_end(key)
                return found[0], page_key
        data = _inflate(record)  # outside the lock: the slow part, and it raises on a torn record
        page = json_string(data)
        with self.lock:
            if key not in self.kept:
                self.kept[key] = (page, len(data))
                self.size += len(data)
                while self.size > self.budget:
                    self.size -= self.kept.popitem(last=False)[1][1]
        return page, page_key


_PAGES = _PageCache()
