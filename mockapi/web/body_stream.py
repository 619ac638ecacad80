"""A response body of stored pages (mockapi/web/html_store.py), made chunk by chunk as the client reads it.

A 50-page search with HTML is 16-20 MB. Built whole, its bytes sat in the send buffer of a client that
asked and never read until the write timeout: twenty such clients took a server from 79 to 619 MB, and
still +107 MB with two bodies built at a time. Streamed, a body's length is known up front (from the
records' headers: the wire keeps its Content-Length) and its bytes are made CHUNK at a time, each stored
page read when the body reaches it: a client that stops reading stops the stream, holding one chunk.
- identity: plain pieces as they are, each page's segment inflated CHUNK bytes at a time;
- gzip: one gzip member, the segments as stored, plain pieces as stored deflate blocks, then one final
  empty block and the CRC-32 combined from the pages' own (no compression, no inflating).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Iterable, Iterator

from isal import isal_zlib as _inflate  # ISA-L inflates 2-3x faster than zlib (the same deflate format)

from mockapi.web.html_store import HEADER, Piece

CHUNK = 64 << 10
"""Bytes per chunk, about the transport's 64 KiB high-water mark: a stalled client holds about two."""
Reader = Callable[[str], bytes]
"""A page id's stored record."""
_GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"  # deflate, no name, no mtime, OS unknown
_FINAL_EMPTY_BLOCK = b"\x03\x00"  # a final fixed-Huffman block holding only end-of-block
_ZEROS = bytes(1 << 20)


def identity_length(pieces: Iterable[Piece]) -> int:
    """The length of `identity_chunks(pieces, …)`."""
    return sum(len(p) if isinstance(p, bytes) else p.length for p in pieces)


def identity_chunks(pieces: Iterable[Piece], read: Reader, size: int = CHUNK) -> Iterator[bytes]:
    """The body in chunks of `size` to 2 x `size` bytes (the last one shorter)."""
    return _coalesced(_identity_parts(pieces, read, size), size)


def _identity_parts(pieces: Iterable[Piece], read: Reader, size: int) -> Iterator[bytes]:
    for piece in pieces:
        if isinstance(piece, bytes):
            yield piece
            continue
        inflater = _inflate.decompressobj(-15)
        data: bytes | memoryview = memoryview(read(piece.page_id))[HEADER.size :]
        while True:
            part = inflater.decompress(data, size)
            yield part
            data = inflater.unconsumed_tail
            if not data and len(part) < size:  # a full part may leave output in the inflater: ask again
                break


def gzip_length(pieces: Iterable[Piece]) -> int:
    """The length of `gzip_chunks(pieces, …)`."""
    total = len(_GZIP_HEADER) + len(_FINAL_EMPTY_BLOCK) + 8
    for piece in pieces:
        if isinstance(piece, bytes):
            total += len(piece) + 5 * -(-len(piece) // 0xFFFF)  # 5 header bytes per stored block
        else:
            total += piece.stored
    return total


def gzip_chunks(pieces: Iterable[Piece], read: Reader, size: int = CHUNK) -> Iterator[bytes]:
    """The same body as one gzip member, in chunks of `size` to 2 x `size` bytes."""
    return _coalesced(_gzip_parts(pieces, read, size), size)


def _gzip_parts(pieces: Iterable[Piece], read: Reader, size: int) -> Iterator[bytes | memoryview]:
    yield _GZIP_HEADER
    crc, total = 0, 0
    for piece in pieces:
        if isinstance(piece, bytes):
            yield from _stored_blocks(piece)
            crc, total = zlib.crc32(piece, crc), total + len(piece)
            continue
        record = memoryview(read(piece.page_id))
        for start in range(HEADER.size, len(record), size):
            yield record[start : start + size]
        crc, total = _crc32_combine(crc, piece.crc, piece.length), total + piece.length
    yield _FINAL_EMPTY_BLOCK
    yield struct.pack("<II", crc, total & 0xFFFFFFFF)


def _coalesced(parts: Iterable[bytes | memoryview], size: int) -> Iterator[bytes]:
    """`parts` joined into chunks of at least `size` bytes (the last one shorter); no part is split."""
    held: list[bytes | memoryview] = []
    count = 0
    for part in parts:
        held.append(part)
        count += len(part)
        if count >= size:
            yield b"".join(held)
            held, count = [], 0
    if held:
        yield b"".join(held)


def _stored_blocks(data: bytes) -> Iterator[bytes]:
    """`data` as non-final stored deflate blocks (we are always at a byte boundary between segments)."""
    for start in range(0, len(data), 0xFFFF):
        chunk = data[start : start + 0xFFFF]
        yield b"\x00" + struct.pack("<HH", len(chunk), len(chunk) ^ 0xFFFF) + chunk


def _crc32_combine(crc1: int, crc2: int, len2: int) -> int:
    """CRC-32 of A+B from crc(A), crc(B) and len(B). CRC-32 is affine: running `len2` zero bytes through the
    register from crc1 and from 0 differ by exactly crc1's contribution, which B's own CRC then completes."""
    shifted, zero = crc1, 0
    remaining = len2
    while remaining:
        n = min(remaining, len(_ZEROS))
        chunk = memoryview(_ZEROS)[:n]
        shifted, zero = zlib.crc32(chunk, shifted), zlib.crc32(chunk, zero)
        remaining -= n
    return shifted ^ zero ^ crc2
