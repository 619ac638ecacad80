"""Display formats of fact values and their alternative spellings (CRAG's alt_ans: dates, numbers, names)."""

from __future__ import annotations

import datetime as dt
import random

_SMALL = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]


def money(x: float) -> tuple[str, list[str]]:
    """'$123.45' and its variants."""
    return f"${x:,.2f}", [f"{x:.2f}", f"{x:,.2f} usd", f"${x:.1f}"]


def bigmoney(x: float) -> tuple[str, list[str]]:
    """'$12.3 billion' / '$456.7 million' and the digit form."""
    if x >= 1e9:
        short, unit, letter = x / 1e9, "billion", "b"
    else:
        short, unit, letter = x / 1e6, "million", "m"
    return f"${short:,.1f} {unit}", [f"${x:,.0f}", f"{short:,.1f} {unit}", f"${short:,.1f}{letter}"]


def number(n: int) -> tuple[str, list[str]]:
    """'12,345' and '12345'; small counts also in words."""
    alts = [str(n)] if n >= 1000 else []
    if 0 <= n < len(_SMALL):
        alts.append(_SMALL[n])
    return f"{n:,}", alts


def decimal(x: float) -> tuple[str, list[str]]:
    """Two decimals, with the one-decimal rounding as an alternative."""
    return f"{x:.2f}", [f"{x:.1f}"]


def date(d: dt.date) -> tuple[str, list[str]]:
    """'March 3, 2001' with ISO, US and day-first variants."""
    return f"{d:%B} {d.day}, {d.year}", [d.isoformat(), f"{d:%m/%d/%Y}", f"{d.day} {d:%B} {d.year}"]


def name(text: str) -> tuple[str, list[str]]:
    """Names: the surname alone for persons, with and without a leading 'The'."""
    alts: list[str] = []
    if text.lower().startswith("the "):
        alts.append(text[4:])
    return text, alts


def person(text: str) -> tuple[str, list[str]]:
    """A person's full name; the surname is an accepted short form."""
    parts = text.split()
    return text, [parts[-1]] if len(parts) > 1 else []


def score(a: int, b: int) -> tuple[str, list[str]]:
    """'112-104' with the spelled-out form."""
    return f"{a}-{b}", [f"{a} to {b}", f"{a}–{b}"]


def listing(items: list[str]) -> tuple[str, list[str]]:
    """'a, b and c' and the comma-only form."""
    if len(items) == 1:
        return items[0], []
    return f"{', '.join(items[:-1])} and {items[-1]}", [", ".join(items)]


def lower_all(values: list[str]) -> list[str]:
    """Lower-cased, de-duplicated, order kept (CRAG's answers are lower-case)."""
    out: list[str] = []
    for v in values:
        low = v.lower()
        if low not in out:
            out.append(low)
    return out


_ORDINAL = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


def spoken_date(d: dt.date, today: dt.date, rng: random.Random) -> str:
    """How a person asking on `today` names the day `d`, as an adverbial: "on march 3, 2024", "yesterday",
    "last friday", "3 days ago" (many styles; a frame adds no preposition of its own)."""
    bare = bare_date(d, today, rng)
    return (
        bare
        if bare.startswith(("yesterday", "last ", "this past ")) or bare.endswith(" ago")
        else f"on {bare}"
    )


def bare_date(d: dt.date, today: dt.date, rng: random.Random) -> str:
    """The day `d` without a preposition, in one of many styles (some relative to `today`)."""
    styles = [
        f"{d:%B} {d.day}, {d.year}",
        f"{d:%m}/{d:%d}/{d.year}",
        f"{d:%B} {d.day}{_ORDINAL.get(d.day, 'th')}",
        f"{d:%b} {d.day}",
        d.isoformat(),
        f"{d.day} {d:%B} {d.year}",
        f"{d.month}/{d.day}",
    ]
    back = (today - d).days
    if back == 1:
        styles += ["yesterday"] * 3
    elif 1 < back <= 6:
        styles += [f"last {d:%A}", f"this past {d:%A}", f"{back} days ago"]
    return rng.choice(styles).lower()
