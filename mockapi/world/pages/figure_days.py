"""When and of what size a figure may be stated: a KG-dated name's start (`start_of`), a value's day against
it (`fits_day`), attributes dated in order, a market figure of a session (`session_figure`), a sequel's year.
Split from `statements` (house limit), which states the figures."""

from __future__ import annotations

import datetime as dt
import re
import zlib

from mockapi.world.pages import asked_points, days, lifespan
from mockapi.world.questions import starts
from mockapi.world.questions.kinds import KINDS
from mockapi.world.real import sequels


def start_of(name: str) -> dt.date:
    """The day the KG dates `name`'s start (a song's or film's release, a birth), else the earliest day."""
    for _name, _kind, value in lifespan.kg_known(name):
        try:
            return dt.date.fromisoformat(value[:10])
        except ValueError:
            return dt.date(int(value[:4]), 1, 1) if value[:4].isdigit() else dt.date.min
    return dt.date.min


def stated_start(name: str) -> dt.date:
    """`name`'s start as pages state it: the KG's (`start_of`), else the earliest a question asks of the name
    (`asked_points.asked`: a song's release asked, which the name's own pages state), else the earliest
    day."""
    start = start_of(name)
    if start != dt.date.min:
        return start
    asked = [v for kind in lifespan.ANCHORS for _d, v in asked_points.asked(name, kind)]
    found = [(int(m[0]), v) for v in asked if (m := _YEAR_IN.search(v))]
    if not found:
        return dt.date.min
    year, month, day = min(days.first_day(v, y) for y, v in found)
    return dt.date(year, month or 1, day or 1)


# a weekend gross is told of a film in its run: released at most this long before the day
RUN = dt.timedelta(days=90)
IN_RUN = ("mv.weekend",)


def fits_day(name: str, day: dt.date, kind: str = "") -> bool:
    """Whether the stated start of `name` (`stated_start`: the KG's, else an asked one; if any) allows a value
    of fact kind `kind` on `day`: not after it, and a weekend gross only in the film's run (g23: "The Lantern
    Protocol III [2004] took $2.0 million at the box office last weekend" in 2024: 5 of 6 of the audit's
    weekend grosses; the g37 default world: "Burning Meridian took US$59.0 mn at the box office last weekend"
    on 29 Dec 2023, a filler film named as an asked song of 15 March 2002, which no KG start dated)."""
    start = stated_start(name)
    if start == dt.date.min and kind in IN_RUN:
        # a film no question or KG dates is dated by its name (`starts.drawn_start`, a sequel after its
        # original: the year `statements.figure_pieces` states it released in and its pages' timelines
        # follow); its run is that year's first days ("Through Tue, 20 Feb 2024, Electric Voyage II took
        # $1.0M at the box office last weekend" beside "Later in 2001, some sequences from the picture were
        # staged": the g38 default world's works in order, an invented look-alike's own page)
        start = dt.date(sequel_year(name, starts.drawn_start(name, "movie"), day), 1, 1)
    if start == dt.date.min:
        return True
    return start <= day and (kind not in IN_RUN or start >= day - RUN)


# Attributes dated in this order (a company founded before it went public): invented figures keep it, and a
# page stating one invented value of a pair states no invented other (the audit's lifespan scan)
# (first, then, the fewest years between): nobody debuts before 16 ("Delfino Fouquet [born 2001]": "The
# debut year of Delfino Fouquet is given as 2011", the audit's ages line at g23)
ORDERED = (("fin.founded", "fin.ipo_year", 0), ("mu.birth", "mu.debut", 18))


_AMOUNT = re.compile(r"([\d,]+(?:\.\d+)?)\s*(billion|bn|b\b|million|mn|m\b)?", re.I)


def amount(value: str) -> float:
    """The dollars a money value writes ("$1.7 billion", "$68,000,000"), 0 when none."""
    found = _AMOUNT.search(value)
    if found is None:
        return 0.0
    unit = (found[2] or "").lower()
    scale = 1e9 if unit.startswith("b") else 1e6 if unit.startswith("m") else 1.0
    return float(found[1].replace(",", "")) * scale


def year_in(value: str) -> int:
    found = re.search(r"\b(?:1[6-9]|20)\d\d\b", value)
    return int(found[0]) if found else 0


def session_figure(kind: str) -> int:
    """1 for a market figure of a session (a price, close, volume, market value or ratio), else 0: a page
    that only knows its own day states none of that day's sessions (it may be of 07:56 ET: g27 reader #5)."""
    return int(kind.startswith("fin.") and KINDS[kind].dynamism in ("real-time", "fast-changing"))


def sequel_year(name: str, year: int, day: dt.date) -> int:
    """`year`, or a year after the original's when `name` is a sequel of a KG-dated film ("Return of the
    Fever: Part Two" [1969] before "Return of the Fever" [1971]: the audit's works in order, g24 draft)."""
    for tail in sequels.SEQUEL_TAILS:
        base = start_of(name.removesuffix(tail)) if name.endswith(tail) else dt.date.min
        if base != dt.date.min and year <= base.year:
            return min(day.year, base.year + 1 + zlib.crc32(name.encode()) % 5)
    return year


def in_year(value: str, year: int) -> str:
    """`value` (a date or year as pages write it) with its year replaced by `year`."""
    found = _YEAR_IN.search(value)
    return value if found is None else value[: found.start()] + str(year) + value[found.end() :]


_YEAR_IN = re.compile(r"\b(?:1[6-9]|20)\d\d\b")
