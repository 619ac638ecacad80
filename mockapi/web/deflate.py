"""Deflate as the web tables store pages (mockapi/web/html_store.py): the level, and pieces of a page's JSON
string that come deflated already (the renderer's pool blocks, mockapi/web/render.py). Its own module: the
renderer and the store both use it, and the store imports the renderer (lazily) to make a spec page's record.
"""

from __future__ import annotations

import zlib
from typing import NamedTuple

LEVEL = 1


class Deflated(NamedTuple):
    """A piece of a page's JSON string that comes deflated already (`deflate_after`): it goes into the page's
    segment as it is, after a full flush of the page's own compressor (which then refers to nothing before
    the flush); `stored` may refer back only into the bytes that come before `raw` in the page."""

    raw: bytes | memoryview
    stored: bytes | memoryview


JsonPiece = bytes | memoryview | Deflated
"""A piece of a page's JSON string (`html_store.json_record`)."""


def deflate_after(data: bytes | memoryview, before: bytes | memoryview) -> bytes:
    """`data` as raw-deflate blocks ended by a full flush, referring back only into `before` (at most 32 KB:
    deflate's window), which must come right before it wherever these bytes are spliced."""
    if len(before) > 32_768:
        raise ValueError("a deflate history holds at most 32 KB")
    compressor = (
        zlib.compressobj(LEVEL, zlib.DEFLATED, -15, zdict=bytes(before))
        if before
        else zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
    )
    return compressor.compress(data) + compressor.flush(zlib.Z_FULL_FLUSH)
