"""A page's text cut into passages of about 100 words, as Search-R1's corpus is (DPR's 100-word Wikipedia
passages), and the `"Title"\nText` contents Search-R1's clients split back into title and text.

The text is what a reader of the page sees: the stored rendering of web_serving/ through the project's
HTML-to-text (`crag_client.html.page_text`, main content only: navigation, headers, footers and asides
would otherwise fill the first passage of every page with the same site chrome).
"""

from __future__ import annotations

import orjson
from crag_client.html import page_text

from mockapi.web.html_store import inflate, page_html

PASSAGE_WORDS = 100
MIN_TAIL_WORDS = 30
"""A last piece shorter than this joins the passage before it (no 3-word passages that rank on one term)."""
MAX_PASSAGES = 200
"""Passages kept per page: real pages run to megabytes of text; the first 20,000 words are plenty."""


def split_words(text: str, size: int = PASSAGE_WORDS) -> list[str]:
    """`text` as consecutive passages of `size` words (the last one up to `size + MIN_TAIL_WORDS - 1`)."""
    words = text.split()
    if not words:
        return []
    cuts = list(range(0, len(words), size))
    if len(cuts) > 1 and len(words) - cuts[-1] < MIN_TAIL_WORDS:
        cuts.pop()
    bounds = [*cuts[1:], len(words)]
    return [" ".join(words[a:b]) for a, b in zip(cuts, bounds, strict=True)][:MAX_PASSAGES]


def page_passages(
    page_id: str, record: bytes | None, stored: tuple[str, bytes] | None = None
) -> tuple[str, list[str]]:
    """(page id, its passages) from its stored rendering (web/html_store.py), else from the stored page
    (pages.body kind and body); run in the build's helper processes."""
    if record is not None:
        html: str = orjson.loads(inflate(record))
    elif stored is not None:  # a world built before web_serving/ kept renderings: render it here
        html = page_html(*stored)
    else:
        return page_id, []
    return page_id, html_passages(html)


def html_passages(html: str) -> list[str]:
    """The passages of a page's HTML (also cut from each page as the build renders it: retrieve/kept.py)."""
    return split_words(page_text(html, main_content=True))


def contents(title: str, text: str) -> str:
    """Search-R1's `contents`: the title in double quotes, a newline, the passage."""
    return f'"{title}"\n{text}'


def passage_id(url: str, number: int) -> str:
    """`<page url>#p<n>` (n from 0): names the page (`/web/get_page {url}` returns it) and the passage."""
    return f"{url}#p{number}"
