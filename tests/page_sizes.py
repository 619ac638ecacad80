"""What a world stores under a URL, for tests that check pages come with their bodies: about 3 % of a
synthetic world's pages are stored empty (failed fetches, as in CRAG), and a search may list them."""

from __future__ import annotations

from pathlib import Path

import duckdb

from mockapi.core.paths import PAGES_DB


def stored_size(world: Path, url: str) -> int:
    """The largest HTML size (characters) of the pages stored under `url`; 0 when every one is empty."""
    with duckdb.connect(str(world / PAGES_DB), read_only=True) as con:
        row = con.execute("SELECT coalesce(max(html_size), 0) FROM pages WHERE url = ?", [url]).fetchone()
    return int(row[0]) if row else 0
