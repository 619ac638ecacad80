"""Running totals (a film's worldwide gross, a song's weeks on the chart, a club's wins this season, albums,
awards, titles): one history per name, which never falls from an earlier date to a later one.

- **A question's older values** (`earlier`): an older value of a total is an earlier, smaller figure. A
  stale value above the current one is reflected below it (x -> now * now / x: the drift it had, the other
  way), and its date is set by how far below it lies (`back_days`), so the smaller value is always the older
  one: "$21.0 million (Nov 2022)", "$20.0 million (Apr 2023)", then the answer's "$18.0 million (Nov 2023)"
  was one film's gross falling on 56 of the 82 films with two dated figures (g30 reader, gross.py).
- **Everyone else's** (`total`, `at`): a name no question asks about, a look-alike or a peer has one total,
  drawn from its name (each page drew its own: one film grossed $83m, $318m, $105m and $181m between
  September and February), and its figure on a day is that total grown to the day (`at`): a film's gross
  climbs after its release and levels off, a chart run gains a week a week, a season's wins grow through
  the season, a career's albums and awards over the years. Awards are drawn as real winners hold them
  (`real.awards`).
"""

from __future__ import annotations

import datetime as dt
import math
import random
import re
import zlib

# re-exported: page jobs and pages set and key asked totals through `totals` (asked_points: no import circle)
from mockapi.world.pages.asked_points import asked as asked
from mockapi.world.pages.asked_points import name_key as name_key
from mockapi.world.pages.asked_points import use_asked as use_asked
from mockapi.world.pages.figure_days import amount, start_of
from mockapi.world.questions import invent, starts, values
from mockapi.world.questions.generate import PERIOD_END
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact
from mockapi.world.real import awards

CUMULATIVE = frozenset(
    {"mv.gross", "mu.weeks", "sp.wins", "mu.albums", "mu.grammys", "mv.oscars", "sp.titles"}
)
# the totals a name has whoever states them (a peer, a look-alike, a roundup's entry); a season's wins are
# its own too, one total a season, in its league's range (soccer clubs had 57 wins)
BY_NAME = CUMULATIVE
# a season's final wins: a basketball club's of 82 games, a soccer club's of 34-38
_SEASON_WINS = {"basketball": (15, 62), "soccer": (8, 28)}
# the day a career's count reaches its total: the question period's end, the default world's clock
# (context.DEFAULT_CLOCK; pages importing mockapi.world's own modules made a folder circle)
_REF = PERIOD_END.date()
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def cumulative(kind: str) -> bool:
    """Whether `kind` is a running total (`CUMULATIVE`)."""
    return kind in CUMULATIVE


def figure(value: str, kind: str) -> float:
    """The amount a value of `kind` writes ("$18.0 million" -> 18e6, "40" -> 40), 0 when none."""
    if KINDS[kind].vtype in ("money", "bigmoney"):
        return amount(value)
    found = _NUMBER.search(value)
    return float(found[0].replace(",", "")) if found else 0.0


def written(kind: str, x: float) -> str:
    """`x` as a value of `kind` is written: a gross to a tenth of a million, a count whole (rounded down, so
    a growing amount never reads smaller later)."""
    if KINDS[kind].vtype == "bigmoney":
        return values.bigmoney(max(1e5, math.floor(x / 1e5) * 1e5))[0]
    return values.number(max(1, math.floor(x)))[0]


def earlier(fact: Fact) -> tuple[str, ...]:
    """The older values of a total's `fact`, each below the current one (module docstring)."""
    now = figure(fact.value, fact.kind)
    if now <= 0:
        return ()
    out = []
    for value in fact.stale:
        x = figure(value, fact.kind)
        if 0 < x < now:
            out.append(value)
        elif x > now:
            shown = written(fact.kind, now * now / x)
            if figure(shown, fact.kind) < now:
                out.append(shown)
    return tuple(v for v in dict.fromkeys(out) if v != fact.value)


def back_days(fact: Fact, value: str, lo: int, hi: int) -> int:
    """How many days before the current value an older `value` of a total held: the further below the
    current, the longer before (a total's figures climb in the order of their dates)."""
    gap = 1 - figure(value, fact.kind) / max(figure(fact.value, fact.kind), 1e-9)
    gap = min(1.0, max(0.0, gap))
    return lo + round((hi - lo) * gap / (gap + 0.1))


def total(kind: str, name: str, day: dt.date, cap: float = 0.0, league: str = "basketball") -> str:
    """The total `name` reaches, the same on every page (drawn from its name); an award count as real
    winners hold them; an amount within `cap` (a film's era's record, when given: the same for the name); a
    season's wins, the season `day` falls in, in `league`'s range (two questions about one club drew its
    look-alike's wins near their own two answers: "25 wins" on 22 Feb, "21" on 7 Mar)."""
    if kind == "sp.wins":
        season = day.year if day.month >= 8 else day.year - 1
        lo, hi = _SEASON_WINS[league]
        return values.number(random.Random(f"wins|{name_key(name)}|{season}").randint(lo, hi))[0]
    own = random.Random(f"total|{name_key(name)}|{kind}")
    if awards.counted(kind):
        return values.number(awards.draw(kind, own))[0]
    drawn = invent.other_value(KINDS[kind], own, day)
    if cap and figure(drawn, kind) > cap:
        return written(kind, cap * own.uniform(0.2, 0.9))
    return drawn


def drawn(kind: str, name: str, rng: random.Random, day: dt.date) -> str:
    """An invented value of `kind` for `name`: its `total` for a running total (grown to a date by `at`),
    else a draw of the page's."""
    return total(kind, name, day) if kind in CUMULATIVE else invent.other_value(KINDS[kind], rng, day)


def _crc(text: str) -> int:
    return zlib.crc32(text.encode())


def at(kind: str, name: str, whole: str, day: dt.date | None) -> str:
    """`name`'s figure of a total `kind` on `day`, whose total is `whole` (`whole` itself undated); an asked
    total's (`use_asked`) the largest its question states by `day`, before them grown to the smallest."""
    points = asked(name, kind) if kind in CUMULATIVE else ()
    if points:
        held = [v for d, v in points if day is None or d <= day]
        if held:
            return max(held, key=lambda v: figure(v, kind))
        whole = min((v for _d, v in points), key=lambda v: figure(v, kind))
    return _grown(kind, name, whole, day)


def _grown(kind: str, name: str, whole: str, day: dt.date | None) -> str:
    """`at` for a total no question asks: `whole` grown to `day`."""
    if day is None or kind not in CUMULATIVE:
        return whole
    x = figure(whole, kind)
    if kind == "mv.gross":  # most of a film's gross comes in its first weeks, then it levels off
        start = start_of(name)
        if start == dt.date.min:
            start = dt.date(starts.drawn_start(name, "movie"), 1 + _crc(name) % 12, 1)
        shown = x * (1 - 0.6 * 0.5 ** (max(0, (day - start).days) / 45))
    elif kind == "mu.weeks":  # a week on the chart a week, from its entry, up to its run's length
        entry = _REF - dt.timedelta(days=_crc(name_key(name)) % 700)
        shown = min(x, (day - entry).days // 7 + 1)
    elif kind == "sp.wins":  # this season's wins (a season runs from October)
        opener = dt.date(day.year if day.month >= 8 else day.year - 1, 10, 20)
        shown = x * min(1.0, max(0.05, (day - opener).days / 175))
    else:  # a career's albums, awards or titles, gathered over the years
        shown = x / (1 + max(0, (_REF - day).days) / 365.25 / 8)
    return written(kind, min(x, shown))
