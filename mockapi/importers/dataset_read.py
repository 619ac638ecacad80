"""Reading CRAG dataset files as a stream of records: .jsonl, .jsonl.bz2, .tar.bz2 and split .tar.bz2.partN.

Nothing is loaded whole (the Task 3 archive is ~7 GB compressed): split parts are read back to back through
one file object, decompressed by bz2 and unpacked by tarfile in stream mode, line by line.
"""

from __future__ import annotations

import bz2
import io
import json
import queue
import re
import tarfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TypeVar

import orjson
from pydantic import JsonValue

from mockapi.core.user_error import UserError
from mockapi.importers.bounded import bounded_lines

LFS_MAGIC = b"version https://git-lfs.github.com/spec/v1"
PART = re.compile(r"^(?P<stem>.+\.tar\.bz2)\.part(?P<n>\d+)$")
Advance = Callable[[int], None]
T = TypeVar("T")
_DONE: Any = object()
Record = dict[str, JsonValue]
"""One line of a CRAG dataset file: a JSON object, its keys and value types as the file has them (checked by
`dataset_write`, and kept when odd: see `dataset_write.record_layout`)."""


@dataclass(frozen=True)
class Source:
    """One logical input: a file, or the ordered parts of one split archive."""

    label: str
    paths: tuple[Path, ...]
    kind: str  # 'jsonl' | 'jsonl.bz2' | 'tar.bz2'

    @property
    def size(self) -> int:
        return sum(p.stat().st_size for p in self.paths)


def plan_sources(files: list[Path]) -> list[Source]:
    """Group split parts (with their siblings on disk), check every file exists and holds real data."""
    sources: list[Source] = []
    stems_done: set[Path] = set()
    for path in files:
        if not path.is_file():
            raise UserError(f"{path}: no such file")
        match = PART.match(path.name)
        if match:
            stem = path.with_name(match["stem"])
            if stem not in stems_done:
                stems_done.add(stem)
                sources.append(_split_source(stem))
            continue
        sources.append(Source(path.name, (path,), _kind(path)))
    for source in sources:
        for part in source.paths:
            _refuse_lfs_pointer(part)
    return sources


def _kind(path: Path) -> str:
    name = path.name.lower()
    for kind in ("tar.bz2", "jsonl.bz2", "jsonl"):
        if name.endswith("." + kind):
            return kind
    raise UserError(f"{path}: unknown file type; expected .jsonl, .jsonl.bz2, .tar.bz2 or .tar.bz2.partN")


def _split_source(stem: Path) -> Source:
    """All `<stem>.partN` next to each other on disk, in numeric order, numbered from 0 or 1 without gaps."""
    numbered = sorted(
        (int(m["n"]), p) for p in stem.parent.glob(stem.name + ".part*") if (m := PART.match(p.name))
    )
    numbers = [n for n, _p in numbered]
    expected = list(range(numbers[0], numbers[0] + len(numbers)))
    if numbers[0] not in (0, 1) or numbers != expected:
        missing = sorted(set(range(min(1, numbers[0]), numbers[-1] + 1)) - set(numbers))
        raise UserError(
            f"{stem.name}: split archive is missing part(s) {missing}; download every .partN file"
        )
    label = f"{stem.name}.part{numbers[0]}..{numbers[-1]}"
    return Source(label, tuple(p for _n, p in numbered), "tar.bz2")


def _refuse_lfs_pointer(path: Path) -> None:
    with path.open("rb") as f:
        head = f.read(len(LFS_MAGIC))
    if head == LFS_MAGIC:
        raise UserError(
            f"{path} is a Git LFS pointer file, not the data: run `git lfs install && git lfs pull` in your "
            f"CRAG clone (or download the file from the dataset page), then import the real file"
        )


