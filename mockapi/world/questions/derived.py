"""Answers no page states as such: a converted value (minutes to hours, km² to square miles), a weekday,
or the change between two prices in percent. The pages state the underlying fact; the reader computes.

CRAG asks this way too ("what is the shortest highway in the us in feet?"): the gold answer appears in no page
verbatim, and none of its alternatives repeats the page's own form.
"""

from __future__ import annotations

import datetime as dt
import random
import re

from mockapi.world.questions import values
from mockapi.world.questions.frame_use import P_PAST, PAST_KINDS
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact
from mockapi.world.questions.phrasing import pick

Units = tuple[tuple[str, float], ...]  # (unit words, its size), largest first
Derived = tuple[
    str, str, list[str], list[str]
]  # (question frame with {s}, short answer, alternatives, sentences)

WEEKDAY = (
    "what day of the week {s} {e}?",
    "which weekday {s} {e}?",
    "{s} {e} on what day of the week?",
    "was it a weekday or weekend when {s} {e}? which day?",
)
HOURS = ("how long is {s} in hours?", "{s} runtime in hours and minutes?", "how many hours long is {s}?")
SQ_MILES = (
    "what is the area of {s} in square miles?",
    "how many square miles does {s} cover?",
    "{s} area in sq mi?",
)


SHARES = (
    "how much would {n} shares of {s} cost?",
    "what do {n} shares of {s} cost right now?",
    "cost of {n} {s} shares?",
    "if i buy {n} shares of {s}, how much do i pay?",
)
# a frame of the present read in a past day's question: "what do 200 shares of halwell corporation cost
# right now yesterday" (g23 reader, unnatural)
_PRESENT = (
    (re.compile(r" (?:right now|currently|at present|at the moment|today)(?=\?|$)"), ""),
    (re.compile(r"^what do "), "what did "),
    (re.compile(r"^how much would (.+?) cost"), r"how much did \1 cost"),
)
_BUY = re.compile(r"^if i buy (.+?), how much do i pay$")


def on_day(question: str, when: str) -> str:
    """`question`, a derived frame, asked of the day `when` names ("on march 3", "yesterday")."""
    text = question.rstrip("?")
    if (buy := _BUY.match(text)) is not None:
        return f"if i had bought {buy[1]} {when}, how much would i have paid?"
    for pattern, repl in _PRESENT:
        text = pattern.sub(repl, text)
    return f"{text} {when}?"


ANNUAL = (
    "what is {s}'s annual dividend at the latest quarterly rate?",
    "how much does {s} pay in dividends per share per year at the current rate?",
    "{s} annualized dividend?",
)
DECADE = ("{s} {e} in what decade?", "{s} {e} in which decade?", "{s} {e} during which decade?")
IN_UNITS = (
    "what is the {l} of {s} in {u}?",
    "{s} {l}, in {u}?",
    "how many {u} is the {l} of {s}?",
    "express {s}'s {l} in {u}",
)

# ... of a past moment's amount (frame_use.PAST_KINDS: a film's budget, its weekend gross) in the past tense
IN_UNITS_PAST = (
    "what was the {l} of {s} in {u}?",
    "what was {s}'s {l} in {u}?",
    "how many {u} was the {l} of {s}?",
    "in {u}, what was the {l} of {s}?",
)


