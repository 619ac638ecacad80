"""Search-engine snippets from a page's visible text, with <strong> around query terms (as CRAG's are)."""

from __future__ import annotations

import html
import re
from collections import Counter

# Same word boundaries as tantivy's default tokenizer (alphanumeric runs; "_" splits words).
WORD = re.compile(r"[^\W_]+")
WINDOW_WORDS = 40
LEAD_WORDS = 6
# Pages can hold megabytes of text; a snippet comes from the first part, as real engines mostly do.
SCAN_CHARS = 200_000
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
    """The window of text with the most distinct query terms, HTML-escaped, terms wrapped in <strong>."""
    spans = [
        (m.start(), m.end(), m.group().lower()) for m in WORD.finditer(text, 0, min(len(text), SCAN_CHARS))
    ]
    if not spans:
        return ""
    wanted = set(terms)
    hits = [i for i, (_s, _e, w) in enumerate(spans) if w in wanted]
    first = _best_window(hits, spans) if hits else 0
    start = max(0, first - LEAD_WORDS)
    stop = min(len(spans), start + WINDOW_WORDS)
    return _render(text, spans[start:stop], wanted)


def _best_window(hits: list[int], spans: list[tuple[int, int, str]]) -> int:
    """Index of the first word of the window (WINDOW_WORDS wide) holding the most distinct terms."""
    best, best_score = hits[0], -1
    counts: Counter[str] = Counter()
    lo = 0
    for hi, word_index in enumerate(hits):
        counts[spans[word_index][2]] += 1
        while word_index - hits[lo] >= WINDOW_WORDS - LEAD_WORDS:
            old = spans[hits[lo]][2]
            counts[old] -= 1
            if not counts[old]:
                del counts[old]
            lo += 1
        score = len(counts) * 1000 + (hi - lo)
        if score > best_score:
            best, best_score = hits[lo], score
    return best


def _render(text: str, window: list[tuple[int, int, str]], wanted: set[str]) -> str:
    out: list[str] = []
    cursor = window[0][0]
    for start, end, word in window:
        out.append(html.escape(_squash(text[cursor:start]), quote=False))
        piece = html.escape(text[start:end], quote=False)
        out.append(f"<strong>{piece}</strong>" if word in wanted else piece)
        cursor = end
    return "".join(out).strip()


def _squash(gap: str) -> str:
    """Collapse runs of whitespace between words (page text keeps line breaks; snippets are one line)."""
    return " " if gap and gap.isspace() else re.sub(r"\s+", " ", gap)
