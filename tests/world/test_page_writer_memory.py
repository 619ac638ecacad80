"""The pages stage writes pages to pages.duckdb as it goes, so a big train world's build does not hold them.

A page row carries its compressed spec and its visible text (several KB); queued 100,000 at a time, every
page of a world up to ~2,800 questions sat in the build's memory until the stage ended (issue 34).
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

from mockapi.formats.pagespec import PageSpec
from mockapi.world.pages.page_writer import SPILL_DIR, PageRow, PageWriter, open_pages

PAGES = 5_000


def _row(n: int) -> PageRow:
    text = f"page {n} " + "filler words of a page " * 20
    return f"{n:064x}", f"https://example.test/p/{n}", "spec", bytes([n % 251]) * 50, 1_000 + n, text


def test_pages_reach_the_store_while_the_stage_runs(tmp_path: Path) -> None:
    con = open_pages(tmp_path)
    try:
        writer = PageWriter(con)
        stored_midway = 0
        for n in range(PAGES):
            row = _row(n)
            writer.ready[row[1]] = row
            writer.add_page(cast(PageSpec, {"url": row[1]}))
            if n == PAGES // 2:
                stored_midway = con.execute("SELECT count(*) FROM pages").fetchall()[0][0]
        # at most a few thousand rows queued: half way through, most pages are in the store already
        assert stored_midway >= PAGES // 2 - 2_000
        writer.flush()
        ids = [r[0] for r in con.execute("SELECT page_id FROM pages").fetchall()]
    finally:
        con.close()
    assert ids == [_row(n)[0] for n in range(PAGES)]  # every page once, in the order added


def test_the_build_bounds_duckdbs_cache_of_pages_and_spills_inside_the_world(tmp_path: Path) -> None:
    """DuckDB caches the blocks it writes or reads up to 80 % of RAM by default: a train world's build grew
    ~0.7 MB a question. The build's connections to pages.duckdb are capped and spill inside the world."""
    con = open_pages(tmp_path)
    try:
        limit, spill = con.execute(
            "SELECT current_setting('memory_limit'), current_setting('temp_directory')"
        ).fetchall()[0]
    finally:
        con.close()
    assert limit.endswith("MiB") and 900 <= float(limit.split()[0]) <= 1024
    assert Path(spill) == tmp_path / SPILL_DIR


def test_a_built_world_keeps_no_spill_nor_page_records(small_world: Path) -> None:
    left = [p.name for p in small_world.iterdir() if p.name in (SPILL_DIR, ".page-records")]
    assert left == []
