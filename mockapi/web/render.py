"""HTML of a synthetic page from its compact spec: Jinja2 templates (web_pages/) plus sized boilerplate.

The stored spec holds only the content (title, blocks, skin, kind) and a target size. Real pages are mostly
boilerplate (inline CSS and scripts, navigation, related links), so the renderer pads those slots from fixed
pools until the page has exactly the target length. The bytes depend only on the spec and RENDERER_VERSION,
which is part of the world's content hash.
"""

from __future__ import annotations

import bisect
import datetime as dt
import itertools
import json
import random
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import jinja2
import orjson
from markupsafe import Markup

import web_pages
from mockapi.formats.pagespec import PageSpec
from mockapi.web.deflate import Deflated, JsonPiece, deflate_after

RENDERER_VERSION = "3"
BLOCK = 16_384
"""Escaped bytes of a pool deflated alone, once per process (`_EscapedPool`): a page's pads are mostly
whole blocks, stored as these bytes; smaller blocks deflate less of each page but each compresses less."""

# Shares of the padding budget per slot: inline CSS, head scripts, nav, related links, tail scripts. Visible
# slots (nav, related links) are capped: on real pages navigation is a small part of the visible text.
_SLOTS = (
    ("css_pad", 0.3),
    ("head_js_pad", 0.36),
    ("nav_pad", 0.02),
    ("related_pad", 0.02),
    ("tail_js_pad", 0.3),
)
_VISIBLE_CAP = {"nav_pad": 700, "related_pad": 900}
_ROOT = Path(web_pages.__file__).parent


@dataclass(frozen=True)
class _Pool:
    """A long boilerplate string and the offsets where its pieces start (pads start and end on pieces)."""

    text: str
    starts: list[int]
    open: str
    close: str
    comment: tuple[str, str]

    def fill(self, n: int, seed: int) -> str:
        """Exactly `n` characters: whole pieces wrapped in open/close, the rest inside a comment."""
        start, cut, tail = self.cut(n, seed)
        if start < 0:
            return tail
        return f"{self.open}{self.text[start:cut]}{tail}{self.close}"

    def cut(self, n: int, seed: int) -> tuple[int, int, str]:
        """`fill`'s parts: the whole pieces `text[start:cut]` and the tail after them; (-1, -1, spaces)
        when `n` is too small for a frame."""
        frame = len(self.open) + len(self.close)
        if n < frame + len(self.comment[0]) + len(self.comment[1]):
            return -1, -1, " " * n
        body = n - frame
        # start early enough that whole pieces fill the pad (a long comment tail would look odd)
        usable = bisect.bisect_right(self.starts, max(0, len(self.text) - body)) or 1
        start = self.starts[seed % usable]
        end = min(start + body, len(self.text))
        cut = self.starts[bisect.bisect_right(self.starts, end) - 1] if end < len(self.text) else end
        cut = max(cut, start)
        rest = body - (cut - start)
        c_open, c_close = self.comment
        filler = _filler(rest - len(c_open) - len(c_close)) if rest >= len(c_open) + len(c_close) else ""
        tail = f"{c_open}{filler}{c_close}" if filler or rest >= len(c_open) + len(c_close) else " " * rest
        return start, cut, tail


def _filler(n: int) -> str:
    unit = "0123456789abcdefghijklmnopqrstuvwxyz"
    return (unit * (n // len(unit) + 1))[:n]


@lru_cache(maxsize=1)
def _env() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(_ROOT / "templates")),
        autoescape=True,
        trim_blocks=False,
        keep_trailing_newline=True,
    )


@lru_cache(maxsize=1)
def skins() -> dict[str, dict[str, Any]]:
    """Site skins by key (web_pages/boilerplate/skins.json)."""
    data = json.loads((_ROOT / "boilerplate" / "skins.json").read_text(encoding="utf-8"))
    return {s["key"]: s for s in data}


@lru_cache(maxsize=1)
def _pools() -> dict[str, _Pool]:
    """Boilerplate pools, built once per process from the files in web_pages/boilerplate/ and a fixed seed."""
    rng = random.Random(f"boilerplate:{RENDERER_VERSION}")
    base = _ROOT / "boilerplate"
    css_rules = [r for r in (base / "base.css").read_text(encoding="utf-8").splitlines() if r]
    js_lines = [r for r in (base / "vendor.js").read_text(encoding="utf-8").splitlines() if r]
    anchors = [r for r in (base / "links.txt").read_text(encoding="utf-8").splitlines() if r]
    size = 1_700_000  # pads never exceed the largest page (~1.6 MB)
    css = _pieces(size, lambda i: f".c{i:x} {rng.choice(css_rules)}\n")
    js = _pieces(size, lambda i: rng.choice(js_lines).replace("{n}", str(i)) + "\n")
    nav = _pieces(
        size // 4,
        lambda i: f'<li class="menu-item"><a href="/topics/{i:x}/">{rng.choice(anchors)}</a></li>\n',
    )
    return {
        "css_pad": _Pool(*css, open="", close="", comment=("/*", "*/")),
        "head_js_pad": _Pool(*js, open="<script>", close="</script>", comment=("/*", "*/")),
        "nav_pad": _Pool(*nav, open='<ul class="mega-menu">', close="</ul>", comment=("<!--", "-->")),
        "related_pad": _Pool(*nav, open='<ul class="related-links">', close="</ul>", comment=("<!--", "-->")),
        "tail_js_pad": _Pool(
            *js, open='<script type="text/javascript">', close="</script>", comment=("/*", "*/")
        ),
    }


