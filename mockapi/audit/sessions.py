"""The New York Stock Exchange's trading days, from its rules (no list of dates to go stale).

A day is no trading day when it is a Saturday or Sunday (from 1953: until 1952 the exchange also traded on
Saturday mornings) or one of the exchange's full-day holidays, stated here as rules for the years the rules
hold (`HOLIDAY_RULES_FROM` on: Martin Luther King Day closed the exchange from 1998):

- New Year's Day (1 Jan; on a Sunday the Monday after; on a Saturday no day is taken: the exchange keeps
  the Friday before, the last session of the year, open);
- Martin Luther King Jr. Day (third Monday of January), Washington's Birthday (third Monday of February);
- Good Friday (two days before Western Easter);
- Memorial Day (last Monday of May);
- Juneteenth (19 June, from 2022);
- Independence Day (4 July), Christmas (25 December): on a Saturday the Friday before, on a Sunday the
  Monday after;
- Labor Day (first Monday of September), Thanksgiving (fourth Thursday of November).

One-off closures (national days of mourning, 9/11, Hurricane Sandy) are no rule and are not here: a check
built on this calendar may pass a trading figure on such a day, never flag a real session.
"""

from __future__ import annotations

import datetime as dt
from functools import cache

SATURDAY_SESSIONS_UNTIL = 1952
HOLIDAY_RULES_FROM = 1998
JUNETEENTH_FROM = 2022


def easter(year: int) -> dt.date:
    """Western (Gregorian) Easter Sunday of `year`, by the computus of the Gregorian calendar: the first
    Sunday after the ecclesiastical full moon on or after 21 March."""
    golden = year % 19
    century, rest = divmod(year, 100)
    skipped_leaps = century // 4
    moon_fix = (century - (century + 8) // 25 + 1) // 3
    epact = (19 * golden + century - skipped_leaps - moon_fix + 15) % 30
    weekday_shift = (32 + 2 * (century % 4) + 2 * (rest // 4) - epact - rest % 4) % 7
    correction = (golden + 11 * epact + 22 * weekday_shift) // 451
    month, day = divmod(epact + weekday_shift - 7 * correction + 114, 31)
    return dt.date(year, month, day + 1)


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> dt.date:
    """The `n`th `weekday` (Monday 0) of the month; `n` = -1 for the last."""
    if n > 0:
        first = dt.date(year, month, 1)
        return first + dt.timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)
    return last - dt.timedelta(days=(last.weekday() - weekday) % 7)


def _observed(day: dt.date) -> dt.date:
    """A fixed-date holiday on a weekend moves to the Friday before or the Monday after."""
    return day + dt.timedelta(days={5: -1, 6: 1}.get(day.weekday(), 0))


@cache
def holidays(year: int) -> frozenset[dt.date]:
    """The exchange's full-day holidays of `year` (empty before the rules' years)."""
    if year < HOLIDAY_RULES_FROM:
        return frozenset()
    new_year = dt.date(year, 1, 1)
    days = {
        _nth_weekday(year, 1, 0, 3),  # Martin Luther King Jr. Day
        _nth_weekday(year, 2, 0, 3),  # Washington's Birthday
        easter(year) - dt.timedelta(days=2),  # Good Friday
        _nth_weekday(year, 5, 0, -1),  # Memorial Day
        _observed(dt.date(year, 7, 4)),
        _nth_weekday(year, 9, 0, 1),  # Labor Day
        _nth_weekday(year, 11, 3, 4),  # Thanksgiving
        _observed(dt.date(year, 12, 25)),
    }
    if new_year.weekday() != 5:  # on a Saturday no day is taken
        days.add(_observed(new_year))
    if year >= JUNETEENTH_FROM:
        days.add(_observed(dt.date(year, 6, 19)))
    return frozenset(days)


def closed(day: dt.date) -> str:
    """Why the exchange did not trade on `day` ('Saturday', 'Sunday', 'holiday'), '' when it did."""
    if day.weekday() >= 5 and day.year > SATURDAY_SESSIONS_UNTIL:
        return day.strftime("%A")
    return "holiday" if day in holidays(day.year) else ""


def session_of(day: dt.date) -> dt.date:
    """The last trading day on or before `day` (a price "as of" a Saturday is Friday's close)."""
    while closed(day):
        day -= dt.timedelta(days=1)
    return day
