"""A synthetic page's spec: the compact JSON a page is stored as in pages.duckdb and rendered from on request.

A TypedDict, not a class: the spec is hashed and stored as canonical JSON (`mockapi.world.pages.specs`), so it
stays a plain dict at run time and the content hash cannot move; the type only says which keys exist. Keys
marked NotRequired are absent from some specs (version 1 had no `shell`), and the renderer supplies defaults.
"""

# no `from __future__ import annotations`: TypedDict reads NotRequired from evaluated annotations
from typing import Any

from typing_extensions import NotRequired, TypedDict

Block = list[Any]
"""One content block: a tag, then its fields (`["p", text]`, `["table", head, rows, caption]`, …; see
`mockapi.world.pages.page_blocks`)."""


class PageSpec(TypedDict):
    """What a synthetic page is made of: content blocks, the site that serves it, its outer shell and size."""

    v: int
    """Spec format version."""
    kind: str
    """Page kind (article, wiki, quote, box_score, forum, spa, …): picks the content template."""
    skin: str
    """The site skin (names, colours, navigation) from web_pages/boilerplate/skins.json."""
    title: str
    url: str
    name: str
    """CRAG's page_name."""
    modified: str
    """CRAG's page_last_modified (' Tue, 27 Feb 2024 22:55:55 GMT', '' when unknown)."""
    blocks: list[Block]
    seed: int
    """Seeds the boilerplate padding and the templates' ad slots."""
    subject: str
    section: str
    author: str
    published: str
    """ISO date and time, '' when unknown."""
    infobox: list[list[str]]
    size: int
    """Target HTML length in characters; the renderer pads up to it."""
    shell: NotRequired[int]
    """The outer frame (header/nav/footer arrangement); spec version 2 on."""
    refs: NotRequired[int]
    categories: NotRequired[list[str]]
    empty: NotRequired[bool]
    """A page whose HTML is empty, as some real crawls are."""
