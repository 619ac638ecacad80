"""The renderer fills a page's padding slots in one join (mockapi/web/render.py): the same HTML as the five
`str.replace` calls it replaced (kept here as the reference), on every page of the tiny world."""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import cast

import duckdb

from mockapi.formats.pagespec import PageSpec
from mockapi.web.render import _MARK, _budgets, _pools, _skeleton, render_page


def replaced(spec: PageSpec) -> str:
    """The renderer before the join: each slot's first mark replaced in turn."""
    if spec.get("empty"):
        return ""
    html = _skeleton(spec)
    seed = int(spec.get("seed", 0))
    pools = _pools()
    for i, (name, n) in enumerate(_budgets(spec, len(html)).items()):
        html = html.replace(_MARK[name], pools[name].fill(n, seed + 7919 * i), 1)
    return html


def stored_specs(world: Path) -> list[PageSpec]:
    con = duckdb.connect(str(world / "pages.duckdb"), read_only=True)
    try:
        rows = con.execute("SELECT body FROM pages WHERE kind = 'spec' ORDER BY page_id").fetchall()
    finally:
        con.close()
    return [cast(PageSpec, json.loads(zlib.decompress(body))) for (body,) in rows]


def test_join_renders_what_replace_did(tiny_world: Path) -> None:
    specs = stored_specs(tiny_world)
    assert len(specs) > 1000
    kinds = set()
    for spec in specs:
        html = render_page(spec)
        assert html == replaced(spec)
        assert "\x00" not in html  # every mark filled
        kinds.add(spec["kind"])
    assert {"pdf", "article"} <= kinds  # a page that draws no shell and a full page (spa pages are train's)


def test_a_mark_in_the_text_is_filled_as_before(tiny_world: Path) -> None:
    """A page whose own text holds a mark's characters: the first one is filled, as replace did."""
    spec = next(s for s in stored_specs(tiny_world) if s["kind"] == "article")
    odd: PageSpec = {**spec, "title": spec["title"] + _MARK["nav_pad"]}
    assert render_page(odd) == replaced(odd)
