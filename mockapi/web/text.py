"""Visible text of an HTML page (what the full-text index and the snippets are built from)."""

from __future__ import annotations

import re

from selectolax.lexbor import LexborHTMLParser as HTMLParser

INVISIBLE = ("script", "style", "noscript", "template", "svg", "iframe", "head")
# Some real pages are >1.5 MB; the index and snippets only need the first part of their text.
MAX_TEXT_CHARS = 200_000
BLANKS = re.compile(r"[ \t\r\f\v\xa0]+")
BLANK_LINES = re.compile(r"\s*\n\s*")


def visible_text(html: str) -> str:
    """The page's text: title plus body text, one block per line, scripts and styles removed."""
    if not html.strip():
        return ""
    tree = HTMLParser(html)
    title_node = tree.css_first("title")
    title = title_node.text(strip=True) if title_node else ""
    tree.strip_tags(list(INVISIBLE))
    root = tree.body or tree.root
    body = root.text(separator="\n") if root is not None else ""
    text = BLANK_LINES.sub("\n", BLANKS.sub(" ", f"{title}\n{body}")).strip()
    return text[:MAX_TEXT_CHARS]
