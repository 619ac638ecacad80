"""Reading lines with a size cap, so an importer's memory is bounded whatever its input holds.

A bz2 stream of a few hundred bytes can decompress to a single line of gigabytes, and iterating a file
object reads a whole line whatever its length (a 279-byte file with one 300 MB line took import-dataset to
1 GB; one 1 GB line, 3.2 GB). No CRAG record comes near the cap: the real Task 1/2 lines are 0.5-2.8 MB
(5 pages), so a 50-page Task 3 record is some 30 MB.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO

from mockapi.core.user_error import UserError

MAX_LINE_BYTES = 128 << 20
"""The longest line any importer reads (128 MiB: over 4x a 50-page Task 3 record of CRAG's largest pages)."""


def bounded_lines(stream: IO[bytes], label: str, limit: int | None = None) -> Iterator[tuple[int, bytes]]:
    """(line number from 1, line) for every line of `stream`; a line over `limit` bytes (default
    MAX_LINE_BYTES) is a one-line UserError naming the limit, raised before more than that is held."""
    limit = MAX_LINE_BYTES if limit is None else limit
    line_no = 0
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        line_no += 1
        if len(line) > limit:
            raise UserError(
                f"{label}: line {line_no} is longer than {limit / (1 << 20):g} MiB, the importers' limit "
                "per line (no CRAG record is near it: a corrupt or hostile file?)"
            )
        yield line_no, line
