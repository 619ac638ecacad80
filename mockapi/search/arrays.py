"""Flat little-endian arrays and string tables on disk, read with positioned reads (see `Positioned`).

Each array is a raw file (no header): items come back as Python numbers (bisect works on the reader), slices
as numpy arrays (vector work on long postings). Strings are a UTF-8 blob plus an int64 offsets array.
"""

from __future__ import annotations

import bisect
import hashlib
import os
import struct
import weakref
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any, overload

import numpy as np
import numpy.typing as npt

_FORMATS = {
    np.dtype(np.int64): "q",
    np.dtype(np.int32): "i",
    np.dtype(np.float64): "d",
    np.dtype(np.uint64): "Q",
}


def token_hash(token: bytes) -> int:
    """64-bit hash of a token's UTF-8 bytes (stable across processes, unlike hash())."""
    return int.from_bytes(hashlib.blake2b(token, digest_size=8).digest(), "little")


def write_array(path: Path, values: npt.NDArray[np.generic]) -> None:
    path.write_bytes(np.ascontiguousarray(values, dtype=values.dtype.newbyteorder("<")).tobytes())


def write_strings(folder: Path, stem: str, values: Sequence[str]) -> None:
    encoded = [v.encode("utf-8") for v in values]
    offsets = np.zeros(len(encoded) + 1, dtype=np.int64)
    np.cumsum([len(e) for e in encoded], out=offsets[1:])
    (folder / f"{stem}.bin").write_bytes(b"".join(encoded))
    write_array(folder / f"{stem}.off", offsets)


class Positioned:
    """A flat array file read with positioned reads (`os.pread`): `a[i]` is a Python number, `a[i:j]` a numpy
    array, `len(a)` the item count, and `bisect` works on it. The reads hit the page cache, shared by every
    worker as a memory map would be, but nothing is mapped into the process: a memory map's touched pages
    (faulted in by the folio) stay in the process's RSS, which then grew by megabytes per hundred queries."""

    def __init__(self, path: Path, kind: np.dtype[Any]) -> None:
        self._fd = os.open(path, os.O_RDONLY)
        self._kind = kind
        self._item = kind.itemsize
        self._unpack = struct.Struct("<" + _FORMATS[kind]).unpack
        self._fmt: Any = _FORMATS[kind]  # a str, not one of memoryview.cast's literal overloads
        self._len = path.stat().st_size // self._item
        weakref.finalize(self, os.close, self._fd)

    def __len__(self) -> int:
        return self._len

    def items(self, start: int, stop: int) -> list[Any]:
        """Items start..stop-1 as a list, in one read (cheaper than a numpy slice for a few items)."""
        stop = min(stop, self._len)
        if stop <= start:
            return []
        raw = os.pread(self._fd, (stop - start) * self._item, start * self._item)
        return memoryview(raw).cast(self._fmt).tolist()

    FENCE = 256

    def bisect_left(self, value: int) -> int:
        """`bisect.bisect_left(self, value)` for a sorted array, in two reads instead of ~log2(n): a fence of
        every FENCE-th item (read once, 1/FENCE of the file in memory) picks the block, one read brings it."""
        fence = self.__dict__.get("_fence")
        if fence is None:
            fence = self._fence = self[0 : self._len][:: self.FENCE].tolist()
        block = bisect.bisect_left(fence, value)  # fence[block] is the first fenced item >= value
        lo = max(0, (block - 1) * self.FENCE)
        return lo + bisect.bisect_left(self.items(lo, block * self.FENCE + 1), value)

    @overload
    def __getitem__(self, i: int) -> Any: ...
    @overload
    def __getitem__(self, i: slice) -> npt.NDArray[Any]: ...
    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            a, b, step = i.indices(self._len)
            if step != 1:
                raise ValueError("only contiguous slices")
            raw = os.pread(self._fd, max(0, b - a) * self._item, a * self._item)
            return np.frombuffer(raw, dtype=self._kind)
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        return self._unpack(os.pread(self._fd, self._item, i * self._item))[0]


class Mapped:
    """One array file, read through `Positioned`: `.mv` (scalars, slices, bisect) and `.np` (slices as numpy
    arrays for vector work) are the same reader; the names are the memory-mapped era's."""

    def __init__(self, path: Path, dtype: type[np.generic]) -> None:
        self.mv = self.np = Positioned(path, np.dtype(dtype))


class Strings:
    def __init__(self, folder: Path, stem: str) -> None:
        self._blob = os.open(folder / f"{stem}.bin", os.O_RDONLY)
        weakref.finalize(self, os.close, self._blob)
        self.offsets = Mapped(folder / f"{stem}.off", np.int64).mv

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def raw(self, i: int) -> bytes:
        a, b = self.offsets.items(i, i + 2)
        return os.pread(self._blob, b - a, a)

    def get(self, i: int) -> str:
        return self.raw(i).decode("utf-8")

    def span(self, start: int, stop: int) -> list[str]:
        """Strings start..stop-1 (one read of their bytes)."""
        off = self.offsets.items(start, stop + 1)
        if not off:
            return []
        blob = os.pread(self._blob, off[-1] - off[0], off[0])
        base = off[0]
        return [blob[a - base : b - base].decode("utf-8") for a, b in pairwise(off)]
