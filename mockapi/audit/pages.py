"""Page figures over a seeded sample: layouts, chrome share, tables, date styles, content sentences, verbatim
answers.

- **Layouts among 40 pages**: distinct layout signatures (`anatomy.layout_signature`) in 40 pages drawn at
  random from the sample; 25 draws; the minimum over draws is the figure ("among any 40 pages"), the median
  is shown too.
- **Chrome share**: chrome characters / visible characters, summed over the sampled pages.
- **Median answer page**: the median number of content sentences over answer pages (gold pages of a world;
  pages that contain the answer verbatim for real records), the first `GOLD_PAGES` (by id) of each of the
  first `MEDIAN_QUESTIONS` questions of `answer_sample`.
- **Not verbatim**: share of answerable questions whose gold answer and every alternative are absent
  (case-insensitive substring) from the text of all of its answer pages (the first `GOLD_PAGES`), scripts
  included (an SPA shell keeps its text in JSON), over every question of `answer_sample`.

Both lines once read a few hundred questions, and a world near a bar passed or failed by its draw: generator
38's 20,000-question train world read 0.21 not verbatim over all of its answerable questions and its audit's
964 read 0.199 (random 964-samples fall below the 0.20 bar one time in five); its answer pages' median is 51
over 3,000 questions and 49 on the audit's 300 (2 % of 300-question draws read below 50). `answer_sample`
reads every answerable question up to `ANSWER_QUESTIONS` (a seeded sample beyond), in the world's order.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from typing import TypedDict

from mockapi.audit.anatomy import Anatomy, anatomy, strip_tags
from mockapi.audit.data import AuditQuestion, Corpus
from mockapi.audit.text import DATE_STYLES

DRAWS = 25
WINDOW = 40
ANSWER_QUESTIONS = 5000  # answerable questions the verbatim line reads, at most (module docstring)
MEDIAN_QUESTIONS = 1000  # of them, those whose answer pages the median line measures (their HTML's anatomy)
GOLD_PAGES = 3  # answer pages read per question (by page id), as the frames and contradictions read
# questions whose answer pages one read of the store holds: a read costs a scan of the pages' ids (~45 ms on a
# 20,000-question world's 704,415 pages), so one a question made 5,000 questions cost 229 s
_BATCH = 100
_ALL_TEXT = 10_000_000  # the stored text whole: the answer may stand anywhere on the page


class LayoutFigures(TypedDict, total=False):
    """Distinct layouts in windows of 40 pages; no pages: only min_in_40, median_in_40, distinct, pages."""

    min_in_40: int | None
    median_in_40: float | None
    window: int
    distinct: int
    pages: int
    top: list[tuple[str, int]]


class BodyFigures(TypedDict):
    pages: int
    chrome_share: float | None
    table_share: float | None
    date_styles: list[str]
    date_styles_known: int


class AnswerPageFigures(TypedDict):
    answer_pages: int
    median_content_sentences: float | None


class NotVerbatim(TypedDict):
    answerable: int
    not_verbatim: int
    not_verbatim_share: float | None
    examples: list[str]


class PageFigures(BodyFigures, AnswerPageFigures, NotVerbatim):
    """The audit's `pages` group (`answerable` and `examples` are not_verbatim's)."""

    layouts: LayoutFigures


def measure(corpus: Corpus, page_ids: list[str]) -> dict[str, Anatomy]:
    """Anatomy of each page (read a batch at a time: `Corpus.each_html`)."""
    return {pid: anatomy(html) for pid, html in corpus.each_html(page_ids)}


def layout_figures(pages: dict[str, Anatomy], rng: random.Random) -> LayoutFigures:
    """Distinct layouts among random windows of 40 pages (min and median over draws) and overall."""
    layouts = [a.layout for a in pages.values()]
    if not layouts:
        return {"min_in_40": None, "median_in_40": None, "distinct": 0, "pages": 0}
    size = min(WINDOW, len(layouts))
    counts = [len(set(rng.sample(layouts, size))) for _ in range(DRAWS)]
    return {
        "min_in_40": min(counts),
        "median_in_40": statistics.median(counts),
        "window": size,
        "distinct": len(set(layouts)),
        "pages": len(layouts),
        "top": Counter(layouts).most_common(3),
    }


def body_figures(pages: dict[str, Anatomy]) -> BodyFigures:
    """Chrome share of visible text, table share, date styles found (≥ 1% of pages)."""
    shown = [a for a in pages.values() if a.visible_chars]
    visible = sum(a.visible_chars for a in shown)
    styles: Counter[str] = Counter()
    for a in shown:
        styles.update(a.date_styles)
    floor = max(1, len(shown) // 100)
    return {
        "pages": len(pages),
        "chrome_share": round(sum(a.chrome_chars for a in shown) / visible, 3) if visible else None,
        "table_share": round(sum(a.has_table for a in pages.values()) / len(pages), 3) if pages else None,
        "date_styles": sorted(s for s, c in styles.items() if c >= floor),
        "date_styles_known": len(DATE_STYLES),
    }


def answer_sample(qs: list[AuditQuestion], n: int = ANSWER_QUESTIONS, seed: int = 0) -> list[AuditQuestion]:
    """The answerable questions the verbatim and median lines read: all of them up to `n`, else `n` drawn
    with a seed of their own, kept in the world's order (no question's results are read)."""
    answerable = [q for q in qs if q.answerable]
    if len(answerable) <= n:
        return answerable
    keep = sorted(random.Random(f"audit:answers:{seed}").sample(range(len(answerable)), n))
    return [answerable[i] for i in keep]


def _gold(q: AuditQuestion) -> list[str]:
    return sorted(q.gold)[:GOLD_PAGES]


def _stated(q: AuditQuestion, texts: list[str]) -> bool:
    """Whether the answer or an alternative stands in one of `texts` (case-insensitive)."""
    joined = " ".join(texts).lower()
    return any(a.lower() in joined for a in q.answers())


def answer_page_figures(corpus: Corpus, qs: list[AuditQuestion]) -> AnswerPageFigures:
    """Content sentences on the median answer page of `qs` (their first `GOLD_PAGES`), measured a batch of
    pages at a time and kept as counts only."""
    ids = sorted({pid for q in qs for pid in _gold(q)})
    counts = [anatomy(html).content_sentences for _, html in corpus.each_html(ids)]
    return {
        "answer_pages": len(counts),
        "median_content_sentences": statistics.median(counts) if counts else None,
    }


def not_verbatim(corpus: Corpus, questions: list[AuditQuestion]) -> NotVerbatim:
    """Share of answerable questions whose answer (and every alternative) is on none of its answer pages.
    The stored text is read first, a batch of questions at a time; the served HTML (scripts included) only
    of the batch's questions whose text lacks every answer (about a fifth): the stored text is the visible
    text, an SPA shell keeps its answer in a script."""
    subject = [q for q in questions if q.answerable and q.answers()]
    missing = 0
    examples: list[str] = []
    for start in range(0, len(subject), _BATCH):
        chunk = subject[start : start + _BATCH]
        texts = corpus.text([pid for q in chunk for pid in _gold(q)], limit=_ALL_TEXT)
        unread = [q for q in chunk if not _stated(q, [texts.get(pid, "") for pid in _gold(q)])]
        html = corpus.html([pid for q in unread for pid in _gold(q)]) if unread else {}
        for q in unread:
            if _stated(q, [strip_tags(html.get(pid, "")) for pid in _gold(q)]):
                continue
            missing += 1
            if len(examples) < 3:
                examples.append(f"{q.query} -> {q.answer}")
    return {
        "answerable": len(subject),
        "not_verbatim": missing,
        "not_verbatim_share": round(missing / len(subject), 3) if subject else None,
        "examples": examples,
    }
