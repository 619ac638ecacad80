"""Visible text of HTML pages, fast (selectolax's lexbor backend), and chunking of that text.

`page_text(html)` keeps what a reader sees: scripts, styles, templates and hidden elements are dropped, block
elements end lines, table cells are joined with " | ". `page_text(html, main_content=True)` prefers the page's
`<main>` / `<article>` and drops navigation, headers, footers and asides. `chunk_text` / `chunk_pages` cut
the text into sentence- or character-based chunks that keep their page and character offset.

The code lives in `_pagetext` (HTML to text) and `chunking` (text to chunks, which reads pages through
`_pagetext`); this module is the public face of both, so neither imports the other through it.
"""

from __future__ import annotations

from ._pagetext import page_text
from .chunking import Chunk, chunk_pages, chunk_text, split_sentences

__all__ = ["Chunk", "chunk_pages", "chunk_text", "page_text", "split_sentences"]
