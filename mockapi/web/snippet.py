"""Search-engine snippets from a page's visible text, with <strong> around query terms (as CRAG's are)."""

from __future__ import annotations

import html
import re
from collections import Counter
from functools import lru_cache

# Same word boundaries as tantivy's default tokenizer (alphanumeric runs; "_" splits words).
WORD = re.compile(r"[^\W_]+")
# Real CRAG snippets run to a few hundred characters around the matched terms.
WINDOW_CHARS = 200
LEAD_CHARS = 60
SNIPPET_CHARS = 300
SPACES = re.compile(r"\s+")
# Pages can hold megabytes of text; a snippet comes from the first part, as real engines mostly do.
SCAN_CHARS = 50_000
MAX_HITS_PER_TERM = 200
# fmt: off
STOPWORDS = frozenset([
    "a", "an", "and", "are", "as", "at", "be", "by", "did", "do", "does", "for", "from", "had", "has",
    "have", "how", "in", "is", "it", "its", "of", "on", "or", "that", "the", "their", "there", "this",
    "to", "was", "were", "what", "when", "where", "which", "who", "whom", "why", "will", "with",
])
# fmt: on


def query_terms(query: str) -> list[str]:
    """Distinct lower-cased content words of a query, in order (stop words only if nothing else is left)."""
    words = list(dict.fromkeys(w.lower() for w in WORD.findall(query)))
    content = [w for w in words if w not in STOPWORDS]
    return content or words


def make_snippet(text: str, terms: list[str]) -> str:
    """The stretch of text with the most distinct query terms, HTML-escaped, terms wrapped in <strong>."""
    if not text:
        return ""
    hits = _hits(text[:SCAN_CHARS].lower(), terms)
    first = _best_window(hits) if hits else 0
    start = _word_start(text, max(0, first - LEAD_CHARS))
    stop = _word_end(text, min(len(text), start + SNIPPET_CHARS))
    return _render(text[start:stop], _term_pattern(tuple(terms)) if terms else None)


def _hits(low: str, terms: list[str]) -> list[tuple[int, str]]:
    """(offset, term) of whole-word occurrences, in text order. str.find runs at C speed, unlike a regex
    alternation over a page's whole text. (Lower-casing can shift offsets after rare characters like 'İ';
    that only moves the chosen window, never the highlighting.)"""
    hits = []
    for term in terms:
        found, at = 0, low.find(term)
        while at >= 0 and found < MAX_HITS_PER_TERM:
            end = at + len(term)
            if (at == 0 or not low[at - 1].isalnum()) and (end == len(low) or not low[end].isalnum()):
                hits.append((at, term))
                found += 1
            at = low.find(term, end)
    hits.sort()
    return hits


@lru_cache(maxsize=1024)
def _term_pattern(terms: tuple[str, ...]) -> re.Pattern[str]:
    """Whole-word, case-insensitive matches of any term (longest first, so no term shadows a longer one)."""
    alternatives = "|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True)) or "(?!)"
    return re.compile(rf"(?<![^\W_])(?:{alternatives})(?![^\W_])", re.IGNORECASE)


def _best_window(hits: list[tuple[int, str]]) -> int:
    """Start offset of the first hit of the WINDOW_CHARS-wide stretch holding the most distinct terms."""
    best, best_score = hits[0][0], -1
    counts: Counter[str] = Counter()
    lo = 0
    for hi, (offset, term) in enumerate(hits):
        counts[term] += 1
        while offset - hits[lo][0] > WINDOW_CHARS:
            old = hits[lo][1]
            counts[old] -= 1
            if not counts[old]:
                del counts[old]
            lo += 1
        score = len(counts) * 10_000 + (hi - lo)
        if score > best_score:
            best, best_score = hits[lo][0], score
    return best


def _word_start(text: str, offset: int) -> int:
    """Move forward past a cut word, so a snippet never begins mid-word."""
    while 0 < offset < len(text) and text[offset - 1].isalnum():
        offset += 1
    return offset


def _word_end(text: str, offset: int) -> int:
    """Move back to the end of a word, so a snippet never ends mid-word."""
    while 0 < offset < len(text) and text[offset].isalnum():
        offset -= 1
    return offset


def _render(piece: str, matcher: re.Pattern[str] | None) -> str:
    piece = SPACES.sub(" ", piece).strip()
    if matcher is None:
        return html.escape(piece, quote=False)
    out: list[str] = []
    cursor = 0
    for m in matcher.finditer(piece):
        out.append(html.escape(piece[cursor : m.start()], quote=False))
        out.append(f"<strong>{html.escape(m.group(), quote=False)}</strong>")
        cursor = m.end()
    out.append(html.escape(piece[cursor:], quote=False))
    return "".join(out)
