"""String tables on disk: one UTF-8 blob plus an int64 offsets array, both memory-mapped."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt


def write_strings(folder: Path, stem: str, values: Sequence[str]) -> None:
    encoded = [v.encode("utf-8") for v in values]
    offsets = np.zeros(len(encoded) + 1, dtype=np.int64)
    np.cumsum([len(e) for e in encoded], out=offsets[1:])
    (folder / f"{stem}.bin").write_bytes(b"".join(encoded))
    np.save(folder / f"{stem}.off.npy", offsets)


class StringTable:
    """Read-only view of a string table; `get(i)` decodes one string."""

    def __init__(self, folder: Path, stem: str) -> None:
        blob = folder / f"{stem}.bin"
        # np.memmap refuses empty files: an empty table is held as empty bytes
        self.blob: npt.NDArray[np.uint8] | bytes = (
            np.memmap(blob, dtype=np.uint8, mode="r") if blob.stat().st_size else b""
        )
        self.offsets: npt.NDArray[np.int64] = np.load(folder / f"{stem}.off.npy", mmap_mode="r")

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def raw(self, i: int) -> bytes:
        return bytes(self.blob[int(self.offsets[i]) : int(self.offsets[i + 1])])

    def get(self, i: int) -> str:
        return self.raw(i).decode("utf-8")

    def find_sorted(self, key: bytes) -> int:
        """Index of `key` in a table sorted by bytes, or -1."""
        lo, hi = 0, len(self)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.raw(mid) < key:
                lo = mid + 1
            else:
                hi = mid
        return lo if lo < len(self) and self.raw(lo) == key else -1
