"""Question-free page features: what a participant measures of a result without reading it for the question.

Issue 31: a page's form (length, sentences, figures, dates, markup, last-modified, snippet) must not tell its
role. `form_adversaries` (in `exploits`) trains gradient-boosted trees on these features; this module only
extracts them, the same way for a world (stored text, rendered HTML) and for real CRAG records.

Per page (`FEATURES`, 36): text length (log), words, sentences, content sentences (6+ words, prose-like), mean
words per sentence, line count, digits, numbers, percentages, money amounts, full dates (month day, year),
month-year dates, ISO/numeric dates, years, distinct years, earliest and latest year and their range, month
names, capitalised spans, quote marks, parentheses, colons, question marks; in the HTML: its size (log),
tables, table rows, list items, links, headings, paragraphs, block quotes, images; last-modified given, its
age in days at query time; snippet length and digits in the snippet.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

from mockapi.audit.data import HTML_BATCH, AuditQuestion, Corpus, Result
from mockapi.audit.learned import metadata_row
from mockapi.audit.text import MONTHS, is_content_sentence, sentences

TOP = 10  # results per question whose pages are measured (a participant reads the top of the list first)
TEXT_LIMIT = 60_000

_DIGIT = re.compile(r"\d")
_NUMBER = re.compile(r"\b\d[\d,]*(?:\.\d+)?\b")
_PCT = re.compile(r"\d\s?(?:%|percent\b)")
_MONEY = re.compile(r"[$€£]\s?\d")
# every month name starts with one of these letters: a lookahead on them spares the alternation at the other
# word starts (the same matches; the three month patterns were a third of `text_features`)
_MONTHS = rf"(?=[adfjmnos]){MONTHS}"
_FULL_DATE = re.compile(
    rf"\b{_MONTHS}\.? \d{{1,2}}(?:st|nd|rd|th)?,? \d{{4}}\b|\b\d{{1,2}} {_MONTHS}\.?,? \d{{4}}\b", re.I
)
_MONTH_YEAR = re.compile(rf"\b{_MONTHS}\.? \d{{4}}\b", re.I)
_NUMERIC_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b")
_YEAR = re.compile(r"\b(?:1[6-9]|20)\d\d\b")
_MONTH = re.compile(rf"\b{_MONTHS}\b", re.I)
_CAPS = re.compile(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)+")
_QUOTE = re.compile(r"[\"“”]")
_TAG_NAMES = ("table", "tr", "li", "a", "p", "blockquote", "img")
# one pass over the HTML for every counted tag (a page is ~240 kB: eight passes were 4.4% of an audit's time);
# at a '<' at most one alternative can match, so the counts are those of one pattern per tag
_TAGS = re.compile(rf"<({'|'.join(_TAG_NAMES)}|h[1-6])[\s>]", re.I)

FEATURES = (
    "log_text_chars", "words", "sentences", "content_sentences", "words_per_sentence", "lines", "digits",
    "numbers", "percentages", "money", "full_dates", "month_years", "numeric_dates", "years",
    "distinct_years", "min_year", "max_year", "year_range", "months", "capitalised_spans", "quotes",
    "parentheses", "colons",
    "questions", "log_html_size", "tables", "table_rows", "list_items", "links", "headings", "paragraphs",
    "blockquotes", "images", "modified_given", "modified_age_days", "snippet_chars", "snippet_digits",
)  # fmt: skip


def text_features(text: str) -> list[float]:
    """The 24 features of the visible text (FEATURES' text part, in order)."""
    found = sentences(text)
    words = len(text.split())
    years = [int(y) for y in _YEAR.findall(text)]
    low, high = (min(years), max(years)) if years else (math.nan, math.nan)
    return [
        math.log1p(len(text)), float(words), float(len(found)),
        float(sum(is_content_sentence(s) for s in found)), words / max(1, len(found)),
        float(text.count("\n")),
        float(len(_DIGIT.findall(text))), float(len(_NUMBER.findall(text))), float(len(_PCT.findall(text))),
        float(len(_MONEY.findall(text))), float(len(_FULL_DATE.findall(text))),
        float(len(_MONTH_YEAR.findall(text))), float(len(_NUMERIC_DATE.findall(text))), float(len(years)),
        float(len(set(years))), float(low), float(high), float(high - low), float(len(_MONTH.findall(text))),
        float(len(_CAPS.findall(text))), float(len(_QUOTE.findall(text))), float(text.count("(")),
        float(text.count(":")), float(text.count("?")),
    ]  # fmt: skip


def markup_features(html: str) -> list[float]:
    """HTML size (log) and counts of tables, rows, list items, links, headings, paragraphs, quotes, images."""
    tags = Counter("h" if name[0] in "hH" else name.lower() for name in _TAGS.findall(html))
    return [
        math.log1p(len(html)), float(tags["table"]), float(tags["tr"]), float(tags["li"]), float(tags["a"]),
        float(tags["h"]), float(tags["p"]), float(tags["blockquote"]), float(tags["img"]),
    ]  # fmt: skip


def result_features(q: AuditQuestion, r: Result) -> list[float]:
    """Last-modified given, its age at query time, snippet length and digits."""
    meta = metadata_row(q, r.rank, r.size, r.last_modified)
    snippet = re.sub(r"<[^>]+>", " ", r.snippet)
    return [1.0 - meta[2], meta[3], float(len(snippet)), float(len(_DIGIT.findall(snippet)))]


def page_table(corpus: Corpus, qs: Sequence[AuditQuestion], top: int = TOP) -> dict[str, list[float]]:
    """Text and markup features of every distinct page in the top `top` results of `qs`."""
    ids = list(dict.fromkeys(r.page_id for q in qs for r in q.results[:top]))
    out: dict[str, list[float]] = {}
    for start in range(0, len(ids), HTML_BATCH):  # the served HTML of a batch at a time (issue 34)
        chunk = ids[start : start + HTML_BATCH]
        texts = corpus.text(chunk, limit=TEXT_LIMIT)
        html = corpus.html(chunk)
        for pid in chunk:
            out[pid] = text_features(texts.get(pid, "")) + markup_features(html.get(pid, ""))
    return out


def row(q: AuditQuestion, r: Result, pages: dict[str, list[float]]) -> list[float]:
    """All FEATURES of one result (its page's and its own); unknown values (no year, no date) are -1: a
    column all NaN in a small fold stops the trees' binning."""
    return [-1.0 if math.isnan(v) else v for v in pages[r.page_id] + result_features(q, r)]
