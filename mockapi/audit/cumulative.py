"""Running totals that fall: a cumulative figure of one thing, stated at a later date, smaller than at an
earlier one.

The g30 and g32 readers found a film's worldwide gross falling over time ("$21.0 million in a note dated
November 3, 2022", "$20,000,000 as of April 16, 2023", the gold "$18.0 million" by 14 Nov 2023: 56 of 82 films
with two dated figures, by reader31's count). A worldwide gross, a lifetime box office, copies sold or views
to date only ever grow. Read as a participant reads the text, from the sentences of every question's top-10
pages (the g26 pass): a statement names the thing ("the worldwide gross of X", "X's total box office", "X has
grossed $N worldwide", "X has sold N copies", "X's video has drawn N views in total"), states an amount, and
carries one date at day or month precision (in the sentence, or the line's lead: "Updated 2023-08-08: X has
grossed $66.9 million worldwide"). Per thing and measure across every page read, a later date with an amount
more than `SLACK` below an earlier one is one violation (a weekend's or a day's figure is not a running total
and is not read; the slack lets a rounded "$4.0 million" follow "$4,012,345"). Checked: the things with two or
more dated amounts. The real fixture reads 0. Target 0.
"""

from __future__ import annotations

import re

from mockapi.audit.results import Read
from mockapi.audit.rules import RuleGroup, empty_rule, note
from mockapi.audit.text import sentences
from mockapi.audit.windows import Day, before, date_spans, show_day

RULE = "cumulative figures falling over time"
SLACK = 0.02

_NAME = r"(?P<name>(?:The |A |An )?[A-Z][\w'’.\-]*"
_NAME += r"(?:(?::| (?:(?:of|the|and|in|on|a|an|to|from|for)(?: the)? )?) ?[A-Z0-9][\w'’.\-]*)*)"
_AMOUNT = re.compile(
    r"(?P<cur>US\$|\$|€|£)?\s?(?P<n>\d[\d,]*(?:\.\d+)?)"
    r"(?:\s?(?P<scale>million|mn|billion|bn|thousand|[mMbBkK])\b)?(?:\s(?:dollars|euros|pounds))?"
)
_MONEY = r"(?:(?:worldwide|global|total|lifetime|all-time|cumulative|international) (?:box[- ]office )?"
_MONEY += r"(?:gross|takings|box[- ]office(?: gross| total| take| haul)?))"
_COUNT = r"(?:copies|units|views|streams|plays|downloads)"
_EVER = r"(?:worldwide|globally|around the world|in total|all told|to date|at the (?:worldwide|global) box "
_EVER += r"office)"
_GREW = r"(?:sold|shipped|drawn|racked up|piled up|passed|topped|reached|gathered)"
_OWN = r"(?P<own>['’]s? (?:\w+ )?(?:video|clip|single|album|record|book|game|upload))?"
MONEY_PATTERNS = 3  # the first three of `_STATED` state money, the others counts
_STATED = tuple(
    re.compile(p)
    for p in (
        # "the worldwide gross of X was/stood at/as $N", "the total box office for X came to $N"
        rf"\b(?i:the )?{_MONEY}(?: figure| total)? (?:of|for) {_NAME}(?P<rest>.*)",
        # "X's worldwide gross was $N"
        rf"{_NAME}['’]s? {_MONEY}\b(?P<rest>.*)",
        # "X has grossed $N worldwide", "X had taken $N at the global box office"
        rf"{_NAME} (?:has |had |have )?(?:grossed|earned|taken|made|collected|pulled in)"
        rf"(?P<rest> [^;]*?{_EVER})",
        # "X has sold N copies", "X's video has racked up N views in total", "total views of X"
        rf"{_NAME}{_OWN} (?:has|had|have) (?:now |so far )?{_GREW}(?P<rest> [^;]*?\b{_COUNT}\b)",
        rf"\b(?i:total|cumulative|lifetime) {_COUNT} (?:of|for) {_NAME}(?P<rest>.*)",
    )
)
# what is not a running total: a weekend's, a day's, an opening's figure; a margin
_NOT_RUNNING = re.compile(
    r"\b(?:weekend|opening|daily|weekly|per day|a day|that day|on the day|last week|this week|margin|"
    r"per cent|percent|%)",
    re.I,
)
# a line's dated label: "Updated 2023-08-08: ", "Last checked Jan. 4, 2024: " (the label ends at the date:
# in "As of 20 Feb 2024, Return of the Garden: Part Two has grossed ..." the colon is the title's)
_LEAD = re.compile(r"^[^:]{0,40}(?:\b(?:1[6-9]|20)\d\d|\d{4}-\d\d-\d\d):\s")
_HINTS = ("gross", "box office", "box-office", "takings", "copies", "units", "views", "streams", "plays",
          "downloads")  # fmt: skip
