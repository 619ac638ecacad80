"""One URL, one page, at any world size (mockapi/world/page_jobs.py `Claims`).

A page URL holds a short decimal id hashed from the page's uid (5 digits for a listing), so a train world of
20,000 questions (~720,000 pages) drew two pages at one URL and its build stopped ("two different pages
share the URL …/lists/box-office-weekend-results-39763"). The build's process now gives a URL to the first
page made for it; a later page moves to another id of the same shape and is made again. Checked on real
roundup pages of every kind made at one URL, and through the real page writer on a real pages.duckdb.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

from mockapi.formats.pagespec import PageSpec
from mockapi.world.context import WorldContext
from mockapi.world.page_jobs import Claims, made_page, noise_page
from mockapi.world.pages import specs
from mockapi.world.pages.page_writer import PageWriter, open_pages
from mockapi.world.scales import get_scale

CTX = WorldContext(scale=get_scale("tiny"), seed=0, split="train")


def _shape(url: str, kind: str) -> str:
    """A URL with its digits as #; a quote's and a box score's slug is there for one id in two (sites.py)."""
    shape = re.sub(r"\d+", "#", url)
    return re.sub(r"(/#)/.*$", r"\1", shape) if kind in ("quote", "boxscore") else shape


def _roundups() -> list[PageSpec]:
    """Real roundup pages of as many kinds as a few dozen draws give, one per kind."""
    kinds: dict[str, PageSpec] = {}
    for domain in ("finance", "sports", "music", "movie", "open"):
        for n in range(12):
            spec = noise_page(CTX, domain, n, frozenset())[0]
            kinds.setdefault(spec["kind"], spec)
    return list(kinds.values())


def _twin(spec: PageSpec) -> PageSpec:
    """Another page drawn at the same URL: same site, title and URL, other content."""
    twin = copy.deepcopy(spec)
    twin["seed"] = spec["seed"] ^ 1
    return twin


def test_a_later_page_at_a_taken_url_moves_to_an_id_of_its_own_of_the_same_shape() -> None:
    pages = _roundups()
    assert len({p["kind"] for p in pages}) >= 3
    claims = Claims()
    for first in pages:
        second, third = _twin(first), _twin(_twin(first))
        third["seed"] ^= 2
        url = first["url"]
        assert claims.place(first, *made_page(first)) == made_page(first)  # first come keeps its URL
        assert first["url"] == url
        row, record = claims.place(second, *made_page(second))
        assert second["url"] != url, second["kind"]
        assert _shape(second["url"], first["kind"]) == _shape(url, first["kind"]), second["kind"]
        assert (row, record) == made_page(second)  # made again at its new URL: row and record agree
        assert row[0] == specs.page_id(second) and row[1] == second["url"]
        claims.place(third, *made_page(third))  # a third moves past both
        assert len({url, second["url"], third["url"]}) == 3
        # the same page placed again keeps its URL (a page listed twice, or made again by a later fill)
        again = copy.deepcopy(second)
        claims.place(again, *made_page(again))
        assert again["url"] == second["url"]
    # the same order gives the same URLs: a build's bytes do not depend on anything but its inputs
    replay = Claims()
    for first in _roundups():
        second = _twin(first)
        replay.place(first, *made_page(first))
        replay.place(second, *made_page(second))
        assert second["url"] in claims.at


def test_two_pages_drawn_at_one_url_both_reach_the_store(tmp_path: Path) -> None:
    first = _roundups()[0]
    second = _twin(first)
    claims = Claims()
    con = open_pages(tmp_path)
    try:
        writer = PageWriter(con)
        for spec in (first, second):
            row, _ = claims.place(spec, *made_page(spec))
            writer.ready[spec["url"]] = row
            writer.add_page(spec)  # raised "two different pages share the URL" before Claims
        writer.flush()
        stored = dict(con.execute("SELECT url, page_id FROM pages").fetchall())
    finally:
        con.close()
    assert stored == {first["url"]: specs.page_id(first), second["url"]: specs.page_id(second)}
