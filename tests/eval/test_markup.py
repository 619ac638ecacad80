"""The harness's fast tag strip gives exactly what its regex gives, on real CRAG pages and on seeded random
markup built to hit the rule's corners (unclosed scripts, `<>`, upper case, `</script  >`, `<scripts>`), in
ASCII and in Unicode (where `\\b`, `\\s` and case-insensitive names follow other rules)."""

from __future__ import annotations

import bz2
import json
import random
from pathlib import Path

import pytest
from crag_eval.score.markup import MARKUP, strip_markup

PIECES = [
    "<", ">", "</", "/", "script", "SCRIPT", "Script", "style", "STYLE", "scripts", " ", "  ", "\n", "\t",
    "\x0b", "\x1c", "a", "b=1", "_", "-", "x", "<>", "<p>", "</p>", "&amp;", '"', "<!--", "-->",
]  # fmt: skip


UNICODE = [
    "é", "\u00a0", "\u2003", "\u3000", "ſ", "ſcript", "SCRİPT", "scrıpt", "\u212a", "ß", "²", "ٳ", "–",
    "\u0085", "ſtyle", "ſcrip", "t", "\U0001f600",
]  # fmt: skip


def random_markup(rng: random.Random, pieces: list[str] = PIECES) -> str:
    return "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))


def test_random_markup_strips_as_the_regex_does() -> None:
    rng = random.Random(22)
    cases = [random_markup(rng) for _ in range(20_000)]
    assert sum("<script" in c.lower() and "</script" in c.lower() for c in cases) > 150  # the corners are hit
    for html in cases:
        assert strip_markup(html) == MARKUP.sub(" ", html), html


def test_random_unicode_markup_strips_as_the_regex_does() -> None:
    rng = random.Random(24)
    pieces = PIECES + UNICODE
    cases = [random_markup(rng, pieces) for _ in range(20_000)]
    assert sum("ſcript" in c and "</" in c for c in cases) > 100  # the Unicode corners are hit
    for html in cases:
        assert strip_markup(html) == MARKUP.sub(" ", html), html


@pytest.mark.parametrize(
    "html",
    [
        "<script>a</script>b",
        "<SCRIPT>x</script  >y<style>s</STYLE>z",
        "<script>never closed <b>bold</b>",
        "<scripts>t</scripts>",
        "<script-x>t</script-x></script>after",
        "a<>b<c>",
        "<div title='<script>'>x</div></script>",
        "<script>a</scripta></script\n>b",
        "no tags at all",
        "tail <",
        "<style>é</style>ü",
        "<ſcript>x</script>y",  # 'ſ' matches 's' in the pattern's literal name…
        "<script>x</ſcript>y<p>",  # …but not in the backreference
        "<ſcript>x</ſcript>y",
        "<scriptó>x</scriptó>y",  # 'ó' is a word character: no \b after the name
        "<script>x</script\u00a0\u2003>y",  # Unicode spaces are \s
        "<SCRİPT>x</scrİpt>y<b>",
    ],
)
def test_corner_cases(html: str) -> None:
    assert strip_markup(html) == MARKUP.sub(" ", html)


def test_real_crag_pages(crag_fixture: Path) -> None:
    with bz2.open(crag_fixture, "rt", encoding="utf-8") as lines:
        pages = [
            page["page_result"]
            for line in lines
            for page in json.loads(line)["search_results"]
            if page.get("page_result")
        ]
    assert len(pages) >= 40
    for html in pages:
        assert strip_markup(html) == MARKUP.sub(" ", html)
