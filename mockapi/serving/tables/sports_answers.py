"""Sports answers from the served frames: pandas "columns" orientation, labelled with the file's columns."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from mockapi.serving.tables.frames import ALL, DAY, SEP, WIDTHS, columns_body, keyed

if TYPE_CHECKING:  # a type only: the route table imports these answers, and the service imports it
    from mockapi.serving.service import Serving


def _date_key(date: str, max_parts: int) -> str | None:
    """The filter key of a 'YYYY[-MM[-DD]]' date (chosen by its number of '-' parts), None past max_parts."""
    parts = len(date.split("-"))
    return None if parts > max_parts else f"{WIDTHS[parts - 1]}{SEP}{date}"


def _key(date_key: str, team: str | None) -> str:
    return date_key if team is None else date_key + SEP + team


def _answer(serving: Serving, name: str, key: str) -> bytes | None:
    """The stored answer of a one-day filter key, else the rows composed (years, months, NBA's all-games)."""
    frame = serving.frames[name]
    if frame.bodies is not None and key.startswith(DAY):
        return frame.bodies.get(key)
    return columns_body(frame.columns, keyed(name, frame.rows(frame.row_ids(key))))


# Each answer returns None when nothing matches: its route's `not_found` (null) is then sent.


def soccer_games_on_date(serving: Serving, date: str, team: str | None) -> bytes | None:
    date_key = _date_key(date, 3)
    return None if date_key is None else _answer(serving, "soccer_matches", _key(date_key, team))


def nba_games_on_date(serving: Serving, date: str, team: str | None) -> bytes | None:
    # with 4+ parts the original's condition degenerates to "1": every game
    return _answer(serving, "nba_games", _key(_date_key(date, 3) or ALL, team))


def nba_play_by_play(serving: Serving, game_ids: list[str]) -> bytes | None:
    frame = serving.frames["nba_play_by_play"]
    unique = list(dict.fromkeys(game_ids))
    if frame.bodies is not None and len(unique) == 1:  # the usual call: one game, stored whole
        return frame.bodies.get(unique[0])
    found = [frame.row_ids(g) for g in unique]
    ids = np.unique(np.concatenate(found)) if found else np.zeros(0, dtype=np.int32)
    return columns_body(frame.columns, keyed("nba_play_by_play", frame.rows(ids)))
