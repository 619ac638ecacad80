"""Issue 34: the key-phrase scan of served pages cleans each page's body once (kept for later questions)
and cleans ASCII without a regex. The hits must be exactly those of `clean` over the whole served text
joined (the scan as written before, `reference_hits`): on the tiny world's served pages and on random
Unicode built to join across the pieces' edges (combining marks, bodies that start with text)."""

from __future__ import annotations

import html
import random
import re
import string
import unicodedata
from pathlib import Path

import httpx
import orjson
from crag_eval.files.questions import load_world_questions
from crag_eval.files.records import SearchPage, SearchReply
from crag_eval.run.fetch_helper import Connections, search
from crag_eval.run.frames import MEDIA_TYPE
from crag_eval.score import phrases
from crag_eval.score.diagnostics import RunHooks
from crag_eval.score.markup import strip_markup
from crag_eval.score.phrases import clean, served_evidence

_NON_WORD = re.compile(r"[\W_]+")


def reference_clean(text: str) -> str:
    return _NON_WORD.sub("", unicodedata.normalize("NFKC", text).casefold())


def reference_hits(pages: list[SearchPage], found: tuple[str, ...]) -> int:
    def plain(page: SearchPage) -> str:
        head = " ".join(html.unescape(str(page.get(k) or "")) for k in ("page_name", "page_snippet"))
        return head + html.unescape(strip_markup(page.get("page_result") or ""))

    haystack = reference_clean(" ".join(plain(p) for p in pages))
    return sum(1 for p in found if reference_clean(p) and reference_clean(p) in haystack)


def hits(pages: list[SearchPage], found: tuple[str, ...]) -> int:
    reply: SearchReply = {"result": pages}
    return served_evidence(reply, 50, found)[1]["served_hits"]


def test_clean_of_ascii_is_the_regexs() -> None:
    rng = random.Random(7)
    for _ in range(2000):
        text = "".join(rng.choice(string.printable) for _ in range(rng.randint(0, 40)))
        assert clean(text) == reference_clean(text)
    assert clean("Café — Ⅻ ﬁne_x") == reference_clean("Café — Ⅻ ﬁne_x") == "caféxiifinex"


def test_clean_of_unicode_is_the_regexs() -> None:
    """Non-ASCII text loses its ASCII non-word characters in C first, then the regex takes the rest."""
    rng = random.Random(34)
    pool = string.printable + "_éÉßİıſﬁ—–’“”\u00a0\u2028\u0301\u0308ⅫＡ１＿中文😀·¿¡\u200b\ufdd0"
    for _ in range(2_000):
        text = "".join(rng.choice(pool) for _ in range(rng.randint(0, 40)))
        assert clean(text) == reference_clean(text), repr(text)


def test_served_pages_give_the_hits_of_the_whole_text(tiny_server: str, tiny_world: Path) -> None:
    rng = random.Random(34)
    hooks = RunHooks()
    with httpx.Client(timeout=60) as http:
        for q in load_world_questions(tiny_world)[:12]:
            pages = hooks.fetch(http, tiny_server, q, 50)
            texts = [html.unescape(strip_markup(p["page_result"] or "")) for p in pages[:5]]
            texts = [t for t in texts if len(t) > 40]
            found = tuple(t[i : i + rng.randint(3, 40)] for t in texts for i in (rng.randrange(len(t)),))
            found += (q.query, "zq" * 9)
            for _ in range(2):  # the second time from the kept bodies
                assert hits(pages, found) == reference_hits(pages, found) >= 1


MARKS = [
    "\u0301",
    "\u0308",
    "\u0338",
    "\u200d",
    "e",
    "E",
    " ",
    "<",
    ">",
    "&amp;",
    "&#x301;",
    "ß",
    "Ⅻ",
    "ﬁ",
    "_",
]


def test_pieces_joining_across_their_edges_give_the_hits_of_the_whole_text() -> None:
    rng = random.Random(3)
    phrases._BODIES = phrases._BodyCache(limit=8)
    for _ in range(1500):
        parts = [rng.choice(MARKS) for _ in range(rng.randint(0, 6))]
        body = "".join(
            rng.choice(["<p>", "</p>", "<b x='1'>", *parts, "text"]) for _ in range(rng.randint(0, 6))
        )
        pages: list[SearchPage] = [
            {"page_name": "".join(rng.sample(MARKS, 2)), "page_snippet": "".join(parts), "page_result": body},
            {
                "page_name": "e",
                "page_snippet": rng.choice(MARKS),
                "page_result": rng.choice([body, None, ""]),
            },
        ]
        found = tuple({"".join(rng.choices(MARKS, k=rng.randint(1, 3))) for _ in range(6)})
        assert hits(pages, found) == reference_hits(pages, found), pages


def test_framed_pages_keyed_by_their_records_give_the_hits_of_the_whole_text(
    tiny_server: str, tiny_world: Path
) -> None:
    """The lean fetch (fetch_helper.search) reads frames and keys each body's cleaned text by its page's
    record (crag_eval.run.frames.read_frames_keyed), not by hashing the body: the same pages as the JSON
    answer, the hits of the whole text, and the kept texts under record keys, never under body hashes."""
    rng = random.Random(35)
    hooks, connections = RunHooks(), Connections()
    before = set(phrases._BODIES.kept)
    accept = {"accept": f"{MEDIA_TYPE}, application/json", "accept-encoding": "gzip"}
    try:
        with httpx.Client(timeout=60) as http:
            for q in load_world_questions(tiny_world)[12:24]:
                pages = hooks.fetch(http, tiny_server, q, 50)
                texts = [html.unescape(strip_markup(p["page_result"] or "")) for p in pages[:5]]
                texts = [t for t in texts if len(t) > 40]
                found = tuple(t[i : i + rng.randint(3, 40)] for t in texts for i in (rng.randrange(len(t)),))
                found += (q.query, "zq" * 9)
                target, body, headers = hooks.search_request(tiny_server, q, 50)
                for _ in range(2):  # the second time from the kept pages and bodies
                    reply = search(connections, target, orjson.dumps(body), {**headers, **accept}, 50, found)
                    assert reply[0] == pages
                    assert reply[1]["served_hits"] == reference_hits(pages, found) >= 1
        added = set(phrases._BODIES.kept) - before
        assert added and all(isinstance(key, tuple) and key[0] == "record" for key in added)
    finally:
        connections.close()
