"""Retrieval for the `baseline`: the served pages cut into sentences, ranked by BM25 against the question.

A passage is one sentence of a page's visible text (`crag_client.html.page_text`; a table row is a line, so a
passage too), scored together with its page's title. Terms are lower-cased tokens with a light suffix folding
(`fold`), so a question's "release" meets a page's "released".
"""

from __future__ import annotations

import collections
import functools
import html as htmllib
import math
import re
from collections import OrderedDict
from typing import NamedTuple

from crag_client.html import page_text, split_sentences

from crag_eval.files.records import SearchPage

_TOKEN = re.compile(r"[a-z0-9][a-z0-9'&-]*[a-z0-9]|[a-z0-9]")
_TAG = re.compile(r"<[^>]+>")
MAX_PASSAGE_CHARS = 600
MAX_PAGE_CHARS = 120_000  # a huge page's tail is rarely where its answer is; keeps Task 3 bounded
K1, B = 1.2, 0.75


class Passage(NamedTuple):
    """One sentence of one page (page = its position in the results). A named tuple, not a frozen
    dataclass: a question makes ~2,600 of them, and a frozen dataclass's __init__ cost 5 us each."""

    text: str
    page: int
    title: str


@functools.lru_cache(maxsize=1 << 14)  # for callers other than `tokens` (they go through `_FOLDS`)
def fold(token: str) -> str:
    """A light stem: plural and verb endings, then a final "e", dropped ("shares", "share" → "shar";
    "released", "release" → "releas"), so inflections meet."""
    if token.endswith("ies") and len(token) > 4:
        token = token[:-3] + "y"
    elif token.endswith(("ing", "ed")) and len(token) > 5:
        token = token[:-3] if token.endswith("ing") else token[:-2]
    elif token.endswith("s") and not token.endswith("ss") and len(token) > 3:
        token = token[:-1]
    return token[:-1] if token.endswith("e") and len(token) > 3 else token


class _Folds(dict[str, str]):
    """`fold` of each token seen, looked up in C (`dict.__getitem__`; only a new token calls `fold`):
    words repeat, and an lru_cache's lookup cost three times a dict's. Cleared past MAX_FOLDS tokens."""

    def __missing__(self, token: str) -> str:
        if len(self) >= MAX_FOLDS:
            self.clear()
        folded = self[token] = fold(token)
        return folded


MAX_FOLDS = 1 << 18
_count_elements = collections._count_elements  # type: ignore[attr-defined]  # Counter's own C counting loop
_FOLDS = _Folds()


def tokens(text: str) -> list[str]:
    """Folded lower-case tokens."""
    return list(map(_FOLDS.__getitem__, _TOKEN.findall(text.lower())))  # map: no Python frame per token


def passages(pages: list[SearchPage]) -> list[Passage]:
    """Every page's sentences (its snippet when the page has no text), in result order; a sentence repeated
    on several pages is kept once (its first page)."""
    out: list[Passage] = []
    seen: set[str] = set()
    for i, page in enumerate(pages):
        title = _clean(str(page.get("page_name") or ""))
        found = _SENTENCES.of(page.get("page_result") or "")
        if found is None:  # no text: the snippet (it depends on the question, so it is never kept)
            found = _sentences(_clean(str(page.get("page_snippet") or "")))
        for sentence in found:
            if sentence not in seen:
                seen.add(sentence)
                out.append(Passage(sentence, i, title))
    return out


def page_sentences(html: str) -> tuple[str, ...] | None:
    """The sentences of a page's visible text, or None when it has none."""
    # the main content first (navigation, headers, footers and asides dropped), the whole page if that
    # leaves little: an answer in a sidebar infobox still counts
    text = page_text(html, main_content=True)
    if len(text) < 200:
        text = page_text(html)
    text = text[:MAX_PAGE_CHARS]
    return _sentences(text) if text else None


def _sentences(text: str) -> tuple[str, ...]:
    found = (text[start:end] for start, end in split_sentences(text))
    return tuple(s for s in found if 3 <= len(s) <= MAX_PASSAGE_CHARS)


class SentenceCache:
    """`page_sentences` of the pages seen before. A page is served to many questions (a subject's page, the
    roundups): on the tiny world 4,000 results hold 2,938 distinct pages, and cutting a page into sentences
    is most of the model's CPU. Keyed by the HTML's length and its string hash (a page is ~350 KB: the
    HTML itself is never kept), least recently used first out past `budget` characters of sentences."""

    def __init__(self, budget: int = 50_000_000) -> None:
        self.budget = budget
        self.kept: OrderedDict[tuple[int, int], tuple[str, ...] | None] = OrderedDict()
        self.size = 0

    def of(self, html: str) -> tuple[str, ...] | None:
        key = (len(html), hash(html))
        if key in self.kept:
            self.kept.move_to_end(key)
            return self.kept[key]
        found = self.kept[key] = page_sentences(html)
        self.size += sum(map(len, found or ()))
        while self.size > self.budget:
            self.size -= sum(map(len, self.kept.popitem(last=False)[1] or ()))
        return found


