"""The harness's cheap tag strip of served HTML (for key-phrase matching only), fast.

The rule is one regular expression, `MARKUP`: a `<script>` or `<style>` element whole (up to its first closing
tag), else any one tag, each replaced by a space. Run as a regex it cost about 110 ms of CPU per Task 3
question (50 pages, 16 MB): synthetic and real pages alike are mostly inline CSS and scripts, and the lazy
`.*?` steps through them a character at a time. `strip_markup` gives the same string by jumping with
`str.find` from tag to tag and from a script or style to its closing tag. It handles ASCII pages (the case
where matching case-insensitively is plain lower-casing); any other page goes through the regex itself.
"""

from __future__ import annotations

import re

MARKUP = re.compile(r"<(script|style)\b.*?</\1\s*>|<[^>]+>", re.IGNORECASE | re.DOTALL)
_RAW_TEXT = ("script", "style")
_WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
_SPACE = frozenset(" \t\n\r\f\v\x1c\x1d\x1e\x1f")  # the ASCII characters `\s` matches


def strip_markup(html: str) -> str:
    """`MARKUP.sub(" ", html)`, computed without the regex for ASCII pages."""
    if not html.isascii():
        return MARKUP.sub(" ", html)
    out: list[str] = []
    pos = 0  # text before `pos` is done
    at = html.find("<")
    while at >= 0:
        end = _raw_text_end(html, at)
        if end < 0:  # not a script or style element: one tag, if a '>' ends it after at least one character
            close = html.find(">", at + 1)
            if close < 0:
                break  # no '>' anywhere after: nothing from here on can match
            end = close + 1 if close > at + 1 else -1
        if end < 0:  # "<>": no match at this '<'; the regex moves on by one character
            at = html.find("<", at + 1)
            continue
        out.append(html[pos:at])
        out.append(" ")
        pos = end
        at = html.find("<", pos)
    out.append(html[pos:])
    return "".join(out)


def _raw_text_end(html: str, at: int) -> int:
    """Where the `<script …>…</script\\s*>` (or style) element starting at `at` ends, or -1 if none does."""
    for name in _RAW_TEXT:
        after = at + 1 + len(name)
        if html[at + 1 : after].lower() != name or (after < len(html) and html[after] in _WORD):
            continue
        closing = html.find("</", after)
        while closing >= 0:
            cursor = closing + 2 + len(name)
            if html[closing + 2 : cursor].lower() == name:
                while cursor < len(html) and html[cursor] in _SPACE:
                    cursor += 1
                if cursor < len(html) and html[cursor] == ">":
                    return cursor + 1
            closing = html.find("</", closing + 1)
        return -1
    return -1