class PartsReader(io.RawIOBase):
    """The concatenation of several files as one readable stream, counting bytes for the progress bar."""

    def __init__(self, paths: tuple[Path, ...], advance: Advance) -> None:
        self._paths = list(paths)
        self._advance = advance
        self._current: io.BufferedReader | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while True:
            if self._current is None:
                if not self._paths:
                    return 0
                self._current = self._paths.pop(0).open("rb")
            n = self._current.readinto(buffer)
            if n:
                self._advance(n)
                return n
            self._current.close()
            self._current = None

    def close(self) -> None:
        if self._current is not None:
            self._current.close()
        super().close()


def iter_records(source: Source, advance: Advance) -> Iterator[tuple[str, Record]]:
    """(where, record) for every line of every JSONL stream in `source`; `where` names file and line."""
    raw = io.BufferedReader(PartsReader(source.paths, advance), buffer_size=1 << 20)
    try:
        if source.kind == "jsonl":
            yield from _lines(raw, source.label)
        elif source.kind == "jsonl.bz2":
            yield from _lines(bz2.BZ2File(raw), source.label)
        else:
            yield from _tar_members(raw, source.label)
    finally:
        raw.close()


def _tar_members(raw: IO[bytes], label: str) -> Iterator[tuple[str, Record]]:
    try:
        with tarfile.open(fileobj=raw, mode="r|bz2") as archive:
            for member in archive:
                name = member.name.lower()
                if not member.isfile() or not (name.endswith(".jsonl") or name.endswith(".jsonl.bz2")):
                    continue
                stream = archive.extractfile(member)
                if stream is None:
                    continue
                if name.endswith(".bz2"):
                    stream = bz2.BZ2File(stream)
                yield from _lines(stream, f"{label} (member {member.name})")
    except (tarfile.TarError, EOFError, OSError) as exc:
        raise UserError(f"{label}: not a readable tar.bz2 archive (truncated or corrupt): {exc}") from None


def _lines(stream: IO[bytes], label: str) -> Iterator[tuple[str, Record]]:
    line_no = 0
    try:
        for line_no, line in bounded_lines(stream, label):
            if not line.strip():
                continue
            yield f"{label}: line {line_no}", _parse(line, label, line_no)
    except (EOFError, OSError) as exc:
        raise UserError(
            f"{label}: line {line_no + 1}: the compressed data ends early or is corrupt "
            f"(re-download the file): {exc}"
        ) from None


def _loads(line: bytes) -> JsonValue:
    """orjson for speed; the stdlib for what orjson refuses but JSON allows (lone surrogate escapes)."""
    try:
        value: JsonValue = orjson.loads(line)
    except orjson.JSONDecodeError:
        value = json.loads(line)
    return value


def _parse(line: bytes, label: str, line_no: int) -> Record:
    try:
        record = _loads(line)
    except ValueError as exc:
        hint = " (the file looks truncated)" if not line.endswith(b"\n") else ""
        raise UserError(f"{label}: line {line_no}: not valid JSON{hint}: {exc}") from None
    if not isinstance(record, dict):
        raise UserError(f"{label}: line {line_no}: expected a JSON object, got {type(record).__name__}")
    return record


def prefetched(items: Iterator[T], depth: int = 4) -> Iterator[T]:
    """`items`, produced by a background thread, so that bz2 decompression (which releases the GIL) of the
    next records overlaps with storing the current one. Errors are re-raised in the consumer; a consumer
    that stops early stops the producer too."""
    slots: queue.Queue[tuple[Any, BaseException | None]] = queue.Queue(maxsize=depth)
    stop = threading.Event()

    def put(entry: tuple[Any, BaseException | None]) -> bool:
        while not stop.is_set():
            try:
                slots.put(entry, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def produce() -> None:
        try:
            for item in items:
                if not put((item, None)):
                    return
            put((_DONE, None))
        except BaseException as exc:
            put((_DONE, exc))
        finally:
            close = getattr(items, "close", None)
            if close is not None:
                close()

    worker = threading.Thread(target=produce, name="import-reader", daemon=True)
    worker.start()
    try:
        while True:
            item, error = slots.get()
            if item is _DONE:
                if error is not None:
                    raise error
                return
            yield item
    finally:
        stop.set()
        worker.join()
