"""The three single cases generator 35's default world failed the audit by (seed 0, dev; `crag-mock audit`:
events outside a life, session figures before the session, a no-answer question's page read as its gold)."""

from __future__ import annotations

import re

from mockapi.world.lexicon import business, teams
from mockapi.world.pages.event_reads import event_window
from mockapi.world.pages.lifespan import Life

FILM = Life("movie", 2010, 6, 20)


def test_a_poster_that_surfaces_later_is_dated_after_the_release_not_as_its_promotion() -> None:
    later = "Back in 2009, posters from A Kingdom in Willowdale surfaced in a junk shop outside Verona."
    assert event_window(later, FILM, 2024)[0] == 2010
    # a poster out before the film is still its promotion: a year ahead at most
    assert (
        event_window("The first poster for A Kingdom in Willowdale came out in 2009.", FILM, 2024)[0] == 2009
    )


def _lines(module: object) -> list[str]:
    out: list[str] = []
    for value in vars(module).values():
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, tuple):
            out += [v for v in value if isinstance(v, str)]
    return out


def test_a_stock_closes_a_finished_period_and_a_season_is_previewed() -> None:
    # "closed out this session" on a page stamped 01:37 ET: the session had not opened
    closes = [line for line in _lines(business) if "closed out" in line]
    assert closes and not any("this" in re.findall(r"\w+", line) for line in closes)
    # "in a 2016 season predictions": broken, and read as the season it names
    assert not any(re.search(r"season \[guide\|predictions\]", line) for line in _lines(teams))