def _pieces(size: int, make: Any) -> tuple[str, list[int]]:
    parts: list[str] = []
    starts: list[int] = []
    total = i = 0
    while total < size:
        piece = make(i)
        starts.append(total)
        parts.append(piece)
        total += len(piece)
        i += 1
    return "".join(parts), starts


def _context(spec: PageSpec) -> dict[str, Any]:
    published = spec.get("published", "")
    human = ""
    if published:
        day = dt.date.fromisoformat(published[:10])
        human = f"{day:%B} {day.day}, {day.year}"
    skin = skins()[spec["skin"]]
    return {
        **spec,
        "skin": skin,
        "published": published,
        "published_human": human,
        "year": (published or "2024")[:4],
        "og_type": "article" if spec["kind"] in ("article", "forum") else "website",
        "infobox": spec.get("infobox", []),
        "section": spec.get("section", skin["nav"][0]),
        "shell": spec.get("shell", 0),
        "author": spec.get("author", "Staff"),
        "refs": spec.get("refs", 3),
        "categories": spec.get("categories", []),
        "subject": spec.get("subject", spec["title"]),
    }


_MARK = {name: f"\x00{name}\x00" for name, _share in _SLOTS}


def _app_json(spec: PageSpec) -> Markup:
    """An SPA shell's state: the page content as JSON in a script (no visible text until scripts run)."""
    data = {"title": spec["title"], "infobox": spec.get("infobox", []), "blocks": spec["blocks"]}
    text = json.dumps({"props": {"pageProps": data}}, ensure_ascii=False, separators=(",", ":"))
    return Markup(text.replace("</", "<\\/"))


def _skeleton(spec: PageSpec) -> str:
    ctx = _context(spec)
    ctx.update({name: Markup(mark) for name, mark in _MARK.items()})
    env = _env()
    if spec["kind"] == "spa":
        ctx["app_json"] = _app_json(spec)
    else:
        ctx["content"] = Markup(env.get_template(f"{spec['kind']}.html.j2").render(ctx))
    return env.get_template("base.html.j2").render(ctx)


def _budgets(spec: PageSpec, skeleton_len: int) -> dict[str, int]:
    pad = max(0, int(spec.get("size", 0)) - (skeleton_len - sum(len(m) for m in _MARK.values())))
    out = {name: min(int(pad * share), _VISIBLE_CAP.get(name, pad)) for name, share in _SLOTS}
    out[_SLOTS[-1][0]] += pad - sum(out.values())
    return out


def render_page(spec: PageSpec) -> str:
    """The page's HTML: '' for pages marked empty, else exactly max(spec['size'], content) characters."""
    return "" if spec.get("empty") else _filled(spec, _skeleton(spec))


def page_and_json(spec: PageSpec) -> tuple[str, list[JsonPiece]]:
    """`render_page(spec)` and `page_json_pieces(spec)` from one rendering of the skeleton."""
    if spec.get("empty"):
        return "", [b'""']
    html = _skeleton(spec)
    return _filled(spec, html), _json_pieces(spec, html)


def _filled(spec: PageSpec, html: str) -> str:
    pools = _pools()
    # Each slot's first mark replaced by its padding, in one join: five str.replace calls copied the whole
    # page (hundreds of KB) five times. Pads hold no NUL, so no mark is found inside one (the same bytes).
    pieces: list[str] = []
    done = 0
    for at, end, name, n, seed in _cuts(spec, html):
        pieces += (html[done:at], pools[name].fill(n, seed))
        done = end
    pieces.append(html[done:])
    return "".join(pieces)


def page_json(spec: PageSpec) -> bytes:
    """`orjson.dumps(render_page(spec))`, the JSON string the web tables store (mockapi/web/html_store.py),
    joined from `page_json_pieces`."""
    return b"".join(p.raw if isinstance(p, Deflated) else p for p in page_json_pieces(spec))


def page_json_pieces(spec: PageSpec) -> list[JsonPiece]:
    """`page_json(spec)` in pieces, made without the page as one string: the skeleton's pieces are escaped
    here, the pads (nine tenths of a page) are views of the pools' text escaped once. JSON escapes each
    character on its own, so the escaped pieces joined are the escaped page. About half the CPU of
    escaping the page: one dash or currency sign makes a page a string of two bytes a character, which
    joining the ASCII pads into and encoding back to UTF-8 cost about a millisecond a page. The whole
    blocks of the pools inside a pad come deflated already (`Deflated`): deflating a page cost more than
    rendering it, and most of it was the same pool text again and again."""
    return [b'""'] if spec.get("empty") else _json_pieces(spec, _skeleton(spec))


