"""Relative offsets past the query time: "N days/weeks/months later" landing after the question was asked.

The g23 reader found "... as of February 12th, 2024. 10 weeks later, former players backed X as dark
horses" on a page of a question asked on 11 Mar 2024: the year-based future line cannot see it (no year after
the query's is written). A content sentence with an offset ("10 weeks later", "two months afterwards",
"a few days on") is resolved against the date it counts from: the last date written before the offset in
the sentence, else the last date of the sentence before it on the page. The base is taken at its earliest
(a month alone is its first day, a year alone is not a base: too loose) and the offset at its least ("a few"
is 2, "several" 3), so a sentence counted is after the query day whatever the page meant. Plans and forecasts
("will", "is expected to") are not narration and are exempt, as on the future line.

Counted over the pages `lifespans.read_pages` reads, joining the "sentences narrating after the query time"
line. Real pages read 0 (`tests/audit`). Target 0.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from typing import TypedDict

from mockapi.audit.lifespans import Page
from mockapi.audit.rules import RuleCheck, empty_rule, note
from mockapi.audit.windows import Day, date_spans

_COUNTS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a few": 2, "a couple of": 2, "several": 3,
}  # fmt: skip
_OFFSET = re.compile(
    r"\b(?P<n>\d{1,3}|a couple of|a few|several|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
    r"twelve) (?P<unit>day|week|month|year)s? (?:later|afterwards?|after that|on,)",
    re.I,
)
_PLAN = re.compile(
    r"\b(?:will|would|shall|could|should|might|may|set to|plans?|planned|scheduled|expected|expects|due|"
    r"upcoming|aims?|hopes?|intends?|projected|forecasts?|if|once)\b",
    re.I,
)


class OffsetFigures(TypedDict):
    violations: int
    rules: dict[str, RuleCheck]
    dangling: int  # offsets with no date before them in the sentence or the one before (reported only)


RULE = "offsets past the query time"


def offset_scan(pages: list[Page]) -> OffsetFigures:
    """Offsets resolved past their page's query day (module docstring)."""
    rule = empty_rule()
    dangling = 0
    for page in pages:
        if not page.asked[2]:
            continue
        asked = dt.date(*page.asked)
        before: Day | None = None  # the last date of the sentence before
        for s in page.every:
            spans = date_spans(s)
            for found in _OFFSET.finditer(s):
                if _PLAN.search(s) or any(at > found.start() for _, at in spans):
                    break  # a plan, or a sentence dated after the offset (the future line's)
                base = _base([d for d, at in spans if at < found.start()] or ([before] if before else []))
                if base is None:
                    dangling += not spans and before is None
                    continue
                lands = _add(base, _COUNTS.get(found["n"].lower()) or int(found["n"]), found["unit"].lower())
                if lands is not None:
                    note(rule, lands > asked, f"({asked} asked; from {base}, lands {lands}) {s}")
                break
            before = spans[-1][0] if spans else None
    return {"violations": rule["violations"], "rules": {RULE: rule}, "dangling": dangling}


def _base(dates: list[Day]) -> dt.date | None:
    """The earliest day the last date can be (a month alone: its first day); None for a bare year."""
    year, month, day = dates[-1] if dates else (0, 0, 0)
    if not month:
        return None
    try:
        return dt.date(year, month, day or 1)
    except ValueError:
        return None


def _add(base: dt.date, n: int, unit: str) -> dt.date | None:
    """`base` moved on by `n` units (months and years keep the day where the month has it)."""
    if unit == "day":
        return base + dt.timedelta(days=n)
    if unit == "week":
        return base + dt.timedelta(weeks=n)
    months = base.month - 1 + n * (12 if unit == "year" else 1)
    year, month = base.year + months // 12, months % 12 + 1
    if year > dt.MAXYEAR:
        return None
    return dt.date(year, month, min(base.day, calendar.monthrange(year, month)[1]))
