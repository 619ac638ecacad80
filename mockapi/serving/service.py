"""`Serving`: the memory-mapped serving structures of the world being served (one per process).

Every exact-key route answers from here: a key lookup returning pre-serialised bytes, no SQL and no thread.
Memory maps are shared by all `--workers` through the page cache; only the Grammy rows (a few thousand
short strings, scanned by substring) are held per process.
"""

from __future__ import annotations

import bisect
import shutil
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from mockapi.serving.build import GRAMMY_ROWS, SERVING_DIR, build_serving, read_meta
from mockapi.serving.tables.frames import FrameMeta
from mockapi.serving.tables.keytable import KeyTable
from mockapi.serving.tables.rows import Con


class Frame:
    """One sports frame: rows by id and the filter index."""

    def __init__(self, folder: Path, name: str, meta: FrameMeta) -> None:
        self.columns: list[str] = meta["columns"]
        self.ids = KeyTable(folder, f"{name}.ids")
        self.bodies = KeyTable(folder, f"{name}.bodies") if "bodies" in meta else None
        self.offsets = np.load(folder / f"{name}.rows.off.npy", mmap_mode="r")
        path = folder / f"{name}.rows.bin"
        self.blob = path.read_bytes() if path.stat().st_size == 0 else _mapped(path)

    def row_ids(self, key: str) -> np.ndarray[Any, np.dtype[np.int32]]:
        found = self.ids.get(key)
        return np.frombuffer(found, dtype=np.int32) if found else np.zeros(0, dtype=np.int32)

    def rows(self, ids: np.ndarray[Any, np.dtype[np.int32]]) -> list[Any]:
        # one fancy-index per bound instead of a memmap access per row (microseconds each)
        starts, ends = self.offsets[ids].tolist(), self.offsets[ids + 1].tolist()
        blob = self.blob
        return [orjson.loads(blob[a:b]) for a, b in zip(starts, ends, strict=True)]


def _mapped(path: Path) -> Any:
    import mmap

    with path.open("rb") as f:
        return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)


class GrammyText:
    """The Grammy table's nominee, artist and workers cells, each column joined into one string.

    The original counts rows whose cell contains a name (`name in str(cell)`, "nan" for missing cells).
    `str.find` walks the joined column in C and each hit jumps to the next cell, so the cost follows the
    number of matching cells, not Python work per row.
    """

    def __init__(self, rows: list[list[Any]]) -> None:
        self.years = [r[3] for r in rows]
        self.columns = []
        self.cells: list[list[str]] = []
        for c in range(3):
            cells = ["nan" if r[c] is None else str(r[c]) for r in rows]
            self.cells.append(cells)
            starts = [0]
            for cell in cells:
                starts.append(starts[-1] + len(cell) + 1)
            self.columns.append(("\x00".join(cells), starts))

    def matching_rows(self, name: str, column: int) -> list[int]:
        text, starts = self.columns[column]
        n_rows = len(starts) - 1
        if "\x00" in name:  # the separator itself: test cell by cell
            return [i for i, cell in enumerate(self.cells[column]) if name in cell]
        out: list[int] = []
        pos = text.find(name)
        while pos >= 0 and n_rows:
            row = bisect.bisect_right(starts, pos) - 1
            out.append(row)
            if row + 1 >= n_rows:
                break
            pos = text.find(name, starts[row + 1])
        return out


class Serving:
    def __init__(self, world: Path, con: Con) -> None:
        """Opens `world/serving/`; a world without one gets it built from `con` in a temp dir."""
        self._tmp: str | None = None
        meta = read_meta(world)
        if meta is None:
            self._tmp = tempfile.mkdtemp(prefix="crag-serving-")
            meta = build_serving(con, Path(self._tmp))
            world = Path(self._tmp)
        folder = world / SERVING_DIR
        self.tables = {name: KeyTable(folder, name) for name in meta["tables"]}
        self.frames = {name: Frame(folder, name, f) for name, f in meta["frames"].items()}
        self.grammy = GrammyText(orjson.loads((folder / GRAMMY_ROWS).read_bytes()))

    def get(self, table: str, key: str) -> bytes | None:
        return self.tables[table].get(key)

    def close(self) -> None:
        for table in self.tables.values():
            table.close()
        for frame in self.frames.values():
            frame.ids.close()
            if frame.bodies is not None:
                frame.bodies.close()
        self.tables, self.frames = {}, {}
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
