"""Search-engine snippets: a window of the page text near the query terms, HTML-escaped like Brave's."""

from __future__ import annotations

import html
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
    lines = [line for line in re.split(r"(?<=[.!?])\s+|\n", text) if line.strip()]
    # one of the few best-matching lines, not always the best: an engine's passage ranking weighs more than
    # term overlap, and the single best line of an answer page is nearly always its answer sentence
    lowered = [line.lower() for line in lines]  # (a map, not a generator: this runs for every result)
    ranked = sorted(range(len(lines)), key=lambda i: (-sum(map(lowered[i].__contains__, terms)), i))
    best = rng.choice(ranked[:3])
    if rng.random() < LEAD_SHARE:  # the page's opening lines, as engines show a description
        best = 0
    target = int(rng.uniform(150, 1500))
    picked = " ".join(lines[best:])[:target]
    if len(picked) < target and best > 0:
        picked = (" ".join(lines[:best]) + " ... " + picked)[:target]
    escaped = html.escape(picked, quote=True)  # quotes become &#x27; as in real snippets
    return _bold(escaped, terms) if rng.random() < 0.3 else escaped


def _bold(text: str, terms: list[str]) -> str:
    for term in terms[:3]:
        text = re.sub(
            rf"\b({re.escape(html.escape(term))})\b", r"<strong>\1</strong>", text, count=2, flags=re.I
        )
    return text
