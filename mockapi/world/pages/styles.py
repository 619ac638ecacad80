"""How pages write values: dates and numbers in several styles, as different sites and writers do.

A fact's value arrives in one display form ("March 9, 2023", "$12.18", "$1.2 billion", "12,345"); a page
writes it in one of several equivalent forms. `forms` lists every form `restyle` can produce, so a test (or a
careful reader) can check that a page states a value in some form.
"""

from __future__ import annotations

import datetime as dt
import random
import re

from mockapi.world.questions import values

_ORD = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}
_DATE = re.compile(r"^([A-Z][a-z]+) (\d{1,2}), (\d{4})$")
_MONEY = re.compile(r"^\$([\d,]+\.\d\d)$")
_BIG = re.compile(r"^\$([\d,]+\.\d) (billion|million)$")
_COUNT = re.compile(r"^\d{1,3}(?:,\d{3})+$|^\d+$")
_YEAR = re.compile(r"^(?:1[5-9]|20)\d\d$")
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def parse_date(value: str) -> dt.date | None:
    """The day of a 'March 9, 2023' value, else None."""
    m = _DATE.match(value)
    if not m:
        return None
    try:
        return dt.datetime.strptime(f"{m[1]} {m[2]} {m[3]}", "%B %d %Y").date()
    except ValueError:
        return None


_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


def date_form(d: dt.date, style: int) -> str:
    """One of the DATE_STYLES absolute ways to write a day (long, ordinal, US numeric, ISO, weekday…)."""
    month = _MONTHS[d.month - 1]
    if style == 0:
        return f"{month} {d.day}, {d.year}"
    if style == 1:
        return f"{month} {d.day}{_ORD.get(d.day, 'th')}, {d.year}"
    if style == 2:
        return f"{d.month:02d}/{d.day:02d}/{d.year}"
    if style == 3:
        return f"{d.day} {month[:3]} {d.year}"
    if style == 4:
        return d.isoformat()
    if style == 5:
        return f"{_WEEKDAYS[d.weekday()][:3]}, {d.day} {month[:3]} {d.year}"
    if style == 6:
        return f"{d.day} {month} {d.year}"
    return f"{month[:3]}. {d.day}, {d.year}"


DATE_STYLES = 8


def date_forms(d: dt.date) -> list[str]:
    """Every absolute way pages write a day."""
    return [date_form(d, i) for i in range(DATE_STYLES)]


def relative_day(d: dt.date, page_day: dt.date) -> str:
    """'yesterday', 'last Friday', '3 days ago' when `d` is within a week before `page_day`, else ''."""
    gap = (page_day - d).days
    if gap == 1:
        return "yesterday"
    if 2 <= gap <= 6:
        return f"last {_WEEKDAYS[d.weekday()]}" if d.weekday() < page_day.weekday() else f"{gap} days ago"
    return ""


def day_text(d: dt.date, rng: random.Random, page_day: dt.date | None = None, styles: int = 8) -> str:
    """One way to write `d`; relative to the page's own date sometimes (a reader needs the page date)."""
    if page_day is not None and rng.random() < 0.35:
        rel = relative_day(d, page_day)
        if rel:
            return rel
    return date_form(d, rng.randrange(styles))


def _money_forms(amount: str) -> list[str]:
    plain = amount.replace(",", "")
    return [f"${amount}", f"{amount} USD", f"US${amount}", f"{plain} dollars", f"USD {amount}"]


def _big_forms(short: str, unit: str) -> list[str]:
    x = float(short.replace(",", "")) * (1e9 if unit == "billion" else 1e6)
    letter = "B" if unit == "billion" else "M"
    return [
        f"${short} {unit}",
        f"${short}{letter}",
        f"${x:,.0f}",
        f"{short} {unit} dollars",
        f"US${short} {'bn' if unit == 'billion' else 'mn'}",
    ]


def _count_forms(value: str) -> list[str]:
    n = int(value.replace(",", ""))
    out = [f"{n:,}"] if n >= 1000 else [str(n)]  # "2066, according to…" read as a year
    if n >= 1_000_000:
        out += [f"{n / 1e6:.2f} million", f"{n / 1e6:.2f}M"]
    elif n >= 10_000:
        out += [f"{n / 1e3:.1f}K".replace(".0K", "K")] if n % 100 == 0 else []
    return list(dict.fromkeys(out))


def forms(value: str) -> list[str]:
    """Every way `restyle` may write `value` (the display form first); exact, so a page can be checked."""
    day = parse_date(value)
    if day:
        return date_forms(day)
    if m := _MONEY.match(value):
        return _money_forms(m[1])
    if m := _BIG.match(value):
        return _big_forms(m[1], m[2])
    if _YEAR.match(value):  # a year is never written "1,966"
        return [value]
    if _COUNT.match(value):
        return _count_forms(value)
    return [value]


def restyle(value: str, rng: random.Random, keep: float = 0.35) -> str:
    """`value` in the display form with probability `keep`, else in another of its forms."""
    options = forms(value)
    if len(options) == 1 or rng.random() < keep:
        return options[0]
    return rng.choice(options[1:])


def number_text(n: int, rng: random.Random) -> str:
    """A filler number in one of several styles (12,400 / 12.4K)."""
    if n >= 1_000_000:
        return rng.choice((f"{n:,}", f"{n / 1e6:.1f} million", f"{n / 1e6:.1f}M"))
    if n >= 1000:
        # with its comma: "uncovered 2053 species" reads as a year (the audit's future line too)
        return rng.choice((f"{n:,}", f"{n / 1e3:.1f}K"))
    return str(n)


def page_order(items: tuple[str, ...], rng: random.Random) -> str:
    """A list as one page writes it: in its own order, never the gold answer's (a page does not list a cast
    or a band's members in the order an annotator wrote them; g18: 49 % of set answers were on their answer
    pages word for word, the audit's answer-verbatim line fell below its bar)."""
    return values.listing(shuffled(items, rng))[0]


def shuffled(items: tuple[str, ...], rng: random.Random) -> list[str]:
    """`items` in another order than their own (a rotation and maybe a swap)."""
    if len(items) < 2:
        return list(items)
    cut = rng.randrange(1, len(items))  # a rotation and maybe a swap: never the items' own order
    out = [*items[cut:], *items[:cut]]
    if len(out) > 2 and rng.random() < 0.5:
        out[0], out[1] = out[1], out[0]
    return out if out != list(items) else [*items[1:], items[0]]