_SENTENCES = SentenceCache()


def _clean(text: str) -> str:
    return " ".join(htmllib.unescape(_TAG.sub(" ", text)).split())


class BM25:
    """Okapi BM25 over passages (each passage a document), each sentence scored with its page's title.

    Built lazily: a question asks about a handful of terms, so document frequencies and postings are
    counted per term when first asked (`_posting`), not for every word of ~3,000 sentences; a sentence's
    token counts are cached across questions (`_counts`: pages repeat). Scores, their order and ties are
    exactly those of counting every term up front (tests/eval/test_baseline_index.py compares the two)."""

    def __init__(self, docs: list[Passage]) -> None:
        self.docs = docs
        self.counts = [_counts(d.text) for d in docs]
        titles = {d.title: _title_terms(d.title) for d in docs}
        self.titled: dict[str, list[int]] = {}  # a title's documents, for terms found in a title
        for i, d in enumerate(docs):
            self.titled.setdefault(d.title, []).append(i)
        self.title_terms = titles
        # a sentence counts once more each distinct term of its page's title
        self.lengths = [c.total + len(titles[d.title]) for c, d in zip(self.counts, docs, strict=True)]
        self.avg = (sum(self.lengths) / len(docs)) if docs else 1.0
        self._postings: dict[str, dict[int, int]] = {}
        self._weights: dict[str, float] = {}

    def _posting(self, term: str) -> dict[int, int]:
        """{document: term frequency} of the documents holding `term` (its sentence or its title)."""
        found = self._postings.get(term)
        if found is None:
            found = {i: c.counts[term] for i, c in enumerate(self.counts) if term in c.counts}
            for title, members in self.titled.items():
                if term in self.title_terms[title]:
                    for i in members:
                        found[i] = found.get(i, 0) + 1
            self._postings[term] = found
        return found

    def weight(self, term: str) -> float:
        """IDF of a folded term (unseen terms weigh like the rarest)."""
        w = self._weights.get(term)
        if w is None:
            c, n = len(self._posting(term)), len(self.docs)
            w = math.log(1 + (n - c + 0.5) / (c + 0.5)) if c else math.log(1 + (n + 0.5) / 0.5)
            self._weights[term] = w
        return w

    def score(self, i: int, terms: list[str]) -> float:
        length = self.lengths[i]
        total = 0.0
        for t in terms:
            f = self._posting(t).get(i, 0)
            if f:
                total += self.weight(t) * f * (K1 + 1) / (f + K1 * (1 - B + B * length / self.avg))
        return total

    def top(self, terms: list[str], k: int) -> list[tuple[float, Passage]]:
        """The k best passages for `terms`, best first (ties in result order)."""
        holding: set[int] = set()
        for t in terms:  # only a document holding a term scores above 0
            holding.update(self._posting(t))
        scored = [(self.score(i, terms), -i) for i in holding]
        scored = [s for s in scored if s[0] > 0]
        scored.sort(reverse=True)
        return [(score, self.docs[-neg]) for score, neg in scored[:k]]

    def coverage(self, text: str, terms: list[str]) -> float:
        """IDF-weighted share of `terms` present in `text`."""
        have = set(tokens(text))
        total = sum(self.weight(t) for t in terms)
        return sum(self.weight(t) for t in terms if t in have) / total if total else 0.0


class _Counted(NamedTuple):
    counts: dict[str, int]
    """How often each folded token occurs (never changed: shared by every question that reads it)."""
    total: int
    """How many tokens."""


@functools.lru_cache(maxsize=1 << 16)  # a sentence of a page seen before: counted once (~100 MB)
def _counts(text: str) -> _Counted:
    # a plain dict filled by Counter's own C counter: Counter() checks its argument against the Mapping ABC
    # and wraps it in two Python calls, a third of the count of a 12-token sentence
    found: dict[str, int] = {}
    words = _TOKEN.findall(text.lower())
    _count_elements(found, map(_FOLDS.__getitem__, words))
    return _Counted(found, len(words))


@functools.lru_cache(maxsize=1 << 14)
def _title_terms(title: str) -> frozenset[str]:
    return frozenset(tokens(title))
