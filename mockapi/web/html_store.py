"""Pages rendered once, at build time, and stored ready to send: the `html` table of web_serving/.

A Task 3 answer is 50 pages, 16-20 MB of HTML. Rendering each from its spec on every request (about 1 ms a
page) and escaping 20 MB into JSON made a search cost 5x the bare sending of the same bytes. Each page is
instead stored as the JSON string of its HTML (quotes included, escaped as orjson escapes it), compressed as
one raw-deflate segment that ends on a byte boundary (a full flush, no final block), with the CRC-32 and the
length of the uncompressed bytes in front. Then:
- an identity response inflates the segments (ISA-L: about 1 GB/s) and splices them between
  the small JSON pieces of the entries: no rendering, no JSON encoding of the HTML;
- a gzip response (the client sent `Accept-Encoding: gzip`) is the segments themselves, back to back, with
  the small pieces as stored deflate blocks, one final empty block, and the CRC-32 combined from the pages':
  no compression and no inflating at request time, and 1/12 of the bytes on the wire.
Segments are independent (each compressed from an empty history), so any sequence of them is one valid
deflate stream. Both are streamed as the client reads, a page at a time (mockapi/web/body_stream.py).
Disk cost: about 1/12 of the HTML (tiny world +70 MB, default world about +1 GB).
Segments are compressed with zlib, not ISA-L: ISA-L's compressor is not deterministic (in one default build,
1 of 40,276 pages came out with other bytes in its last block, in a process that had run for a while), and
these bytes are part of the world's content hash. zlib costs about 45 s more CPU on a default build, spread
over the build's helper processes; inflating, the hot path, stays on ISA-L.
Nine tenths of a spec page are pads cut from a few boilerplate pools (mockapi/web/render.py): the pools are
deflated once per process in blocks of 16 KB, each with the block before it as history, and a pad's blocks
are spliced into the page's segment between full flushes (mockapi/web/deflate.py) instead of deflated
again: half the CPU of a record, about 3 % more bytes.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from typing import NamedTuple

import orjson
from isal import isal_zlib as _inflate  # ISA-L inflates 2-3x faster than zlib (the same deflate format)
from typing_extensions import NotRequired, TypedDict

from mockapi.web.deflate import LEVEL, Deflated, JsonPiece

HEADER = struct.Struct("<II")  # CRC-32 and length of the uncompressed JSON string


def page_html(kind: str, body: bytes) -> str:
    """The served HTML of a stored page (pages.body): raw pages byte-identical, spec pages rendered."""
    data = zlib.decompress(body)
    if kind == "raw":
        return data.decode("utf-8")
    if kind == "spec":
        # Imported lazily: the renderer pulls in Jinja2 templates that raw-only worlds never need.
        from mockapi.web.render import render_page

        return render_page(orjson.loads(data))
    raise ValueError(f"unknown page kind {kind!r}")


def page_record(kind: str, body: bytes) -> bytes:
    """The stored form of a page: `html_record(page_html(kind, body))` for a raw page; a spec page's JSON
    string made by the renderer in pieces, never the page as one string (mockapi.web.render.page_json_pieces:
    about half the CPU), its pads' pool blocks deflated once per process (the same string inflated, not
    the same bytes as `html_record`)."""
    if kind != "spec":
        return html_record(page_html(kind, body))
    from mockapi.web.render import page_json_pieces

    return json_record(page_json_pieces(orjson.loads(zlib.decompress(body))))


def record_and_html(kind: str, body: bytes) -> tuple[bytes, str]:
    """`page_record(kind, body)` and `page_html(kind, body)`, a spec page's skeleton rendered once."""
    if kind != "spec":
        html = page_html(kind, body)
        return html_record(html), html
    from mockapi.web.render import page_and_json

    html, pieces = page_and_json(orjson.loads(zlib.decompress(body)))
    return json_record(pieces), html


def html_record(html: str) -> bytes:
    """The stored form of one page: CRC-32 and length of its JSON string, then the deflate segment."""
    return json_record([orjson.dumps(html)])


def json_record(pieces: Sequence[JsonPiece]) -> bytes:
    """`html_record` of the page whose JSON string is `pieces` joined. Fed to zlib piece by piece: deflate
    with no flush between inputs makes the same stream however its input is cut (zlib waits for a full
    look-ahead before it matches), so no joined copy of the page is made. A `Deflated` piece is spliced in
    between two full flushes: the segment inflates to the same string (not the same bytes as one call)."""
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)  # deterministic (see the module docstring)
    crc = length = 0
    out: list[bytes | memoryview] = []
    for piece in pieces:
        raw = piece.raw if isinstance(piece, Deflated) else piece
        crc = _inflate.crc32(raw, crc)  # ISA-L: the same CRC, 4x faster
        length += len(raw)
        if isinstance(piece, Deflated):
            out += (compressor.flush(zlib.Z_FULL_FLUSH), piece.stored)
        else:
            out.append(compressor.compress(piece))
    out.append(compressor.flush(zlib.Z_FULL_FLUSH))
    return HEADER.pack(crc, length) + b"".join(out)


def inflate(record: bytes) -> bytes:
    """The JSON string of a stored page."""
    return _inflate.decompressobj(-15).decompress(memoryview(record)[HEADER.size :])


class PageRef(NamedTuple):
    """A stored page in a response body, by id: its record is read when the body reaches it, so a body
    being sent holds one page at a time (mockapi/web/body_stream.py)."""

    page_id: str
    crc: int
    """CRC-32 of the page's JSON string."""
    length: int
    """Length of the page's JSON string."""
    stored: int
    """Length of its deflate segment."""

    @classmethod
    def of(cls, page_id: str, record: bytes) -> PageRef:
        crc, length = HEADER.unpack_from(record)
        return cls(page_id, crc, length, len(record) - HEADER.size)


Piece = bytes | PageRef
"""A body piece: plain bytes, or a stored page."""


class Entry(TypedDict):
    """A result entry as the web routes build and encode it: CRAG's five keys in CRAG's order, then the rank
    of a search result (`mockapi.wire.web.PageEntry` / `SearchEntry` as a plain dict)."""

    page_name: str
    page_url: str
    page_snippet: str
    page_result: str | None
    """The HTML; None when the request left it out."""
    page_last_modified: str
    rank: NotRequired[int]


def entry_pieces(entry: Entry, page: PageRef | None) -> list[Piece]:
    """One result entry as body pieces, with CRAG's keys in CRAG's order: the stored page (when given)
    stands for `page_result`; without one the entry is encoded whole."""
    if page is None:
        return [orjson.dumps(entry)]
    head = {
        "page_name": entry["page_name"],
        "page_url": entry["page_url"],
        "page_snippet": entry["page_snippet"],
    }
    tail = {k: v for k, v in entry.items() if k not in head and k != "page_result"}
    return [
        orjson.dumps(head)[:-1] + b',"page_result":',
        page,
        b"," + orjson.dumps(tail)[1:] if tail else b"}",
    ]


def result_pieces(entries: list[tuple[Entry, PageRef | None]]) -> list[Piece]:
    """`{"result": [entry, …]}` as pieces."""
    pieces: list[Piece] = [b'{"result":[']
    for i, (entry, page) in enumerate(entries):
        if i:
            pieces.append(b",")
        pieces.extend(entry_pieces(entry, page))
    pieces.append(b"]}")
    return pieces
