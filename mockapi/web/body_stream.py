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

import functools
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
    """CRC-32 of A+B from crc(A), crc(B) and len(B). The CRC is affine in its message, so the register's
    start and final inversions cancel: crc(A+B) = crc(A) * x^(8 len(B)) mod P, plus crc(B), over GF(2).
    The product costs a few dozen shifts and the power is cached per length (a page is served again and again
    with its one length); running len(B) zero bytes through zlib instead took ~18 ms per 50-page answer."""
    return _mul_mod_p(_x_pow_8n(len2), crc1) ^ crc2


_POLY = 0xEDB88320  # CRC-32's polynomial, bit-reflected: bit 31 is x^0, bit 0 is x^31


def _mul_mod_p(a: int, b: int) -> int:
    """a * b mod P, both bit-reflected polynomials of degree < 32."""
    product = 0
    bit = 1 << 31  # x^0 of `a`; b is multiplied by x once per lower bit
    while a:
        if a & bit:
            product ^= b
            a ^= bit
        bit >>= 1
        b = (b >> 1) ^ _POLY if b & 1 else b >> 1
    return product


_X_POW_2K = [1 << 30]  # x^(2^k) mod P, k = 0, 1, …: x^1, x^2, x^4, …
for _ in range(63):
    _X_POW_2K.append(_mul_mod_p(_X_POW_2K[-1], _X_POW_2K[-1]))


@functools.lru_cache(maxsize=8192)
def _x_pow_8n(n: int) -> int:
    """x^(8 n) mod P, by squaring: the bits of 8 n pick the powers x^(2^k)."""
    power, k, e = 1 << 31, 0, n << 3
    while e:
        if e & 1:
            power = _mul_mod_p(_X_POW_2K[k], power)
        e >>= 1
        k += 1
    return power
