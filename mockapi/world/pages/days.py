"""Days written in prose, read back: the life check compares a sentence's dates with an entity's start at the
precision both give ("During February 2020" is before a song released on 25 August 2020, though the years
agree: the audit's day-level windows counted it). Reads the forms `styles.date_form` writes and month-year
phrases; a bare year has month and day 0 (unknown)."""

from __future__ import annotations

import re

Day = tuple[int, int, int]  # (year, month, day); 0 where the text does not say

_MONTH_NAMES = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
)  # fmt: skip
_MONTH_NUMBER = {name[:3]: i + 1 for i, name in enumerate(_MONTH_NAMES)}
_MONTH = (
    r"(?P<{g}>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_YEAR = r"(?P<{g}>(?:1[6-9]|20)\d\d)"
_FORMS = re.compile(
    "|".join(
        (
            rf"\b{_YEAR.format(g='iy')}-(?P<im>\d\d)-(?P<id>\d\d)\b",  # 2024-03-15
            rf"\b(?P<nm>\d\d)/(?P<nd>\d\d)/{_YEAR.format(g='ny')}\b",  # 03/15/2024
            # March 15, 2024 | March 15th, 2024 | Mar. 15, 2024
            rf"\b{_MONTH.format(g='am')} (?P<ad>\d{{1,2}})(?:st|nd|rd|th)?, {_YEAR.format(g='ay')}\b",
            # 15 March 2024 | Fri, 15 Mar 2024
            rf"\b(?P<bd>\d{{1,2}}) {_MONTH.format(g='bm')} {_YEAR.format(g='by')}\b",
            rf"\b{_MONTH.format(g='cm')},? {_YEAR.format(g='cy')}\b",  # March 2024
        )
    ),
    re.I,
)


def dates_in(text: str) -> list[Day]:
    """Every day, month or year `text` writes, in order (bare years with month and day 0)."""
    out: list[Day] = []
    taken: list[tuple[int, int]] = []
    for m in _FORMS.finditer(text):
        g = m.groupdict()
        if g["iy"]:
            day = (int(g["iy"]), int(g["im"]), int(g["id"]))
        elif g["ny"]:
            day = (int(g["ny"]), int(g["nm"]), int(g["nd"]))
        elif g["ay"]:
            day = (int(g["ay"]), _MONTH_NUMBER[g["am"][:3].lower()], int(g["ad"]))
        elif g["by"]:
            day = (int(g["by"]), _MONTH_NUMBER[g["bm"][:3].lower()], int(g["bd"]))
        else:
            day = (int(g["cy"]), _MONTH_NUMBER[g["cm"][:3].lower()], 0)
        if 1 <= day[1] <= 12 and day[2] <= 31:
            out.append(day)
            taken.append(m.span())
    for m in re.finditer(r"\b(?:1[6-9]|20)\d\d\b", text):  # the years no fuller form holds
        if not any(a <= m.start() < b for a, b in taken):
            out.append((int(m[0]), 0, 0))
    return out


def before(a: Day, b: Day) -> bool:
    """`a` is before `b` at the precision both give (a year alone is not before a day of the same year)."""
    known = next((i for i, (x, y) in enumerate(zip(a, b, strict=True)) if not x or not y), len(a))
    return a[:known] < b[:known]


def first_day(value: str, year: int) -> Day:
    """The day `value` (a KG or page date: ISO, "August 25, 2020", ...) gives for `year`, else the year."""
    return next((d for d in dates_in(value) if d[0] == year), (year, 0, 0))


# Months and seasons a sentence names without a year ("Downloads doubled in August", "last autumn, a cover
# went viral"): on a page they mean the latest such month or season before the page's day. A song of
# 1 March 2024 on a page of 11 March had a cover go viral "last autumn" (g24 reader, absurd).
_BARE_MONTH = re.compile(
    r"\b(January|February|March|April|May|June|July|August|September|October|November|December)\b"
)
_SEASON_START = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
_BARE_SEASON = re.compile(r"\b(?:last|the|one|past) (spring|summer|autumn|fall|winter)\b(?! (?:of )?\d)")
_LAST = re.compile(r"\blast (year|month)\b")
_SHORT_MONTHS = tuple(name[:3].title() for name in _MONTH_NAMES)


def yearless(text: str, on: tuple[int, int]) -> list[Day]:
    """The months (year, month, 0) that `text`'s month names, seasons and "last year/month" without a year
    mean on a page of month `on` (year, month): the latest such month not after it (a season: its first
    month strictly before it; "last year": the year before, month 0)."""
    year, month = on
    out: list[Day] = []
    if any(map(text.__contains__, _SHORT_MONTHS)):  # a substring test first: most sentences name none
        spans = [m.span() for m in _FORMS.finditer(text)]
        for m in _BARE_MONTH.finditer(text):
            if not any(a <= m.start() < b for a, b in spans):
                n = _MONTH_NUMBER[m[1][:3].lower()]
                out.append((year if n <= month else year - 1, n, 0))
    for m in _BARE_SEASON.finditer(text):
        n = _SEASON_START[m[1]]
        out.append((year if n < month else year - 1, n, 0))
    for m in _LAST.finditer(text):
        out.append((year - 1, 0, 0) if m[1] == "year" else (year - (month == 1), (month - 2) % 12 + 1, 0))
    return out


def month_of(name: str) -> int:
    """The number of a month's name (0: not a month)."""
    return _MONTH_NUMBER.get(name[:3].lower(), 0) if name.lower().startswith(_MONTH_NAMES) else 0


def after(d: Day, page: Day) -> bool:
    """`d` is after the page's day `page` at the precision `d` gives (a year alone: only a later year)."""
    return before(page, d)
