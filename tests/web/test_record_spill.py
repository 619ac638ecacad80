"""The build makes each page's stored record in the pages stage, from the one rendering its HTML size needs
(mockapi/world/page_jobs.py `made_page`), and keeps it on disk until the web tables take it
(mockapi/web/record_spill.py): the web tables then render no page again. The record and the size must be
what the web tables and the page row make from the stored spec."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from test_render_pads import stored_specs

from mockapi.formats.pagespec import PageSpec
from mockapi.web.html_store import page_record
from mockapi.web.record_spill import RecordSpill
from mockapi.world.page_jobs import made_page
from mockapi.world.pages.page_writer import page_row


def test_a_page_made_once_has_the_row_and_record_of_its_stored_spec(small_world: Path) -> None:
    specs = stored_specs(small_world)
    assert len(specs) > 300
    odd: list[PageSpec] = [{**specs[0], "empty": True}, {**specs[1], "title": "café – €5 🎬"}]
    for spec in [*specs, *odd]:
        row, record = made_page(spec)
        assert row == page_row(spec)
        assert record == page_record("spec", row[3])


def test_the_spill_gives_back_each_first_record_and_deletes_its_file(tmp_path: Path) -> None:
    rng = random.Random(5)
    records, spill = _filled(tmp_path, rng, 200, 0)
    for page_id in records:
        spill.add(page_id, b"a later record of the same id is the same page: not kept")
    assert spill.get("spec:none") is None
    for page_id in rng.sample(sorted(records), len(records)):
        assert spill.get(page_id) == records[page_id]
    spill.add("spec:late", b"added after reading")
    assert spill.get("spec:late") == b"added after reading"
    spill.close()
    assert not (tmp_path / ".page-records").exists()


def test_a_taken_record_gives_its_disk_back(tmp_path: Path) -> None:
    # the web tables copy every record into web_serving/ once: without freeing each as it is taken, the
    # spill and the copy need twice the records' size on disk at the end of a build (~24 GB each at a
    # 20,000-question train world)
    rng = random.Random(6)
    records, spill = _filled(tmp_path, rng, 300, 1)
    assert spill.get("spec:0") == records["spec:0"]  # flushed: its blocks are on disk
    whole = _on_disk(spill)
    assert whole >= sum(map(len, records.values()))
    order = rng.sample(sorted(records), len(records))  # the web tables' order is not the spill's
    for page_id in order[:200]:
        assert spill.take(page_id) == records[page_id]
        assert spill.get(page_id) is None  # taken once: the web tables read each page once
    if spill.punch is None:
        pytest.skip("this file system keeps a file's blocks (no fallocate PUNCH_HOLE)")
    left = sum(len(records[p]) for p in order[200:])
    assert _on_disk(spill) <= left + 100 * 4096  # a block's slack at most per record left
    for page_id in order[200:]:
        assert spill.take(page_id) == records[page_id]
    assert _on_disk(spill) == 0
    spill.close()


def _on_disk(spill: RecordSpill) -> int:
    return os.stat(spill.path).st_blocks * 512


def _filled(
    tmp_path: Path, rng: random.Random, count: int, smallest: int
) -> tuple[dict[str, bytes], RecordSpill]:
    """A spill holding `count` random records of `smallest` to 40,000 bytes, and those records by id."""
    records = {f"spec:{i}": rng.randbytes(rng.randrange(smallest, 40_000)) for i in range(count)}
    spill = RecordSpill(tmp_path / ".page-records")
    for page_id, record in records.items():
        spill.add(page_id, record)
    return records, spill
