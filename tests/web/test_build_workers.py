"""The world build renders and compresses its pages in helper processes (mockapi.core.pipe_pool): the
stored bytes are the serial build's for any number of helpers, so the content hash does not change."""

from __future__ import annotations

import json
import operator
from pathlib import Path

import pytest

from mockapi.core.paths import PAGES_DB, WEB_SERVING_DIR
from mockapi.core.pipe_pool import ordered_map
from mockapi.web.tables_build import build_web_tables


def test_two_helpers_write_the_serial_bytes(small_world: Path, tmp_path: Path) -> None:
    folders = {}  # the small world's 344 pages (tests/small_world.py): chunks enough for both helpers
    for workers in (1, 2):
        build_web_tables(small_world / PAGES_DB, tmp_path / str(workers), workers)
        folder = tmp_path / str(workers) / WEB_SERVING_DIR
        folders[workers] = {p.name: p.read_bytes() for p in sorted(folder.iterdir())}
    assert folders[1].keys() == folders[2].keys()
    for name in folders[1]:
        assert folders[1][name] == folders[2][name], name
    assert len(folders[2]["html.bin"]) > 1_000_000  # the rendered pages, not an empty table
    # and the session's world holds the same (built in one process, TINY_JOBS; tests/world/test_build.py
    # rebuilds it with 2 helpers and compares the content hash, which covers these tables)
    built = json.loads((small_world / WEB_SERVING_DIR / "meta.json").read_text(encoding="utf-8"))
    assert built["digest"] == json.loads(folders[1]["meta.json"])["digest"]


def test_ordered_map_keeps_the_input_order_across_chunks_and_helpers() -> None:
    items = [(i, 3) for i in range(500)]
    assert list(ordered_map(operator.mul, items, workers=3, chunk=7)) == [i * 3 for i in range(500)]
    assert list(ordered_map(operator.mul, items, workers=1)) == [i * 3 for i in range(500)]
    assert list(ordered_map(operator.mul, [], workers=2)) == []


def test_a_helper_error_stops_the_map_with_its_traceback() -> None:
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        list(ordered_map(operator.truediv, [(1, 1), (1, 0), (2, 1)], workers=2, chunk=1))
