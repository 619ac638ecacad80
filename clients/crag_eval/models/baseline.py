"""`baseline`: a template-blind offline RAG pipeline (no LLM, no GPU), meant to run unchanged on real CRAG.

Per question, from the batch alone (query, query_time, search_results; never the KG, never gold answers):
1. read: strip a conversational wrapper, decide the answer type from the interrogative (`baseline_query`);
2. retrieve: the served pages cut into sentences, ranked by BM25 against the question's terms
   (`baseline_pages`; Tasks 1-2 see 5 pages, Task 3 sees 50, of which it reads the top READ_PAGES by rank);
3. extract: spans of the answer type from the best sentences, weighted by retrieval score and closeness to the
   question's terms, voted (`baseline_extract`); two options ("A or B") are compared on the values found near
   each, or on how well each is supported;
4. answer only when the evidence is strong (the best sentence covers most of the question's terms and the
   winning span holds most of the vote), else "i don't know": a wrong answer costs 1, a missing one 0.
Nothing in it knows how a particular world phrases questions or pages.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from crag_eval.files.records import SearchPage
from crag_eval.judges.text import dates, numbers, strip_dates
from crag_eval.models.baseline_extract import YEAR, proximity, spans, vote
from crag_eval.models.baseline_pages import BM25, Passage, passages, tokens
from crag_eval.models.baseline_query import Ask, read

IDK = "i don't know"
TOP_SENTENCES = 8
MIN_COVERAGE = 0.5  # IDF-weighted share of question terms the best sentence (with its page title) must hold
MIN_MARGIN = 2.0  # the winning span's vote over the runner-up's
YES_COVERAGE = 0.9
# Pages read of those served, in rank order. Reading a page (its HTML to sentences) was most of the model's
# CPU; on the default world (built at a4289b0) the pages past rank 25 moved Score_a by 0.3 points (rules
# judge, 1,200 questions: -3.9 % reading all 50, -4.1 % the top 35, -4.2 % the top 25) and cost 23 % of the
# run's CPU (177.6 -> 137.6 CPU-s, `--workers 2`, load 7-11; issue 34). On generator 18's default world (the
# same world, machine and code, a277c4f; `--workers 2`, CPU-s at load 12-15 but the top 25's at 3-4):
# -4.2 % reading all 50 (178 CPU-s), -3.8 % the top 20 (125), -3.7 % the top 25 (126), -2.7 % the top 15
# (116): the owner's bar is 1 point of reading 50.
READ_PAGES = 15


class BaselineModel:
    """CRAG's model protocol: `get_batch_size()` and `batch_generate_answer(batch)`."""

    process_safe = True
    """No state between questions: `--workers` may run copies in several processes (crag_eval.run.workers)."""

    def __init__(self, read_pages: int = READ_PAGES) -> None:
        if read_pages < 1:
            raise ValueError(f"read_pages must be at least 1, got {read_pages}")
        self.read_pages = read_pages
        """How many of a question's pages it reads, top first (`--model-args '{"read_pages": 50}'`)."""

    def get_batch_size(self) -> int:
        return 8

    def batch_generate_answer(self, batch: dict[str, list[Any]]) -> list[str]:
        times = batch.get("query_time") or [""] * len(batch["query"])
        return [
            self.answer(q, pages, t)
            for q, pages, t in zip(batch["query"], batch["search_results"], times, strict=True)
        ]

    def answer(self, query: str, pages: list[SearchPage], query_time: str = "") -> str:
        """The answer to one question from its served pages."""
        return answer_passages(query, passages(pages[: self.read_pages]), query_time)


def answer_passages(query: str, docs: list[Passage], query_time: str = "") -> str:
    """The answer from ready-cut passages (split out so tests can skip HTML)."""
    ask = read(query)
    if not docs or not ask.terms or ask.chained:
        return IDK
    today = dates(query_time)
    try:
        return Reader(ask, docs, today[0] if today else None).solve() or IDK
    except (ArithmeticError, ValueError):
        return IDK


