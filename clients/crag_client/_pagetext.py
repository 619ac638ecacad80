"""Visible text of HTML pages, fast (selectolax's lexbor backend); the public names are in `crag_client.html`.

`page_text(html)` keeps what a reader sees: scripts, styles, templates and hidden elements are dropped, block
elements end lines, table cells are joined with " | ". `page_text(html, main_content=True)` prefers the page's
`<main>` / `<article>` and drops navigation, headers, footers and asides.
"""

from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser, LexborNode

# One selector for everything a reader never sees, so the tree is walked once to drop it all.
_INVISIBLE = ", ".join(
    [
        "script",
        "style",
        "noscript",
        "template",
        "svg",
        "iframe",
        "object",
        "canvas",
        "[hidden]",
        '[aria-hidden="true" i]',
        '[style*="display:none" i]',
        '[style*="display: none" i]',
        '[style*="visibility:hidden" i]',
        '[style*="visibility: hidden" i]',
    ]
)
_BLOCKS = (
    "address, article, aside, blockquote, br, caption, dd, details, dialog, div, dl, dt, fieldset, "
    "figcaption, figure, footer, form, h1, h2, h3, h4, h5, h6, header, hr, li, main, nav, ol, p, pre, "
    "section, summary, tr, option, legend, td, th"
)
"""Elements that start and end a line. List containers and tables are left out: their items and rows
mark the lines already, and every marked node costs a Python call."""
_CELL_TAG_IDS = frozenset(
    node.tag_id for node in LexborHTMLParser("<table><tr><th>h</th><td>d</td></tr></table>").css("td, th")
)
_BOILERPLATE = "nav, aside, [role=navigation], [role=complementary], [role=search]"
_PAGE_CHROME = "header, footer, [role=banner], [role=contentinfo]"
_MAX_STEPS = 4096  # tags in a head, beyond which counting substrings is the faster way

# Markers inserted as text nodes: Unicode noncharacters, which never occur in real text and which
# str.split() does not treat as whitespace (unlike U+2028/U+2029 or the ASCII separators).
_LINE = "\ufdd0"  # a block boundary
_CELL = "\ufdd1"  # the start of a table cell


def page_text(html: str | bytes | None, *, main_content: bool = False) -> str:
    """The visible text of `html`: one line per block element, whitespace collapsed, empty lines dropped.

    Dropped: script, style, noscript, template, svg, iframe, canvas, the `<head>`, elements marked `hidden` or
    `aria-hidden="true"`, and those styled `display: none` / `visibility: hidden`. With `main_content=True`,
    only the main content is kept (see `main_root`). Empty or missing HTML gives "".
    """
    if not html:
        return ""
    if isinstance(html, bytes):
        html = html.decode("utf-8", errors="replace")
    tree = LexborHTMLParser(_after_head(html))
    root = tree.body
    if root is None:
        return ""
    for node in root.css(_INVISIBLE):
        node.decompose()
    if main_content:
        root = main_root(root)
    # One walk marks block starts and ends, and cell starts (cells stay on their row's line).
    for node in root.css(_BLOCKS):
        if node.tag_id in _CELL_TAG_IDS:
            node.insert_before(_CELL)
        else:
            node.insert_before(_LINE)
            node.insert_after(_LINE)
    return _tidy(root.text(deep=True, separator="", strip=False))


def _after_head(html: str) -> str:
    """`html` from its `</head>` on, when that cut is safe: the head holds nothing visible and parsing it
    costs a quarter of the time on real pages. Not cut when `</head>` could sit inside a script or comment."""
    pos = html.find("</head>")
    if pos < 0 or not _closed_before(html, pos):
        return html
    return html[pos + len("</head>") :]


def _closed_before(html: str, pos: int) -> bool:
    """Whether `html[:pos]` holds as many `<script` as `</script>` and as many `<!--` as `-->`.

    Counted from tag to tag: a head is mostly inline CSS or JS with a few dozen tags, and four `str.count`
    passes over it cost the `baseline` a quarter of its time. A head with very many tags is counted."""
    scripts = comments = steps = 0
    at = html.find("<", 0, pos)
    while at >= 0:
        steps += 1
        if steps > _MAX_STEPS:
            scripts = html.count("<script", 0, pos) - html.count("</script>", 0, pos)
            comments = html.count("<!--", 0, pos)
            break
        if html.startswith("<script", at, pos):
            scripts += 1
        elif html.startswith("</script>", at, pos):
            scripts -= 1
        elif html.startswith("<!--", at, pos):
            comments += 1
        at = html.find("<", at + 1, pos)
    return scripts == 0 and comments == html.count("-->", 0, pos)


def main_root(body: LexborNode) -> LexborNode:
    """The node holding a page's main content, with boilerplate removed from it (mutates the tree).

    `<main>` or `[role=main]` first, else the `<article>` with the most text, else the whole body without
    its page chrome (header, footer). Navigation and asides are dropped in every case.
    """
    root = body.css_first("main, [role=main]")
    if root is None:
        articles = body.css("article")
        if articles:
            root = max(articles, key=lambda node: len(node.text(deep=True)))
    if root is None:
        root = body
        for node in root.css(_PAGE_CHROME):
            node.decompose()
    for node in root.css(_BOILERPLATE):
        node.decompose()
    return root


def _tidy(raw: str) -> str:
    # Whitespace is collapsed per block in C (split/join); blocks with no text vanish.
    lines = [" ".join(block.split()) for block in raw.split(_LINE)]
    if _CELL in raw:
        lines = [_join_cells(line) if _CELL in line else line for line in lines]
    return "\n".join(line for line in lines if line)


def _join_cells(line: str) -> str:
    return " | ".join(cell for cell in (part.strip() for part in line.split(_CELL)) if cell)