def _json_pieces(spec: PageSpec, html: str) -> list[JsonPiece]:
    pools = _pools()
    pieces: list[JsonPiece] = [b'"']
    done = 0
    for at, end, name, n, seed in _cuts(spec, html):
        pieces.append(_escaped(html[done:at]))
        pieces += _escaped_pool(name).fill(pools[name], n, seed)
        done = end
    pieces += (_escaped(html[done:]), b'"')
    return pieces


def _cuts(spec: PageSpec, html: str) -> list[tuple[int, int, str, int, int]]:
    """Where each slot's pad goes in the skeleton, in order: (mark start, mark end, slot, length, seed)."""
    seed = int(spec.get("seed", 0))
    cuts = []
    for i, (name, n) in enumerate(_budgets(spec, len(html)).items()):
        at = html.find(_MARK[name])
        if at >= 0:
            cuts.append((at, at + len(_MARK[name]), name, n, seed + 7919 * i))
    return sorted(cuts)


def _escaped(text: str) -> bytes:
    """`text` as the inside of a JSON string, as orjson escapes it."""
    return orjson.dumps(text)[1:-1]


@dataclass(frozen=True)
class _EscapedPool:
    """A pool's text escaped for JSON once, with where each piece starts in the escaped bytes, and the text
    cut into blocks of about BLOCK escaped bytes (on piece starts), each deflated once per process with the
    block before it as its history (`deflate.deflate_after`): as well as deflating the pool whole."""

    text: memoryview
    at: dict[int, int]
    """Character offset of a piece start (and of the text's end) → its offset in `text`."""
    edges: list[int]
    """Character offsets where the blocks start, then the text's end."""
    deflated: memoryview
    """Every block deflated after the one before it, back to back."""
    deflated_at: list[int]
    """Offset in `deflated` of each edge's block (and of the end)."""

    def fill(self, pool: _Pool, n: int, seed: int) -> list[JsonPiece]:
        """`_escaped(pool.fill(n, seed))` in pieces: the same cut, its whole pieces views of the escaped
        text (no copy), the blocks inside them as their deflated bytes too (`deflate.Deflated`). A block
        refers back into the block before it, so that one must be in the pad too: the first whole block is
        deflated with the page, the blocks after it are spliced in."""
        start, cut, tail = pool.cut(n, seed)
        if start < 0:
            return [_escaped(tail)]
        at, edges = self.at, self.edges
        first, last = bisect.bisect_left(edges, start) + 1, bisect.bisect_right(edges, cut) - 1
        if first >= last:  # fewer than two whole blocks inside: deflated with the page
            whole: list[JsonPiece] = [self.text[at[start] : at[cut]]]
        else:
            run = Deflated(
                self.text[at[edges[first]] : at[edges[last]]],
                self.deflated[self.deflated_at[first] : self.deflated_at[last]],
            )
            whole = [self.text[at[start] : at[edges[first]]], run, self.text[at[edges[last]] : at[cut]]]
        return [_escaped(pool.open), *whole, _escaped(tail + pool.close)]


@cache
def _escaped_pool(name: str) -> _EscapedPool:
    pool = _pools()[name]
    at: dict[int, int] = {}
    parts: list[bytes] = []
    total = 0
    edges: list[int] = []
    for start, end in zip(pool.starts, [*pool.starts[1:], len(pool.text)], strict=True):
        at[start] = total
        if not edges or total - at[edges[-1]] >= BLOCK:
            edges.append(start)
        parts.append(_escaped(pool.text[start:end]))
        total += len(parts[-1])
    at[len(pool.text)] = total
    edges.append(len(pool.text))
    text = b"".join(parts)
    raws = [text[at[a] : at[b]] for a, b in itertools.pairwise(edges)]
    blocks = [deflate_after(raw, raws[k - 1] if k else b"") for k, raw in enumerate(raws)]
    deflated_at = [0]
    for block in blocks:
        deflated_at.append(deflated_at[-1] + len(block))
    return _EscapedPool(memoryview(text), at, edges, memoryview(b"".join(blocks)), deflated_at)


def size_and_json(spec: PageSpec) -> tuple[int, list[JsonPiece]]:
    """`html_size(spec)` and `page_json_pieces(spec)` from one rendering of the skeleton."""
    if spec.get("empty"):
        return 0, [b'""']
    html = _skeleton(spec)
    return _size(spec, html), _json_pieces(spec, html)


def html_size(spec: PageSpec) -> int:
    """len(render_page(spec)) without building the padding (the build stores it for every page)."""
    if spec.get("empty"):
        return 0
    return _size(spec, _skeleton(spec))


def _size(spec: PageSpec, skeleton: str) -> int:
    n = len(skeleton)
    return n - sum(len(m) for m in _MARK.values()) + sum(_budgets(spec, n).values())
