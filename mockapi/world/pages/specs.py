"""Page specs: the compact JSON a page is stored as (content + skin + size), and its visible text."""

from __future__ import annotations

import datetime as dt
import hashlib
import math
import random
from typing import Any

import orjson

from mockapi.formats.pagespec import PageSpec
from mockapi.world.pages import layouts, sites

SPEC_VERSION = 2
# Real CRAG pages: median ~250 KB, from a few KB to ~1.5 MB (crag-wire-contract.md §4.2).
SIZE_MEDIAN, SIZE_SIGMA, SIZE_MIN, SIZE_MAX = 250_000, 0.75, 2_500, 1_600_000


def page_size(rng: random.Random) -> int:
    """A log-normal page length around the real median."""
    return int(min(SIZE_MAX, max(SIZE_MIN, rng.lognormvariate(math.log(SIZE_MEDIAN), SIZE_SIGMA))))


def http_date(moment: dt.datetime | None) -> str:
    """CRAG's page_last_modified: ' Tue, 27 Feb 2024 22:55:55 GMT' (leading space), '' when unknown."""
    return "" if moment is None else moment.strftime(" %a, %d %b %Y %H:%M:%S GMT")


def make(
    rng: random.Random,
    *,
    kind: str,
    domain: str,
    title: str,
    uid: str,
    subject: str,
    blocks: list[list[Any]],
    infobox: list[list[str]] | None = None,
    modified: dt.datetime | None = None,
    published: dt.datetime | None = None,
    empty: bool = False,
    split: str = "dev",
) -> PageSpec:
    """A page spec: content blocks (see `compose`), the site that serves it and its outer shell."""
    skin = sites.skin_for(kind, rng, domain)
    spec: PageSpec = {
        "v": SPEC_VERSION,
        "seed": rng.getrandbits(31),
        "kind": kind,
        "shell": layouts.shell(split, rng),
        "skin": skin,
        "title": title,
        "url": sites.url_for(kind, skin, title, uid, domain),
        "name": sites.page_name(title, skin),
        "subject": subject,
        "section": sites.section(domain),
        "author": f"{rng.choice(_AUTHORS)}",
        "published": published.isoformat(timespec="seconds") if published else "",
        "modified": http_date(modified),
        "infobox": infobox or [],
        "blocks": blocks,
        "size": page_size(rng),
    }
    if empty:
        spec["empty"] = True
    return spec


_AUTHORS = (
    "Staff",
    "Jordan Ellis",
    "Priya Raman",
    "Marcus Webb",
    "Elena Duarte",
    "Sam Okafor",
    "Lena Fischer",
    "Tom Hale",
    "Aiko Mori",
    "Dev Patel",
)


def text_of(spec: PageSpec, *, even_empty: bool = False) -> str:
    """Visible content text (title, infobox, blocks): what full-text search indexes ('' if empty)."""
    if spec.get("empty") and not even_empty:
        return ""
    parts = [spec["title"]]
    parts.extend(f"{k}: {v}" for k, v in spec.get("infobox", []))
    for block in spec["blocks"]:
        tag = block[0]
        if tag in ("h", "p"):
            parts.append(block[1])
        elif tag == "post":
            parts.append(block[2])
        elif tag == "li":
            parts.extend(block[1])
        elif tag == "table":
            parts.append(" ".join(block[1]))
            parts.extend(" ".join(row) for row in block[2])
            if block[3]:
                parts.append(block[3])
        elif tag == "quote" or tag == "fig":
            parts.append(block[1])
    return "\n".join(parts)


def running_text(spec: PageSpec) -> str:
    """The page's running text (paragraphs, posts, quotes, captions), one block a line: what an engine builds
    a snippet from. Not the title, headings, infobox or tables: a short page's snippet then showed its
    timeline and infobox labels ("Date Event Sources", "Release date") where a long page's showed prose, and
    the words told answer pages (the long ones) from the rest."""
    parts = []
    for block in spec["blocks"]:
        if block[0] in ("p", "quote", "fig"):
            parts.append(block[1])
        elif block[0] == "post":
            parts.append(block[2])
    return "\n".join(parts)


def spec_bytes(spec: PageSpec) -> bytes:
    """Canonical JSON (sorted keys, compact, UTF-8): what is hashed and stored. orjson writes the bytes of
    `json.dumps(spec, sort_keys=True, separators=(",", ":"), ensure_ascii=False)` for what a spec holds
    (str keys; str, int, bool and lists: no float, whose exponent forms differ) at a tenth of its CPU: the
    standard encoder was ~2 % of a build's pages stage (tests/world/test_pagespec.py compares the two)."""
    return orjson.dumps(spec, option=orjson.OPT_SORT_KEYS)


def page_id(spec: PageSpec) -> str:
    """Content address of a spec page."""
    return bytes_id(spec_bytes(spec))


def bytes_id(data: bytes) -> str:
    """Content address of a spec page from its `spec_bytes` (when the caller has them already)."""
    return "spec:" + hashlib.sha256(data).hexdigest()
