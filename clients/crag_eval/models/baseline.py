"""`baseline`: an honest offline RAG system with no LLM, no GPU and no network beyond the mock server.

Per question (modules `baseline_query`, `baseline_kg`, `baseline_pages`):
1. Parse the question into a form (simple, comparison, sum, difference, count, years since, two hops), an
   attribute and its subjects, and the day the answer must hold on (the query day, the day before for
   "yesterday", or the date the question names).
2. Each value needed comes from the KG when the subject links to exactly one entity there (Tasks 2-3; Task 1
   refuses KG routes with 403 and the model stops asking), else from the served pages: the typed span of the
   sentences that name the subject exactly, latest dated statement for changing values, a vote otherwise.
3. The form combines the values (the higher of two, their sum, the count of a list …).
4. A question whose premise the pages never mention, about an event the world is not known to hold,
   is answered "invalid question"; anything else unsure is "i don't know": a wrong answer costs 1, a
   missing one 0.
It reads only the batch (query, query_time, search_results) and the mock server; never gold answers.
"""

from __future__ import annotations

import datetime as dt
import os
from typing import Any

from crag_client import Client

from crag_eval.judges.text import dates, numbers
from crag_eval.models.baseline_kg import KG, Value
from crag_eval.models.baseline_pages import find_bridge, find_value, page_sentences
from crag_eval.models.baseline_premise import false_premise
from crag_eval.models.baseline_query import Attr, Parsed, parse

IDK = "i don't know"


class BaselineModel:
    def __init__(self, server: str | None = None) -> None:
        url = server or os.environ.get("CRAG_SERVER") or os.environ.get("CRAG_MOCK_API_URL")
        self.client = Client(url, cache=True)
        self.kg = KG(self.client)

    def get_batch_size(self) -> int:
        return 8

    def batch_generate_answer(self, batch: dict[str, list[Any]]) -> list[str]:
        times = batch.get("query_time") or [""] * len(batch["query"])
        return [
            self.answer(q, t, pages)
            for q, t, pages in zip(batch["query"], times, batch["search_results"], strict=True)
        ]

    def answer(self, query: str, query_time: str, pages: list[dict[str, Any]]) -> str:
        return self.answer_sentences(query, query_time, page_sentences(pages))

    def answer_sentences(self, query: str, query_time: str, pages: list[list[str]]) -> str:
        """The answer from the pages' sentences (split out so tests and tuning can skip HTML parsing)."""
        parsed = parse(query, query_time)
        if parsed is None or parsed.attr is None:
            return "invalid question" if false_premise(query, pages) else IDK
        try:
            return Solver(self.kg, query.lower(), parsed, pages).solve() or IDK
        except (ArithmeticError, ValueError):
            return IDK


class Solver:
    """One parsed question: values from the KG or the pages, combined by the question's form."""

    def __init__(self, kg: KG, query: str, parsed: Parsed, pages: list[list[str]]) -> None:
        self.kg, self.query, self.p, self.pages = kg, query, parsed, pages
        assert parsed.attr is not None
        self.attr: Attr = parsed.attr

    def value(self, subject: str) -> Value | None:
        p, query = self.p, self.query
        if p.hop:
            bridge = find_bridge(p.hop, subject, self.pages)
            if bridge is None:
                return None
            # the relation words and the start entity say nothing about the bridge's attribute
            query = query.replace(f"the {p.hop} of {subject}", bridge.lower())
            subject = bridge.lower()
        found = self.kg.get(self.attr, subject, p.day, p.yesterday, p.dated)
        text = find_value(self.attr, query, subject, self.pages, p.day, p.dated)
        paged = (text, _number(text, self.attr.vtype)) if text else None
        if found is not None and paged is not None and not _same(found, paged):
            # a KG namesake of a subject only the pages know, or a look-alike's page slipping through:
            # no way to tell which, and a wrong answer costs more than none
            return None
        return found or paged

    def solve(self) -> str | None:
        p, attr = self.p, self.attr
        if p.form == "simple":
            v = self.value(p.subjects[0])
            return v[0] if v else None
        if p.form == "count":
            v = self.value(p.subjects[0])
            return str(len(_items(v[0]))) if v else None
        if p.form == "years_ago":
            v = self.value(p.subjects[0])
            year = _year(v) if v else None
            return str(p.day.year - year) if year else None
        a, b = (self.value(s) for s in p.subjects[:2])
        if a is None or b is None or a[1] is None or b[1] is None:
            return None
        x, y = a[1], b[1]
        if p.form == "higher":
            return p.subjects[0] if x > y else p.subjects[1] if y > x else None
        if p.form == "yesno_higher":
            return "yes" if x > y else "no" if y > x else None
        if p.form == "first":
            return p.subjects[0] if x < y else p.subjects[1] if y < x else None
        if p.form == "combined":
            total = x + y
            return f"{total:,.0f}" if total == int(total) else f"{total:,.2f}"
        if p.form == "difference":
            diff = abs(x - y)
            return f"${diff:,.2f}" if attr.vtype == "money" else f"{diff:,.2f}".rstrip("0").rstrip(".")
        return None


def _same(a: Value, b: Value) -> bool:
    if a[1] is not None and b[1] is not None:
        return abs(a[1] - b[1]) <= 0.01 * max(abs(a[1]), abs(b[1]), 1.0)
    return a[0].lower() == b[0].lower()


def _items(listing: str) -> list[str]:
    return [i for i in listing.replace(" and ", ", ").split(", ") if i.strip()]


def _number(text: str, vtype: str) -> float | None:
    """A page value as a number for comparisons: dates as day ordinals, amounts with their scale."""
    if vtype == "date":
        found = dates(text)
        if found and found[0][2]:
            return float(dt.date(*found[0]).toordinal())
        return None
    nums = numbers(text)
    return nums[0][0] if len(nums) == 1 else None


def _year(v: Value) -> int | None:
    found = dates(v[0])
    if found:
        return found[0][0]
    text = v[0].strip()
    return int(text) if text.isdigit() and len(text) == 4 else None
