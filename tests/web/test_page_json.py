"""The web tables store each page as its JSON string, deflated (mockapi/web/html_store.py). The build makes
that string in pieces (mockapi/web/render.py `page_json_pieces`: the skeleton escaped, the pads sliced from
the pools escaped once) and feeds the pieces to zlib one by one: the same bytes as escaping the rendered
page whole and compressing it in one call, on every page of the tiny world and on pages made to be odd."""

from __future__ import annotations

import random
import zlib
from pathlib import Path

import orjson
import pytest
from test_render_pads import stored_specs

from mockapi.formats.pagespec import PageSpec
from mockapi.web.deflate import Deflated
from mockapi.web.html_store import (
    HEADER,
    html_record,
    inflate,
    json_record,
    page_record,
    record_and_html,
)
from mockapi.web.render import _MARK, _pools, page_and_json, page_json, page_json_pieces, render_page


def test_every_tiny_page_escapes_and_deflates_as_the_rendered_page(tiny_world: Path) -> None:
    specs = stored_specs(tiny_world)
    assert len(specs) > 1000
    for spec in specs:
        html = render_page(spec)
        assert page_json(spec) == orjson.dumps(html)
        body = zlib.compress(orjson.dumps(spec))
        record = page_record("spec", body)
        assert inflate(record) == orjson.dumps(html)
        assert record[: HEADER.size] == html_record(html)[: HEADER.size]  # CRC-32 and length
        assert record_and_html("spec", body) == (record, html)


def test_the_pads_blocks_are_spliced_deflated_and_cost_few_bytes(tiny_world: Path) -> None:
    """Most of a page's JSON comes deflated already, and its record is within 6 % of one-call deflate's."""
    specs = [s for s in stored_specs(tiny_world) if not s.get("empty")][:200]
    spliced = total = stored = one_call = 0
    for spec in specs:
        pieces = page_json_pieces(spec)
        spliced += sum(len(p.raw) for p in pieces if isinstance(p, Deflated))
        total += sum(len(p.raw if isinstance(p, Deflated) else p) for p in pieces)
        stored += len(json_record(pieces))
        one_call += len(html_record(render_page(spec)))
    assert spliced > 0.5 * total
    assert stored < 1.06 * one_call


ODD = ['"quoted"', "back\\slash", "tab\tand\nnewline\r", "ctrl \x01\x1f", "café – €5", "🎬", "</script>"]


@pytest.mark.parametrize("text", ODD)
def test_odd_text_escapes_as_orjson_does(tiny_world: Path, text: str) -> None:
    # an article with a body: ~3 % of pages are stored empty (failed fetches, as in CRAG), a first one too
    spec = next(s for s in stored_specs(tiny_world) if s["kind"] == "article" and not s.get("empty"))
    odd: PageSpec = {**spec, "title": f"{spec['title']} {text}", "subject": text}
    assert page_json(odd) == orjson.dumps(render_page(odd))
    marked: PageSpec = {**odd, "title": odd["title"] + _MARK["css_pad"]}  # a mark in the page's own text
    assert page_json(marked) == orjson.dumps(render_page(marked))


def test_any_page_size_and_the_empty_page(tiny_world: Path) -> None:
    """Sizes from no padding at all (pads too small for their frame are spaces) to the largest pads."""
    # an article with a body: ~3 % of pages are stored empty (failed fetches, as in CRAG), a first one too
    spec = next(s for s in stored_specs(tiny_world) if s["kind"] == "article" and not s.get("empty"))
    rng = random.Random(7)
    sizes = [0, 1, 500, 5_000, 50_000, 1_600_000, *(rng.randrange(0, 1_600_000) for _ in range(30))]
    for size in sizes:
        for seed in (0, rng.randrange(1 << 30)):
            sized: PageSpec = {**spec, "size": size, "seed": seed}
            html, pieces = page_and_json(sized)
            assert html == render_page(sized)
            assert page_json(sized) == orjson.dumps(html) == inflate(json_record(pieces))
    assert page_json({**spec, "empty": True}) == orjson.dumps("") == b'""'


def test_pieces_fed_to_zlib_one_by_one_deflate_as_one_call() -> None:
    """`json_record` feeds zlib piece by piece: deflate's output does not depend on where its input is cut."""
    text = _pools()["head_js_pad"].text[:400_000].encode()
    rng = random.Random(3)
    for _ in range(20):
        cuts = sorted(rng.sample(range(1, len(text)), rng.randrange(1, 12)))
        pieces = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
        assert json_record(pieces) == json_record([text])


def test_the_pieces_are_views_not_copies(tiny_world: Path) -> None:
    """The pads come as views of the pools' escaped text: nine tenths of a page is never copied to join."""
    # an article with a body: ~3 % of pages are stored empty (failed fetches, as in CRAG), a first one too
    spec = next(s for s in stored_specs(tiny_world) if s["kind"] == "article" and not s.get("empty"))
    pieces = page_json_pieces(spec)
    viewed = sum(len(p.raw if isinstance(p, Deflated) else p) for p in pieces if not isinstance(p, bytes))
    assert viewed > 0.5 * sum(len(p.raw if isinstance(p, Deflated) else p) for p in pieces)
