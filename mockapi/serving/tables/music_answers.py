"""Music answers that take more than one key lookup: Billboard weeks and the Grammy routes (contract §2.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import orjson

from mockapi.serving.tables.bodies import SEP
from mockapi.serving.tables.rows import body

if TYPE_CHECKING:  # a type only: the route table imports these answers, and the service imports it
    from mockapi.serving.service import Serving

YEAR_MIN, YEAR_MAX = 1957, 2019
EMPTY_PAIR = body([[], []])
# where the attribute sits in a chart row; the layout shifts for a new entry (row[6] == '-')
_NEW_ENTRY = {"rank_last_week": 6, "weeks_in_chart": 5, "top_position": 4}
_USUAL = {"rank_last_week": 4, "top_position": 5, "weeks_in_chart": 6}


# Each answer returns None when nothing matches: its route's `not_found` is then sent (declared on the row).


def billboard_rank_date(serving: Serving, rank: int, date: str | None) -> bytes | None:
    """[[song…], [artist…]]: the first entry of that week when `date` is given, else every week's."""
    if date:
        hit = serving.get("billboard_rank_date", f"{rank}{SEP}{date}")
        if hit is not None:
            return hit
    every = serving.get("billboard_rank", str(rank))
    if every is None:
        return None
    return EMPTY_PAIR if date else every


def billboard_attribute(serving: Serving, date: str, attribute: str, song: str) -> bytes | None:
    found = serving.get("billboard_song_row", f"{song}{SEP}{date}")
    row = orjson.loads(found) if found is not None else None
    if not isinstance(row, list) or len(row) < 7:
        return None
    positions = _NEW_ENTRY if row[6] == "-" else _USUAL
    return body(row[positions.get(attribute, 3)])


def best_by_year(serving: Serving, short: str, year: int) -> bytes | None:
    """Winners of a category in a year: null outside 1957..2019, not found ([]) for a year without rows."""
    if not YEAR_MIN <= year <= YEAR_MAX:
        return body(None)
    return serving.get(f"grammy_{short}", str(year))


def award_count_by_artist(serving: Serving, name: str) -> bytes:
    grammy = serving.grammy
    return body(sum(len(grammy.matching_rows(name, column)) for column in range(3)))


def award_date_by_artist(serving: Serving, name: str) -> bytes:
    grammy = serving.grammy
    rows = sorted({row for column in range(3) for row in grammy.matching_rows(name, column)})
    # a Python set, as the original: same members, and for small ints the same iteration order
    return body(list({int(y) for y in (grammy.years[r] for r in rows) if y is not None}))


def award_count_by_song(serving: Serving, title: str) -> bytes | None:
    return serving.get("grammy_count_by_song", title)


def all_awarded_artists(serving: Serving) -> bytes | None:
    return serving.get("grammy_all_awarded", "")
