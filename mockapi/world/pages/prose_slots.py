"""The slots of prose frames ({d}, {y}, {money}, {person}, {place}...): what each draws, around a page's day
and inside the window of the event told (`lifespan`). Split from `prose` (house limit), which fills them."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from functools import lru_cache

from mockapi.world.lexicon import business as lex_business
from mockapi.world.lexicon import places as lex_places
from mockapi.world.lexicon import teams as lex_teams
from mockapi.world.pages import lifespan, styles
from mockapi.world.pages.bare_names import bare
from mockapi.world.pages.name_parts import FIRST, LAST, PLACES, REGIONS
from mockapi.world.real import market_days

MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
)  # fmt: skip
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_ORD = ("first", "second", "third", "fourth")
SEASONS = ("spring", "summer", "autumn", "winter", "fall")
_Q = ("first-quarter", "second-quarter", "third-quarter", "fourth-quarter", "Q1", "Q2", "Q3", "Q4",
      "half-year")  # fmt: skip

# sums a mid-sized firm's news can hold: millions up to 950, billions up to 9 ("$614bn buyback" read absurd)
_MONEY = ("${}m", "${} million", "€{}m", "£{}m")
_BILLIONS = ("${}bn", "${} billion", "€{}bn")
_GRANT = ("${}m", "${} million", "${},000", "€{} million")
# Gifts and refits: tens of millions to a walkway or a club gym read absurd (g16 reader: >= $10m on 13.1 % of
# pages); most are thousands, the rest a few million.
P_GRANT_THOUSANDS = 0.7


def _grant(rng: random.Random) -> str:
    if rng.random() < P_GRANT_THOUSANDS:
        return _GRANT[2].format(rng.randint(5, 950))
    return rng.choice(_GRANT[:2] + _GRANT[3:]).format(rng.randint(1, 9))


# memorabilia and tickets: tens to hundreds ("a poster sold for $54,300" read absurd to the reader)
_PRICE = ("${}", "${}0", "£{}", "€{}")
_MINUTES = (":15", ":30", ":45", "")


def slots(
    day: dt.date, others: tuple[str, ...], bounds: list[int] | None = None
) -> dict[str, Callable[[random.Random], str]]:
    """The slot table; `bounds` (first and last year, changed between clauses) keeps {y} and {d} inside the
    window of the event being told (`lifespan`)."""

    def date(rng: random.Random, session: bool = False) -> str:
        # recent as often as a dated statement is (news talks about the last weeks), else up to ~16 months
        back = rng.randint(1, 40) if rng.random() < 0.5 else rng.randint(1, 500)
        when = day - dt.timedelta(days=back)
        if bounds and not bounds[0] <= when.year <= bounds[1]:
            when = lifespan.day_in(bounds[0], bounds[1], rng.randrange(1 << 30), day)
        while session and not market_days.is_trading_day(when):  # a weekend or holiday: the session before
            when -= dt.timedelta(days=1)
        return styles.day_text(when, rng, day)

    def year(rng: random.Random) -> str:
        back = rng.randint(1, 30)
        if not bounds:
            return str(day.year - back)
        first, last = max(bounds[0], day.year - 30), min(bounds[1], day.year - 1)
        if first > last:  # an old window: anywhere in it
            first, last = bounds[0], max(bounds[0], min(bounds[1], day.year - 1))
        # never after the page: a window that starts later (a song of 2024 on a page of 2023) draws again
        return str(min(first + back % (last - first + 1), day.year))

    def person(rng: random.Random) -> str:
        # no KG-dated person's name: "Paola Schultz [born 1986] co-wrote the single in 1958"
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        while lifespan.kg_known(name):
            name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        return name

    others = tuple(dict.fromkeys(bare(o) for o in others))
    return {
        "o": lambda rng: rng.choice(others),
        # mostly hundreds, sometimes a few thousand ("laid off 81,667 managers" read absurd)
        "n": lambda rng: styles.number_text(rng.randint(12, 900) if rng.random() < 0.75 else
                                            rng.randint(1000, 6000), rng),
        # people a company moves at once: a company's page sizes them by its employees (`sizes.slots`)
        "staff": lambda rng: str(rng.randint(12, 240)),
        # a professional club's crowd: hundreds at an open practice, thousands at a game ({n} gave "roughly 87
        # season-ticket holders came out for the Wednesday game": the audit's crowds, 48 of 459 under 100)
        "crowd": lambda rng: styles.number_text(rng.randint(150, 950) if rng.random() < 0.4 else
                                                rng.randint(1200, 40000), rng),
        "m": lambda rng: str(rng.randint(2, 11)),
        "m2": lambda rng: str(rng.randint(1, 9)),
        "m3": lambda rng: str(rng.randint(5, 12)),
        "wh": lambda rng: str(rng.randint(2, 5)),
        "pct": lambda rng: f"{rng.randint(1, 19)}.{rng.randint(0, 9)}%" if rng.random() < 0.6 else
        f"{rng.randint(2, 40)} percent",
        "money": lambda rng: rng.choice(_MONEY).format(rng.randint(2, 950)) if rng.random() < 0.95 else
        rng.choice(_BILLIONS).format(rng.randint(1, 9)),
        "revenue": lambda rng: rng.choice(_MONEY).format(rng.randint(400, 950)) if rng.random() < 0.7 else
        rng.choice(_BILLIONS).format(rng.randint(1, 9)),
        "income": lambda rng: rng.choice(_MONEY).format(rng.randint(2, 380)),
        "grant": _grant,
        "price": lambda rng: rng.choice(_PRICE).format(rng.randint(20, 99), rng.randint(1, 9)),
        "fee": lambda rng: rng.choice(("${}", "£{}", "€{}", "${}.50")).format(rng.randint(3, 40)),
        "cheap": lambda rng: rng.choice(("${}", "£{}", "€{}", "${}.50")).format(rng.randint(2, 5)),
        "d": date,
        "sd": lambda rng: date(rng, session=True),
        # a stock's move in a session or a week: mostly under 3 %, never the 11-39 % {pct} gave
        "move": lambda rng: f"{rng.randint(0, 2)}.{rng.randint(1, 9)}%" if rng.random() < 0.6 else
        f"{rng.randint(1, 4)} percent",
        "y": year,
        "fy": lambda rng: str(day.year + rng.randint(0, 6)),
        "month": lambda rng: rng.choice(MONTHS),
        "weekday": lambda rng: rng.choice(WEEKDAYS),
        "session": lambda rng: rng.choice(WEEKDAYS[:5]),  # markets move on weekdays ("shed 3.7% on Sunday")
        "season": lambda rng: rng.choice(SEASONS),
        "ord": lambda rng: rng.choice(_ORD),
        "q": lambda rng: rng.choice(_Q),
        "qn": lambda rng: rng.choice(_Q[:4]).replace("-", " "),
        # waking hours, 7 a.m. to 10 p.m.: boards, filings and statements at "1:30 a.m." (12.5 of 100 g25
        # questions' pages)
        "time": lambda rng: _clock(rng.randint(7, 22), rng.choice(_MINUTES)),
        "place": lambda rng: rng.choice(PLACES),
        "region": lambda rng: rng.choice(REGIONS),
        "person": person,
        "firm": lambda rng: f"{rng.choice(LAST)} {rng.choice(lex_business.FIRM_TAILS)}",
        "unit": lambda rng: rng.choice(lex_business.UNITS),
        "buyers": lambda rng: rng.choice(lex_business.BUYERS),
        "age": lambda rng: rng.choice(lex_teams.AGES),
        "bpm": lambda rng: str(rng.randint(70, 170)),
        "film": lambda rng: rng.choice(("16mm", "35mm", "65mm", "digital", "Super 8")),
        "topic": lambda rng: rng.choice(lex_places.TOPICS),
        "lang": lambda rng: rng.choice(lex_places.LANGS),
        # an institution's, unless the page's prose names what its topic is (`prose.sentences`)
        "facility": lambda rng: rng.choice(("its north entrance", "the visitor centre", "the main hall")),
        "crew": lambda rng: rng.choice(("volunteers", "staff")),
    }  # fmt: skip


def _clock(hour: int, minutes: str) -> str:
    """A time of day as prose writes it ("9:30 a.m.", "12 p.m.", "6:15 p.m.") of a 24-hour `hour`."""
    return f"{(hour - 1) % 12 + 1}{minutes} {'a.m.' if hour < 12 else 'p.m.'}"


@lru_cache(maxsize=1)
def slot_table() -> dict[str, Callable[[random.Random], str]]:
    """The generic slots ({firm}, {place}, {person}, {d}…) around a fixed day, for statement frames."""
    return slots(dt.date(2024, 3, 1), ("",))
