"""Key-phrase hits of served pages (the harness's diagnostics), importable on its own: the fetch helper
process (run/fetch_helper.py) scans every Task 3 answer with it, and starts in a fraction of the time the
run's process takes, importing neither httpx nor pydantic nor the SDK.

Key phrases are matched as CoFE-RAG's code does: case-folded, every non-word character removed, substring
match.

The scan of a Task 3 answer (16 MB of HTML) cost about 50 ms of CPU a question, most of it the tag strip and
the clean of each page's body. A page's body is cleaned once and kept (`_BODIES`): a third of the pages a
run serves were served to an earlier question. The haystack is the pages' cleaned texts joined: `clean` of
the joined text, because the pieces meet at a space (the join's, or the tag the body starts with) and
neither NFKC nor case folding joins anything across a space, which `clean` then drops
(tests/eval/test_phrase_scan.py compares both ways on served pages and on random Unicode).
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from crag_eval.score.markup import strip_markup

if TYPE_CHECKING:  # types only: crag_eval.files.records imports pydantic
    from crag_eval.files.records import Evidence, SearchPage, SearchReply

_NON_WORD = re.compile(r"[\W_]+")
_ASCII_NON_WORD = bytes(c for c in range(128) if not chr(c).isalnum())
"""What `clean` drops of ASCII text after lower-casing: ASCII is NFKC already, folds as `lower` does, and
its word characters are letters, digits and "_"."""


def clean(text: str) -> str:
    """CoFE-RAG's clean_text: NFKC, case-folded, without any non-word character."""
    if text.isascii():  # the same, in C without a regex (a third of the scan's time on ASCII pages)
        return text.lower().encode("ascii").translate(None, _ASCII_NON_WORD).decode("ascii")
    # The regex drops one character at a time (word characters are `str.isalnum` or "_", per character),
    # so the ASCII ones may go first, in C: a byte below 128 is never part of a longer UTF-8 sequence.
    # The regex is then left the few non-ASCII ones (dashes, quotes): half the time on the served pages.
    folded = unicodedata.normalize("NFKC", text).casefold()
    rest = folded.encode("utf-8").translate(None, _ASCII_NON_WORD).decode("utf-8")
    return rest if rest.isascii() else _NON_WORD.sub("", rest)


def page_plain_text(page: SearchPage) -> str:
    """Name, snippet and the HTML's text of a served page (a cheap tag strip: only for phrase matching)."""
    body = strip_markup(page.get("page_result") or "")  # scripts and styles whole, else one tag
    return " ".join(
        html.unescape(str(page.get(k) or "")) for k in ("page_name", "page_snippet")
    ) + html.unescape(body)


def phrase_hits(phrases: tuple[str, ...], text: str) -> int:
    """How many of `phrases` occur in `text` (after `clean`)."""
    haystack = clean(text)
    return sum(1 for p in phrases if clean(p) and clean(p) in haystack)


def served_evidence(
    data: SearchReply, k: int, phrases: tuple[str, ...], keys: Sequence[Hashable | None] = ()
) -> tuple[list[SearchPage], Evidence]:
    """The served pages of a search answer, and what the diagnostics keep of it: the perturbation and how
    many of the key phrases the pages hold. `keys`, beside the entries, name their bodies where the caller
    knows a cheaper key than the body's own hash (equal keys, equal bodies: crag_eval.run.frames)."""
    pages = list(data.get("result") or [])[:k]
    named = [*keys[:k], *[None] * (len(pages) - len(keys[:k]))]
    # 16 MB of HTML: scanned only if used; `clean(" ".join(page_plain_text(p) for p in pages))`, page by page
    haystack = "".join(_cleaned(p, key) for p, key in zip(pages, named, strict=True)) if phrases else ""
    evidence: Evidence = {
        "perturbation": data.get("perturbation"),
        "key_phrases": len(phrases),
        "served_hits": sum(1 for p in phrases if clean(p) and clean(p) in haystack),
    }
    return pages, evidence


def _cleaned(page: SearchPage, key: Hashable | None) -> str:
    """`clean(page_plain_text(page))`, the body's part kept from earlier questions."""
    head = " ".join(html.unescape(str(page.get(k) or "")) for k in ("page_name", "page_snippet"))
    body = page.get("page_result") or ""
    if not body.startswith("<"):  # text before the first tag could join the snippet's end: all at once
        return clean(head + html.unescape(strip_markup(body)))
    return clean(head) + _BODIES.of(body, key)


class _BodyCache:
    """`clean(html.unescape(strip_markup(body)))` of recent bodies, keyed by length and string hash (the
    HTML itself is not kept), or by the key the caller names it with (a framed page's record: hashing the
    string costs ~6 ms of CPU a question, its record's ~0.3); the oldest out past `limit` pages (~5 KB of
    text each)."""

    def __init__(self, limit: int = 4096) -> None:
        self.limit = limit
        self.kept: OrderedDict[Hashable, str] = OrderedDict()

    def of(self, body: str, named: Hashable | None = None) -> str:
        key = named if named is not None else (len(body), hash(body))
        found = self.kept.get(key)
        if found is None:
            found = self.kept[key] = clean(html.unescape(strip_markup(body)))
            if len(self.kept) > self.limit:
                self.kept.popitem(last=False)
        else:
            self.kept.move_to_end(key)
        return found


_BODIES = _BodyCache()
