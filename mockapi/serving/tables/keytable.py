"""Key tables: exact key → stored bytes (usually a whole pre-serialised response body), memory-mapped.

On disk, per table `<name>`:
- `<name>.bin`: records back to back in the order they were written, each the key's UTF-8 bytes followed by
  the value bytes;
- `<name>.idx.npy`: uint64, shape (4, N): rows key hash, record start, key length, record end; columns
  sorted by hash (ties by write order), so the hash row is one contiguous array. A repeated key keeps its
  last value (as the original's dicts do).
A lookup hashes the key (8 bytes of blake2b), binary-searches the hash column in C (numpy.searchsorted on the
mapped array), compares the key bytes of the (almost always single) equal-hash record and slices the value out
of the mapped blob: a few microseconds, no scan, and every worker process shares the same page-cache pages.
Writing streams: only 32 bytes per record stay in memory, so a table may be far larger than RAM.
"""

from __future__ import annotations

import hashlib
import os
import threading
from array import array
from bisect import bisect_left
from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast

import numpy as np
import numpy.typing as npt


def key_hash(key: bytes) -> int:
    """Stable 64-bit hash of a key (the same in every process and Python version)."""
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "little")


def write_table(folder: Path, name: str, items: Iterable[tuple[str, bytes]]) -> int:
    """Write `items` (key, value) as table `name`, streaming; returns the number of distinct keys."""
    rows = array("Q")
    with (folder / f"{name}.bin").open("wb") as blob:
        pos = 0
        for key, value in items:
            raw = key.encode("utf-8", "surrogatepass")
            blob.write(raw)
            blob.write(value)
            end = pos + len(raw) + len(value)
            rows.extend((key_hash(raw), pos, len(raw), end))
            pos = end
    idx = np.frombuffer(rows, dtype=np.uint64).reshape(-1, 4) if rows else np.zeros((0, 4), np.uint64)
    idx = idx[np.argsort(idx[:, 0], kind="stable")]
    idx = _drop_replaced(folder / f"{name}.bin", idx)
    np.save(folder / f"{name}.idx.npy", np.ascontiguousarray(idx.T))
    return len(idx)


def _drop_replaced(blob_path: Path, idx: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """Of records with the same key, keep the last written (equal keys have equal, adjacent hashes)."""
    same = np.flatnonzero(idx[1:, 0] == idx[:-1, 0])
    if len(same) == 0:
        return idx
    data = blob_path.read_bytes()

    def key(r: Any) -> Any:
        return data[int(r[1]) : int(r[1] + r[2])]

    drop = set()
    for i in same:  # only hash collisions and true duplicates come here: rare
        for j in range(int(i) + 1, len(idx)):
            if idx[j, 0] != idx[i, 0]:
                break
            if key(idx[i]) == key(idx[j]):
                drop.add(int(i))
                break
    return np.delete(idx, sorted(drop), axis=0)


class KeyTable:
    """Read side of one key table, through positioned reads (`os.pread`) of the two files.

    Only a fence of the hash column (every FENCE-th hash, 1/FENCE of it) is held in memory; a lookup reads
    the one block of hashes the fence points to, the record's bounds, and the record. These are reads of
    the page cache, shared by every worker like a memory map, but nothing is mapped into the process, so
    its RSS does not grow with the keys it has served (mapped pages count as RSS, in large folios).
    """

    FENCE = 512

    def __init__(self, folder: Path, name: str) -> None:
        """Nothing is read until the first lookup: a world's few dozen tables then cost start-up nothing
        (their files may be cold on disk: ~0.65 s at 1M open entities when opened up front)."""
        self._folder, self._name = folder, name
        self._fence: list[int] | None = None
        self._lock = threading.Lock()

    def _open(self) -> list[int]:
        with self._lock:
            if self._fence is None:
                self._load(self._folder, self._name)
            assert self._fence is not None
            return self._fence

    def _load(self, folder: Path, name: str) -> None:
        idx: npt.NDArray[np.uint64] = np.load(folder / f"{name}.idx.npy", mmap_mode="r")
        self.size = n = idx.shape[1]
        self._header = int(cast(Any, idx).offset)  # a memmap: where the array starts in the file
        fence = idx[0, :: self.FENCE].tolist()  # the only part held in memory
        del idx  # unmapped: the pages just read leave this process
        self._idx = os.open(folder / f"{name}.idx.npy", os.O_RDONLY)
        self._bin = os.open(folder / f"{name}.bin", os.O_RDONLY)
        self._rows = [self._header + r * n * 8 for r in range(4)]  # file offset of each index row
        self._fence = fence  # last: another thread may read it without the lock

    def __len__(self) -> int:
        self._fence or self._open()
        return int(self.size)

    def _u64(self, row: int, i: int, count: int = 1) -> array[int]:
        out = array("Q")
        out.frombytes(os.pread(self._idx, 8 * count, self._rows[row] + 8 * i))
        return out

    def keys(self) -> list[str]:
        """Every key, in hash order (a full read of the index: for start-up work, never per request)."""
        fence = self._fence or self._open()
        del fence
        starts, lengths = self._u64(1, 0, self.size), self._u64(2, 0, self.size)
        return [
            os.pread(self._bin, klen, start).decode("utf-8", "surrogatepass")
            for start, klen in zip(starts, lengths, strict=True)
        ]

    def get(self, key: str) -> bytes | None:
        """The value stored under `key`, or None."""
        raw = key.encode("utf-8", "surrogatepass")
        h = key_hash(raw)
        fence = self._fence or self._open()
        block = bisect_left(fence, h)  # fence[block] is the first fenced hash >= h
        lo = max(0, (block - 1) * self.FENCE)
        hashes = self._u64(0, lo, min(self.size, block * self.FENCE + 1) - lo)
        i = lo + bisect_left(hashes, h)
        while i < self.size:
            if i - lo >= len(hashes):  # equal hashes running past the block read: one more at a time
                hashes.extend(self._u64(0, i))
            if hashes[i - lo] != h:
                return None
            start, klen, end = self._u64(1, i)[0], self._u64(2, i)[0], self._u64(3, i)[0]
            record = os.pread(self._bin, end - start, start)
            if record[:klen] == raw:
                return record[klen:]
            i += 1
        return None

    def close(self) -> None:
        if self._fence is not None:
            for fd in (self._idx, self._bin):
                os.close(fd)
            self._fence = None
