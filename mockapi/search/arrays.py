"""Flat little-endian arrays and string tables on disk, memory-mapped read-only.

Each array is a raw file (no header) read two ways without copying: a `memoryview` (fast scalar and slice
access from Python, `bisect` works on it) and a numpy view (vector work on long postings). Strings are a
UTF-8 blob plus an int64 offsets array.
"""

from __future__ import annotations

import hashlib
import mmap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

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


class Mapped:
    """One array file: `.mv` (memoryview) and `.np` (numpy), both over the same read-only mapping."""

    def __init__(self, path: Path, dtype: type[np.generic]) -> None:
        kind = np.dtype(dtype)
        fmt: Any = _FORMATS[kind]  # a str, not one of memoryview.cast's literal overloads
        size = path.stat().st_size
        if size == 0:  # mmap refuses empty files
            self.np: npt.NDArray[np.generic] = np.zeros(0, dtype=kind)
            self.mv: memoryview[Any] = memoryview(b"").cast(fmt)
            return
        with path.open("rb") as f:
            self._map = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        self.mv = memoryview(self._map).cast(fmt)
        self.np = np.frombuffer(self._map, dtype=kind)


class Strings:
    def __init__(self, folder: Path, stem: str) -> None:
        blob = folder / f"{stem}.bin"
        self.blob: bytes | mmap.mmap = b""
        if blob.stat().st_size:
            with blob.open("rb") as f:
                self.blob = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        self.offsets = Mapped(folder / f"{stem}.off", np.int64).mv

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def raw(self, i: int) -> bytes:
        return self.blob[self.offsets[i] : self.offsets[i + 1]]

    def get(self, i: int) -> str:
        return self.raw(i).decode("utf-8")

    def span(self, start: int, stop: int) -> list[str]:
        """Strings start..stop-1."""
        off = self.offsets
        return [self.blob[off[i] : off[i + 1]].decode("utf-8") for i in range(start, stop)]
