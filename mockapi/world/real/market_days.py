"""NYSE trading calendar and CRAG's price-key format.

Holidays are computed from the exchange's rules rather than listed, so any clock year works.
"""

from __future__ import annotations

import datetime as dt
from functools import lru_cache
from zoneinfo import ZoneInfo

DAY = dt.timedelta(days=1)


def _observed(day: dt.date) -> dt.date:
    """A fixed-date holiday on a weekend is observed on the nearest weekday."""
    if day.weekday() == 5:
        return day - DAY
    if day.weekday() == 6:
        return day + DAY
    return day


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> dt.date:
    """The n-th (1-based; -1 = last) given weekday of a month."""
    if n > 0:
        first = dt.date(year, month, 1)
        return first + dt.timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    nxt = dt.date(year + month // 12, month % 12 + 1, 1)
    last = nxt - DAY
    return last - dt.timedelta(days=(last.weekday() - weekday) % 7)


def _easter(year: int) -> dt.date:
    """Gregorian Easter Sunday (anonymous computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    m = (32 + 2 * e + 2 * i - h - k) % 7
    n = (a + 11 * h + 22 * m) // 451
    month = (h + m - 7 * n + 114) // 31
    day = (h + m - 7 * n + 114) % 31 + 1
    return dt.date(year, month, day)


@lru_cache(maxsize=64)
def nyse_holidays(year: int) -> frozenset[dt.date]:
    """Full-day NYSE closures of a year (New Year's Day on a Saturday is not moved back, as the NYSE does)."""
    new_year = dt.date(year, 1, 1)
    days = {
        new_year + DAY if new_year.weekday() == 6 else new_year,
        _nth_weekday(year, 1, 0, 3),  # Martin Luther King Jr. Day
        _nth_weekday(year, 2, 0, 3),  # Washington's Birthday
        _easter(year) - 2 * DAY,  # Good Friday
        _nth_weekday(year, 5, 0, -1),  # Memorial Day
        _observed(dt.date(year, 7, 4)),
        _nth_weekday(year, 9, 0, 1),  # Labor Day
        _nth_weekday(year, 11, 3, 4),  # Thanksgiving
        _observed(dt.date(year, 12, 25)),
    }
    if year >= 2022:
        days.add(_observed(dt.date(year, 6, 19)))
    return frozenset(days)


def is_trading_day(day: dt.date) -> bool:
    return day.weekday() < 5 and day not in nyse_holidays(day.year)


def trading_days_until(last: dt.date, count: int) -> list[dt.date]:
    """The `count` trading days ending at the last trading day <= `last`, oldest first."""
    days: list[dt.date] = []
    day = last
    while len(days) < count:
        if is_trading_day(day):
            days.append(day)
        day -= DAY
    return days[::-1]


def trading_days_between(first: dt.date, last: dt.date) -> list[dt.date]:
    """Every trading day in [first, last], oldest first."""
    out = []
    day = first
    while day <= last:
        if is_trading_day(day):
            out.append(day)
        day += DAY
    return out


def day_key(day: dt.date) -> str:
    """Daily bar / dividend key; the suffix is the literal 'EST' all year, as in the original."""
    return f"{day.isoformat()} 00:00:00 EST"


def minute_keys(day: dt.date) -> list[str]:
    """The 390 minute-bar keys of a regular session, 09:30 to 15:59."""
    stamp = day.isoformat()
    return [f"{stamp} {9 + (30 + m) // 60:02d}:{(30 + m) % 60:02d}:00 EST" for m in range(390)]


# A regular session in US/Eastern: prices exist from the open, a day's close from 16:00.
OPEN = dt.time(9, 30)
CLOSE = dt.time(16, 0)
EASTERN = ZoneInfo("America/New_York")  # the exchange's clock, and the day a page's "today" is


def eastern(utc: dt.datetime) -> dt.datetime:
    """A naive UTC moment on the exchange's clock (naive US/Eastern)."""
    return utc.replace(tzinfo=dt.timezone.utc).astimezone(EASTERN).replace(tzinfo=None)


def local_day(utc: dt.datetime) -> dt.date:
    """The US/Eastern date of a naive UTC moment: the day a page published then calls "today" (a page of
    Wed 28 Feb 03:17 GMT is Tuesday evening's, its "yesterday" Monday: the g26 reader's label near
    midnight)."""
    return eastern(utc).date()


def utc_of(day: dt.date, at: dt.time) -> dt.datetime:
    """The naive UTC moment of `at` US/Eastern on `day`."""
    local = dt.datetime.combine(day, at).replace(tzinfo=EASTERN)
    return local.astimezone(dt.timezone.utc).replace(tzinfo=None)


def last_session(day: dt.date) -> dt.date:
    """The last trading day on or before `day`."""
    while not is_trading_day(day):
        day -= DAY
    return day


def closed_session(at: dt.datetime) -> dt.date:
    """The last session whose close had happened at `at` (naive US/Eastern): before 16:00 of a trading day,
    the session before it (a query at 04:13 ET reads the previous close, never that day's, g26 reader #1)."""
    day = at.date()
    if not (is_trading_day(day) and at.time() >= CLOSE):
        day -= DAY
    return last_session(day)


def in_session(at: dt.datetime) -> bool:
    """Whether `at` (naive US/Eastern) falls inside a regular session."""
    return is_trading_day(at.date()) and OPEN <= at.time() < CLOSE
