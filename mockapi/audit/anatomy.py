"""What one HTML page is made of: chrome vs content text, its top-level layout, tables, content sentences.

Definitions (applied identically to synthetic and real pages):

- **Visible text**: `crag_client.html.page_text` (scripts, styles, hidden elements dropped; a line per block).
- **Chrome**: elements `nav`, `header`, `footer`, `aside`, `[role=navigation|banner|contentinfo]`, and any
  element whose class or id contains nav, menu, footer, cookie, banner, breadcrumb or sidebar (substring, case
  blind), except the body and class/id matches that wrap `main`, `article` or `h1`.
  Chrome share = 1 − (visible characters left once chrome is removed) / (all visible characters).
- **Layout signature**: the tags of the body's element children and, for each, the tags of its element
  children (depth 2; invisible elements such as script/style/link dropped; a run of the same tag counts once,
  marked `+`). Tags only: class names are site-specific and would make every page "distinct".
- **Content sentences**: sentences (`text.sentences`) of the non-chrome text that pass `is_content_sentence`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from crag_client.html import page_text
from selectolax.lexbor import LexborHTMLParser, LexborNode

from mockapi.audit.text import date_styles, is_content_sentence, sentences

_CHROME_WORDS = ("nav", "menu", "footer", "cookie", "banner", "breadcrumb", "sidebar")
CHROME_SELECTOR = ", ".join(
    ["nav", "header", "footer", "aside", "[role=navigation]", "[role=banner]", "[role=contentinfo]"]
    + [f'[class*="{w}" i], [id*="{w}" i]' for w in _CHROME_WORDS]
)
_SKIP_TAGS = frozenset(
    [
        "script",
        "style",
        "noscript",
        "template",
        "link",
        "meta",
        "svg",
        "iframe",
        "#text",
        "#comment",
        "-text",
        "-comment",
    ]
)
_CHROME_TAGS = frozenset({"nav", "header", "footer", "aside"})
_MAX_CHROME_NODES = 5000  # a guard; real pages have tens of outermost chrome blocks


@dataclass(frozen=True)
class Anatomy:
    """Measures of one page."""

    visible_chars: int
    content_chars: int
    layout: str
    has_table: bool
    content_sentences: int
    content_text: str

    @property
    def chrome_chars(self) -> int:
        return self.visible_chars - self.content_chars

    @property
    def date_styles(self) -> set[str]:
        return date_styles(self.content_text)


def layout_signature(body: LexborNode | None) -> str:
    """Body's element children and their element children, by tag (see the module docstring)."""
    if body is None:
        return "(no body)"
    parts = []
    for child in elements(body):
        inner = ",".join(_collapsed([c.tag or "" for c in elements(child)]))
        parts.append(f"{child.tag}({inner})" if inner else str(child.tag))
    return "|".join(_collapsed(parts)) or "(empty body)"


def elements(node: LexborNode) -> list[LexborNode]:
    """The element children of `node` that shape a page (invisible tags such as script/style dropped)."""
    out = []
    child = node.child
    while child is not None:
        if child.tag and child.tag not in _SKIP_TAGS:
            out.append(child)
        child = child.next
    return out


def _collapsed(items: list[str]) -> list[str]:
    out: list[str] = []
    for item in items:
        if out and out[-1].rstrip("+") == item:
            out[-1] = item + "+"
        else:
            out.append(item)
    return out


def anatomy(html: str) -> Anatomy:
    """Parse `html` once for layout and tables, then measure visible and non-chrome text."""
    if not html or not html.strip():
        return Anatomy(0, 0, "(empty page)", False, 0, "")
    tree = LexborHTMLParser(html)
    layout = layout_signature(tree.body)
    has_table = tree.css_first("table") is not None
    visible = page_text(html)
    body = tree.body
    if body is not None:
        for node in chrome_nodes(body):
            node.decompose()
    content = page_text(body.html or "") if body is not None else ""
    count = sum(1 for s in sentences(content) if is_content_sentence(s))
    return Anatomy(len(visible), min(len(content), len(visible)), layout, has_table, count, content)


def chrome_nodes(body: LexborNode) -> list[LexborNode]:
    """The outermost chrome elements under `body` (module docstring), in document order.

    Not chrome: the body itself, and a class/id match that wraps the page's main content (`main`, `article`
    or `h1` inside: "content-sidebar-wrap", a body-level "nav-open" wrapper).
    """
    kept: list[LexborNode] = []
    kept_ids: set[int] = set()
    for node in body.css(CHROME_SELECTOR)[:_MAX_CHROME_NODES]:
        if node.mem_id == body.mem_id or _inside(node, kept_ids, body.mem_id):
            continue
        if node.tag not in _CHROME_TAGS and node.css_first("main, article, h1") is not None:
            continue
        kept.append(node)
        kept_ids.add(node.mem_id)
    return kept


def _inside(node: LexborNode, ids: set[int], stop: int) -> bool:
    parent = node.parent
    while parent is not None and parent.mem_id != stop:
        if parent.mem_id in ids:
            return True
        parent = parent.parent
    return False


def strip_tags(html: str) -> str:
    """All text of `html` including scripts' contents (JSON state of SPA shells), entities unescaped."""
    import html as htmllib

    return htmllib.unescape(re.sub(r"<[^>]+>", " ", html))
