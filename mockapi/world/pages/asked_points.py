"""The values a world's questions state of a name, by kind (asked totals and starts), set once per process.

Its own module because both `totals` (a running total follows its question) and `figure_days` (a stated start)
read it, and `totals` already imports `figure_days`."""

from __future__ import annotations

import datetime as dt
import re


def name_key(name: str) -> str:
    """A name as a reader matches it: "The Broken Letters" is "Broken Letters"."""
    return re.sub(r"^the\s+", "", name.strip().lower())


# A world's asked totals and starts: (name key, kind) -> the (day, value)s its question's own pages
# state, in day order (`histories.asked_totals`, set per process by `use_asked`). Title words run out (576
# film titles): at 5,000 questions a peer's or look-alike's title is often an asked one, and its total drawn
# by name ("Gentle Summer has grossed $112,000,000 worldwide", 13 Feb 2024) fell below the question's own
# ("$583,900,000", 10 Mar 2023): 2 films on the 5,000-question world.
_ASKED: dict[tuple[str, str], tuple[tuple[dt.date, str], ...]] = {}


def use_asked(points: dict[tuple[str, str], tuple[tuple[dt.date, str], ...]]) -> None:
    """Every page of this process states an asked total as its question does (`at`)."""
    if points is not _ASKED:
        _ASKED.clear()
        _ASKED.update(points)


def asked(name: str, kind: str) -> tuple[tuple[dt.date, str], ...]:
    """The (day, value)s the questions state of `name`'s `kind` (`use_asked`: totals and starts)."""
    return _ASKED.get((name_key(name), kind), ())