_SCALE = {"thousand": 1e3, "k": 1e3, "million": 1e6, "mn": 1e6, "m": 1e6, "billion": 1e9, "bn": 1e9, "b": 1e9}


class CumulativeScan:
    """Dated running totals per thing and measure over the reads; `result` compares each thing's dates."""

    def __init__(self) -> None:
        self.series: dict[tuple[str, str], dict[tuple[Day, float], str]] = {}

    def add(self, read: Read) -> None:
        for line in read.lines:
            if not any(h in line.lower() for h in _HINTS):
                continue
            lead = _LEAD.match(line)
            lead_days = [d for d, _ in date_spans(lead.group(0))] if lead else []
            for sentence in sentences(line[lead.end() :] if lead and lead_days else line):
                found = statement(sentence, lead_days)
                if found is not None:
                    key, day, value = found
                    self.series.setdefault(key, {}).setdefault((day, value), sentence)

    def result(self) -> RuleGroup:
        rule = empty_rule()
        for (name, measure), said in sorted(self.series.items()):
            points = sorted(said)
            if len(points) < 2:
                continue
            fall = next(
                ((a, b) for a in points for b in points if before(a[0], b[0]) and b[1] < a[1] * (1 - SLACK)),
                None,
            )
            example = ""
            if fall is not None:
                (d1, v1), (d2, v2) = fall
                example = f"{name} ({measure}): {v1:,.0f} on {show_day(d1)}, {v2:,.0f} on {show_day(d2)}: "
                example += said[fall[1]]
            note(rule, fall is not None, example)
        return {"violations": rule["violations"], "rules": {RULE: rule}}


def statement(sentence: str, lead_days: list[Day]) -> tuple[tuple[str, str], Day, float] | None:
    """(thing, measure), the date and the amount a sentence states of a running total, or None."""
    for pattern in _STATED:
        m = pattern.search(sentence)
        if m is None:
            continue
        rest = m.group("rest")
        if _NOT_RUNNING.search(sentence[: m.start()] + m.group(0)[: m.start("rest") - m.start()] + rest[:60]):
            return None
        amount = _AMOUNT.search(rest)
        if amount is None or _is_date_part(rest, amount):
            return None
        money = _STATED.index(pattern) < MONEY_PATTERNS
        if money and not amount.group("cur") and "dollars" not in amount.group(0):
            return None
        days = [d for d, _ in date_spans(sentence) if d[1]] or [d for d in lead_days if d[1]]
        if len(set(days)) != 1:
            return None
        scale = _SCALE.get((amount.group("scale") or "").lower(), 1.0)
        value = float(amount.group("n").replace(",", "")) * scale
        measure = "money" if money else re.findall(_COUNT, rest)[-1]
        name = m.group("name").lower()  # "The X" and "X" are look-alikes of each other, not one thing
        return (name + ((m.groupdict().get("own") or "").lower()), measure), days[0], value
    return None


def _is_date_part(rest: str, amount: re.Match[str]) -> bool:
    """An amount that is a date's day or year ("on 3 March", "in 2023") rather than a figure."""
    if amount.group("cur") or amount.group("scale"):
        return False
    year = re.fullmatch(r"(?:1[6-9]|20)\d\d", amount.group("n"))
    return bool(year or re.search(r"\b(?:on|by|in|of|since|through|until) $", rest[: amount.start()]))
