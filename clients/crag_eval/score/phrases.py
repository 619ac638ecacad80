"""Key-phrase hits of served pages (the harness's diagnostics), importable on its own: the fetch helper
process (run/fetch_helper.py) scans every Task 3 answer with it, and starts in a fraction of the time the
run's process takes, importing neither httpx nor pydantic nor the SDK.

Key phrases are matched as CoFE-RAG's code does: case-folded, every non-word character removed, substring
match.
"""

from __future__ import annotations

import html
import re
import unicodedata
from typing import TYPE_CHECKING

from crag_eval.score.markup import strip_markup

if TYPE_CHECKING:  # types only: crag_eval.files.records imports pydantic
    from crag_eval.files.records import Evidence, SearchPage, SearchReply

_NON_WORD = re.compile(r"[\W_]+")


def clean(text: str) -> str:
    """CoFE-RAG's clean_text: NFKC, case-folded, without any non-word character."""
    return _NON_WORD.sub("", unicodedata.normalize("NFKC", text).casefold())


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


def served_evidence(data: SearchReply, k: int, phrases: tuple[str, ...]) -> tuple[list[SearchPage], Evidence]:
    """The served pages of a search answer, and what the diagnostics keep of it: the perturbation and how
    many of the key phrases the pages hold."""
    pages = list(data.get("result") or [])[:k]
    served = " ".join(page_plain_text(p) for p in pages) if phrases else ""  # 16 MB of HTML: only if used
    evidence: Evidence = {
        "perturbation": data.get("perturbation"),
        "key_phrases": len(phrases),
        "served_hits": phrase_hits(phrases, served),
    }
    return pages, evidence
