"""Page specs as a declared type (mockapi.formats.pagespec.PageSpec): every spec a world stores has the keys
the type declares and no others, round-trips through its canonical JSON to the same page id, and a spec of an
older world (without the keys marked NotRequired) still renders."""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import duckdb

from mockapi.core.paths import PAGES_DB
from mockapi.formats.pagespec import PageSpec
from mockapi.web.render import html_size, render_page
from mockapi.world.pages.specs import page_id, spec_bytes

# A spec as version 1 wrote it (before layouts had shells): no `shell`, no optional keys.
OLD_SPEC = json.dumps(
    {
        "v": 1, "seed": 1234567, "kind": "article", "skin": "ledger", "title": "Harbor Lane Capital",
        "url": "https://dailyledger.example/harbor-lane", "name": "Harbor Lane Capital - Daily Ledger",
        "subject": "Harbor Lane Capital", "section": "Markets", "author": "Staff",
        "published": "2024-02-27T22:55:55", "modified": " Tue, 27 Feb 2024 22:55:55 GMT", "infobox": [],
        "blocks": [["h", "Dividends"], ["p", "Harbor Lane Capital paid a dividend of $0.42 per share."]],
        "size": 40000,
    }
)  # fmt: skip


def stored_specs(world: Path) -> list[tuple[str, bytes]]:
    with duckdb.connect(str(world / PAGES_DB), read_only=True) as con:
        rows = con.execute("SELECT page_id, body FROM pages WHERE kind = 'spec' ORDER BY page_id").fetchall()
    return [(pid, zlib.decompress(body)) for pid, body in rows]


def test_stored_specs_have_the_declared_keys_and_round_trip(tiny_world: Path) -> None:
    declared = set(PageSpec.__annotations__)
    required = set(PageSpec.__required_keys__)
    rows = stored_specs(tiny_world)
    assert len(rows) > 1000
    for pid, data in rows:
        spec: PageSpec = json.loads(data)
        assert required <= spec.keys() <= declared, (pid, spec.keys() ^ declared)
        assert spec_bytes(spec) == data and page_id(spec) == pid
        assert standard_json(spec) == data  # orjson writes the bytes json.dumps did (the stored form)


def standard_json(spec: PageSpec) -> bytes:
    """The canonical form as the standard encoder wrote it before spec_bytes used orjson."""
    return json.dumps(spec, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def test_spec_bytes_escape_text_as_the_standard_encoder_does() -> None:
    """Whatever text a page holds (quotes, backslashes, control characters, line separators, accents,
    emoji, the highest code point), its canonical bytes are those of `json.dumps`, keys sorted at every
    level."""
    spec = json.loads(OLD_SPEC)
    odd = 'He said "hi"\\ \t\n\r\x00\x1f\x7f \u2028\u2029 café – naïve 😀 \U0010ffff </p> & \ufeff'
    spec["blocks"] = [["p", odd], ["table", ["ä", "b"], [["1", odd]], ""], ["li", [odd, ""]]]
    spec["infobox"] = [[odd, "Ω"]]
    spec["z"], spec["a"], spec["empty"], spec["refs"] = {"b": 1, "a": [True, None]}, -(2**40), False, 0
    assert spec_bytes(spec) == standard_json(spec)


def test_a_spec_of_an_older_world_renders_with_defaults(tiny_world: Path) -> None:
    spec: PageSpec = json.loads(OLD_SPEC)
    skin = json.loads(stored_specs(tiny_world)[0][1])["skin"]  # a skin this version ships
    spec["skin"] = skin
    html = render_page(spec)
    assert "Harbor Lane Capital paid a dividend of $0.42 per share." in html
    assert len(html) == html_size(spec) == 40000
    assert render_page({**spec, "empty": True}) == ""
