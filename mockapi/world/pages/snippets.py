"""Search-engine snippets: a window of the page text near the query terms, HTML-escaped like Brave's."""

from __future__ import annotations

import bisect
import functools
import html
import itertools
import random
import re

_STOP = set(
    [
        "what",
        "which",
        "who",
        "whom",
        "when",
        "where",
        "why",
        "how",
        "is",
        "are",
        "was",
        "were",
        "the",
        "a",
        "an",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "and",
        "or",
        "did",
        "does",
        "do",
        "has",
        "have",
        "had",
        "with",
        "from",
        "by",
        "that",
        "this",
        "it",
        "its",
        "as",
        "be",
        "been",
    ]
)


# Share of snippets taken from the page's opening rather than the best-matching passage (engines often show
# the page's description); the same for every page, so a snippet's words do not say which page answers.
LEAD_SHARE = 0.45


def query_terms(query: str) -> list[str]:
    """Content words of a query."""
    return [w for w in re.findall(r"[a-z0-9']+", query.lower()) if w not in _STOP and len(w) > 2]


def snippet(text: str, query: str, rng: random.Random) -> str:
    """A 150–1,500 character excerpt near the best-matching sentence; a few empty, some with bold terms."""
    if not text or rng.random() < 0.04:
        return ""
    terms = query_terms(query)
    lines, lowered, starts = _lines(text)
    # one of the few best-matching lines, not always the best: an engine's passage ranking weighs more than
    # term overlap, and the single best line of an answer page is nearly always its answer sentence
    best = rng.choice(_top_lines(lowered, starts, terms, len(lines)))
    if rng.random() < LEAD_SHARE:  # the page's opening lines, as engines show a description
        best = 0
    target = int(rng.uniform(150, 1500))
    picked = " ".join(lines[best:])[:target]
    if len(picked) < target and best > 0:
        picked = (" ".join(lines[:best]) + " ... " + picked)[:target]
    escaped = html.escape(picked, quote=True)  # quotes become &#x27; as in real snippets
    return _bold(escaped, terms) if rng.random() < 0.3 else escaped


@functools.lru_cache(maxsize=1024)  # a page is in many questions' results, each cutting its text again
def _lines(text: str) -> tuple[list[str], str, list[int]]:
    """The page's lines, all of them lower-cased and joined by newlines, and where each starts there."""
    lines = [line for line in re.split(r"(?<=[.!?])\s+|\n", text) if line.strip()]
    lowered = [line.lower() for line in lines]  # (may differ in length from the line: "İ" lowers to 2)
    starts = list(itertools.accumulate((len(line) + 1 for line in lowered[:-1]), initial=0))
    return lines, "\n".join(lowered), starts


def _top_lines(lowered: str, starts: list[int], terms: list[str], count: int) -> list[int]:
    """The first 3 lines by how many of `terms` each holds, then by position: each term found by str.find
    over the whole text, not each line tested for each term (terms hold no newline, so no match spans two)."""
    held = [0] * count
    for term in terms:
        last = -1
        at = lowered.find(term)
        while at >= 0:
            line = bisect.bisect_right(starts, at) - 1
            if line != last:  # a line counts a term once
                held[line] += 1
                last = line
            at = lowered.find(term, starts[line + 1] if line + 1 < count else len(lowered))
    top = [i for _n, i in sorted((-n, i) for i, n in enumerate(held) if n)[:3]]
    if len(top) < 3:  # then lines holding no term, in page order
        top.extend(itertools.islice((i for i, n in enumerate(held) if not n), 3 - len(top)))
    return top


def _bold(text: str, terms: list[str]) -> str:
    for term in terms[:3]:
        text = re.sub(
            rf"\b({re.escape(html.escape(term))})\b", r"<strong>\1</strong>", text, count=2, flags=re.I
        )
    return text