def derive(fact: Fact, rng: random.Random, split: str = "dev") -> Derived | None:
    """A derived question about `fact`, or None when its kind has none; frames of `split`'s family."""
    kind = KINDS[fact.kind]
    if kind.vtype in ("date", "year") and kind.event and fact.number is not None and rng.random() < 0.4:
        year = dt.date.fromordinal(int(fact.number)).year if kind.vtype == "date" else int(fact.number)
        decade = f"the {year // 10 * 10}s"
        alts = [f"{year // 10 * 10}s", f"the {str(year // 10 * 10)[2:]}s"]
        return pick(DECADE, rng, split), decade, alts, [f"{fact.subject.name} {kind.event} in {decade}"]
    if fact.kind == "fin.price" and fact.number:  # what shares cost now, not at yesterday's close (#9)
        n = rng.choice((10, 25, 50, 100, 200, 1000))
        cost = values.money(fact.number * n)
        frame = pick(SHARES, rng, split).replace("{n}", str(n))
        return frame, cost[0], cost[1], [f"{n} shares of {fact.subject.name} cost {cost[0]}"]
    if fact.kind == "fin.dividend" and fact.number:
        yearly = values.money(fact.number * 4)
        return (
            pick(ANNUAL, rng, split),
            yearly[0],
            yearly[1],
            [f"{fact.subject.name} pays {yearly[0]} a year"],
        )
    if fact.kind == "fin.volume" and fact.number and fact.number >= 1e6:
        return _in_units(fact, rng, fact.number, (("millions of shares", 1e6),), "", split)
    if kind.vtype == "bigmoney" and fact.number:
        return _in_units(
            fact, rng, fact.number, (("billions of dollars", 1e9), ("millions of dollars", 1e6)), "$", split
        )
    if fact.kind == "op.population" and fact.number and fact.number >= 100_000:
        return _in_units(fact, rng, fact.number, (("millions", 1e6), ("thousands", 1e3)), "", split)
    if kind.vtype == "date" and kind.event and fact.number is not None:
        day = dt.date.fromordinal(int(fact.number))
        name = f"{day:%A}".lower()
        s = fact.subject.name
        return pick(WEEKDAY, rng, split), name, [], [f"{s} {kind.event} on a {name}", f"it was a {name}"]
    if fact.kind == "mv.runtime" and fact.number:
        h, m = divmod(int(fact.number), 60)
        hours = "hour" if h == 1 else "hours"  # "1 hours 36 minutes" (g19 reader)
        short = f"{h} {hours} {m} minutes" if m else f"{h} {hours}"
        alts = [f"{h}h {m}m", f"{h}:{m:02d}", f"{fact.number / 60:.2f} hours", f"{h} {hours} and {m} minutes"]
        return pick(HOURS, rng, split), short, alts, [f"{fact.subject.name} runs {short}"]
    if fact.kind == "op.area" and fact.number:
        miles = fact.number / 2.58999
        short = f"{miles:,.0f} square miles"
        alts = [f"{miles:,.0f} sq mi", f"about {miles:,.0f} square miles", f"{miles:,.1f} square miles"]
        return pick(SQ_MILES, rng, split), short, alts, [f"{fact.subject.name} covers about {short}"]
    return None


def _in_units(fact: Fact, rng: random.Random, x: float, units: Units, sign: str, split: str) -> Derived:
    """The value in the largest unit it reaches ("$0.44 billion" asked of a page saying "$438.0 million")."""
    unit, scale = next(((u, sc) for u, sc in units if x >= sc), units[-1])
    n, word = x / scale, unit.split()[0].rstrip("s")
    short = f"{sign}{n:,.2f} {word}"
    alts = [f"{n:,.2f}", f"{n:,.1f} {word}", f"{sign}{n:,.1f} {word}", f"{n:,.2f} {word}s"]
    if sign == "$" and scale == (1e9 if x >= 1e9 else 1e6):
        # asked in the unit pages write it in, the answer has their one decimal: "$1.16 billion" is on no
        # page that says "$1.2 billion" (g19 reader)
        short, alts = alts[2], [f"{n:,.1f}", alts[1], f"{sign}{n:,.2f} {word}", f"{n:,.1f} {word}s"]
    label = KINDS[fact.kind].label
    past = fact.kind in PAST_KINDS and rng.random() < P_PAST
    frame = pick(IN_UNITS_PAST if past else IN_UNITS, rng, split).replace("{l}", label).replace("{u}", unit)
    return frame, short, alts, [f"the {label} of {fact.subject.name} is about {short}"]


CHANGE = (
    "by what percent did {s} move from the previous close?",
    "how much did {s} stock change in percent since the last close?",
    "what's the percentage change of {s} versus its previous close?",
    "{s} percent change from the prior close?",
    "how many percent is {s} up or down from the last close?",
)


def percent_change(now: Fact, before: Fact) -> tuple[str, list[str], str] | None:
    """(short answer, alternatives, direction word) for the change from `before` to `now`, or None."""
    if not now.number or not before.number or now.number == before.number:
        return None
    pct = (now.number - before.number) / before.number * 100
    direction = "up" if pct > 0 else "down"
    short = f"{pct:+.2f}%"
    return (
        short,
        [f"{pct:.2f}%", f"{direction} {abs(pct):.2f}%", f"{abs(pct):.1f}%", f"{pct:+.1f}%"],
        direction,
    )