class Reader:
    """One question over its passages."""

    def __init__(self, ask: Ask, docs: list[Passage], today: tuple[int, int, int] | None = None) -> None:
        self.ask = ask
        self.today = today
        self.index = BM25(docs)
        self.terms = list(dict.fromkeys(tokens(" ".join(ask.terms))))

    def solve(self) -> str | None:
        kind = self.ask.kind
        if kind == "choice":
            return self.choose()
        if kind == "yesno":
            return self.yes()
        if kind in ("phrase", "superlative"):
            return None  # no span type says which: too easy to answer with something wrong
        if kind in ("weekday", "years_since"):
            return self.from_date(kind)
        return self.extract(kind, self.terms)

    def from_date(self, kind: str) -> str | None:
        """A weekday, or the years from a date (or a year) to the question's day, computed from what the
        pages say; a year the question asserts and the pages contradict makes it an invalid question."""
        found = self.extract("date", self.terms)
        day = dates(found)[0] if found and dates(found) else None
        if kind == "weekday":
            return dt.date(*day).strftime("%A").lower() if day and day[2] else None
        if self.today is None:
            return None
        if day is None:
            year = self.extract("year", self.terms)
            day = (int(year), 0, 0) if year else None
        if day is None:
            return None
        said = YEAR.findall(self.ask.text)
        if said and int(said[-1]) != day[0]:
            return "invalid question"
        if day[1] == 0:
            return str(self.today[0] - day[0])
        return str(self.today[0] - day[0] - ((self.today[1], self.today[2]) < (day[1], day[2] or 1)))

    def supported(self, terms: list[str]) -> list[tuple[float, Passage]]:
        """The top sentences, kept only if the best covers enough of `terms` (its page title counts)."""
        top = self.index.top(terms, TOP_SENTENCES)
        if not top:
            return []
        best = top[0][1]
        if self.index.coverage(f"{best.text} {best.title}", terms) < MIN_COVERAGE:
            return []
        return top

    def extract(self, kind: str, terms: list[str]) -> str | None:
        top = self.supported(terms)
        if not top:
            return None
        wanted = set(terms)
        found: list[tuple[str, float]] = []
        for score, passage in top:
            for text, start in spans(kind, passage.text, self.ask.text):
                found.append((text, score * proximity(passage.text, start, wanted)))
        if kind == "list":
            return self.listing(top)
        if self.ask.temporal:
            latest = self.latest(kind, top)
            if latest:
                return latest
        text, _weight, margin = vote(found)
        return text if text and margin >= MIN_MARGIN else None

    def latest(self, kind: str, top: list[tuple[float, Passage]]) -> str | None:
        """For "current"/"today" questions: the span of the most recently dated strong sentence."""
        best: tuple[tuple[int, int, int], str] | None = None
        for score, passage in top:
            if score < 0.5 * top[0][0]:
                continue
            found = spans(kind, passage.text, self.ask.text)
            stamped = [d for d in dates(passage.text) if self.today is None or d <= self.today]
            if found and stamped and (best is None or max(stamped) > best[0]):
                best = (max(stamped), found[0][0])
        return best[1] if best else None

    def listing(self, top: list[tuple[float, Passage]]) -> str | None:
        """The names of the best sentence that names two or more (a list answer read off one sentence)."""
        for _score, passage in top[:3]:
            names = list(dict.fromkeys(t for t, _s in spans("list", passage.text, self.ask.text)))
            if len(names) >= 2:
                return ", ".join(names[:6])
        return None

    def yes(self) -> str | None:
        """'yes' when one sentence states everything the question says; otherwise unsure."""
        top = self.index.top(self.terms, 3)
        for _score, passage in top:
            text = passage.text.lower()
            if self.index.coverage(passage.text, self.terms) >= YES_COVERAGE and " not " not in f" {text} ":
                return "yes"
        return None

    def choose(self) -> str | None:
        """One of two options: by the values found near each, or by support when nothing is compared."""
        a, b = self.ask.options
        rest = [t for t in self.terms if t not in set(tokens(f"{a} {b}"))]
        if self.ask.direction:
            va, vb = self.value(a, rest), self.value(b, rest)
            if va is None or vb is None or va == vb:
                return None
            higher = a if va > vb else b
            return higher if self.ask.direction > 0 else (b if higher == a else a)
        sa, sb = self.support(a, rest), self.support(b, rest)
        if max(sa, sb) < MIN_COVERAGE or abs(sa - sb) < 0.2:
            return None
        return a if sa > sb else b

    def support(self, option: str, rest: list[str]) -> float:
        """How well the best sentence naming `option` covers the other question terms."""
        need = tokens(option)
        best = 0.0
        for _score, passage in self.index.top(need + rest, TOP_SENTENCES):
            both = f"{passage.text} {passage.title}"
            have = set(tokens(both))
            if all(t in have for t in need):
                best = max(best, self.index.coverage(both, rest) if rest else 1.0)
        return best

    def value(self, option: str, rest: list[str]) -> float | None:
        """A number (or a date as a day count) stated near the option's name and the question's terms."""
        need = tokens(option)
        wanted = set(rest)
        for _score, passage in self.index.top(need + rest, TOP_SENTENCES):
            have = set(tokens(f"{passage.text} {passage.title}"))
            if not all(t in have for t in need) or (rest and not wanted & have):
                continue
            found = dates(passage.text)
            if found:
                y, m, d = found[0]
                return float(y * 10_000 + m * 100 + d)
            nums = numbers(strip_dates(passage.text))
            if nums:
                return nums[0][0]
        return None
