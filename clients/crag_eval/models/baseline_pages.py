"""Retrieval for the `baseline`: the served pages cut into sentences, ranked by BM25 against the question.

A passage is one sentence of a page's visible text (`crag_client.html.page_text`; a table row is a line, so a
passage too), scored together with its page's title. Terms are lower-cased tokens with a light suffix folding
(`fold`), so a question's "release" meets a page's "released".
"""

from __future__ import annotations

import functools
import html as htmllib
import math
import re
from collections import Counter, OrderedDict
from dataclasses import dataclass

from crag_client.html import page_text, split_sentences

from crag_eval.files.records import SearchPage

_TOKEN = re.compile(r"[a-z0-9][a-z0-9'&-]*[a-z0-9]|[a-z0-9]")
_TAG = re.compile(r"<[^>]+>")
MAX_PASSAGE_CHARS = 600
MAX_PAGE_CHARS = 120_000  # a huge page's tail is rarely where its answer is; keeps Task 3 bounded
K1, B = 1.2, 0.75


@dataclass(frozen=True)
class Passage:
    """One sentence of one page (page = its position in the results)."""

    text: str
    page: int
    title: str


@functools.lru_cache(maxsize=1 << 18)  # words repeat: folding each once cut a tenth of the model's CPU
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


def tokens(text: str) -> list[str]:
    """Folded lower-case tokens."""
    return [fold(t) for t in _TOKEN.findall(text.lower())]


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
    """Okapi BM25 over passages (each passage a document)."""

    def __init__(self, docs: list[Passage]) -> None:
        self.docs = docs
        # a sentence is scored with its page's title: the title often names what the sentence's "it" is
        titles: dict[str, set[str]] = {}
        self.tf = []
        for d in docs:
            tf = Counter(tokens(d.text))
            if d.title not in titles:
                titles[d.title] = set(tokens(d.title))
            for term in titles[d.title]:  # as `+ Counter(set(...))`, without a third Counter per sentence
                tf[term] += 1
            self.tf.append(tf)
        self.lengths = [sum(tf.values()) for tf in self.tf]
        self.avg = (sum(self.lengths) / len(docs)) if docs else 1.0
        df: Counter[str] = Counter()
        for tf in self.tf:
            df.update(tf.keys())
        n = len(docs)
        self.idf = {t: math.log(1 + (n - c + 0.5) / (c + 0.5)) for t, c in df.items()}

    def weight(self, term: str) -> float:
        """IDF of a folded term (unseen terms weigh like the rarest)."""
        return self.idf.get(term, math.log(1 + (len(self.docs) + 0.5) / 0.5))

    def score(self, i: int, terms: list[str]) -> float:
        tf, length = self.tf[i], self.lengths[i]
        total = 0.0
        for t in terms:
            f = tf.get(t, 0)
            if f:
                total += self.weight(t) * f * (K1 + 1) / (f + K1 * (1 - B + B * length / self.avg))
        return total

    def top(self, terms: list[str], k: int) -> list[tuple[float, Passage]]:
        """The k best passages for `terms`, best first (ties in result order)."""
        scored = [(self.score(i, terms), -i) for i in range(len(self.docs))]
        scored = [s for s in scored if s[0] > 0]
        scored.sort(reverse=True)
        return [(score, self.docs[-neg]) for score, neg in scored[:k]]

    def coverage(self, text: str, terms: list[str]) -> float:
        """IDF-weighted share of `terms` present in `text`."""
        have = set(tokens(text))
        total = sum(self.weight(t) for t in terms)
        return sum(self.weight(t) for t in terms if t in have) / total if total else 0.0
