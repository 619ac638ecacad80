"""Sports answers from the served frames: pandas "columns" orientation, labelled with the file's columns."""

from __future__ import annotations

from typing import Any

import numpy as np

from mockapi.serving.frames import ALL, SEP, WIDTHS
from mockapi.serving.rows import body
from mockapi.serving.service import Frame, Serving

NULL = body(None)


def _date_key(date: str, max_parts: int) -> str | None:
    """The filter key of a 'YYYY[-MM[-DD]]' date (chosen by its number of '-' parts), None past max_parts."""
    parts = len(date.split("-"))
    return None if parts > max_parts else f"{WIDTHS[parts - 1]}{SEP}{date}"


def _key(date_key: str, team: str | None) -> str:
    return date_key if team is None else date_key + SEP + team


def _columns(frame: Frame, keyed_rows: list[tuple[str, list[Any]]]) -> bytes:
    """`{"result": {column: {row_key: value}}}`, or null for no rows (missing trailing values left out)."""
    if not keyed_rows:
        return NULL
    width = len(frame.columns)
    if all(len(values) == width for _, values in keyed_rows):
        # the usual case: transpose once and build each column's dict in C
        keys = [key for key, _ in keyed_rows]
        cells = zip(*(values for _, values in keyed_rows), strict=True)
        columns = zip(frame.columns, cells, strict=True)
        return body({c: dict(zip(keys, col, strict=True)) for c, col in columns})
    out: dict[str, dict[str, Any]] = {c: {} for c in frame.columns}
    for key, values in keyed_rows:
        for column, value in zip(frame.columns, values, strict=False):
            out[column][key] = value
    return body(out)


def soccer_games_on_date(serving: Serving, date: str, team: str | None) -> bytes:
    frame = serving.frames["soccer_matches"]
    date_key = _date_key(date, 3)
    if date_key is None:
        return NULL
    rows = frame.rows(frame.row_ids(_key(date_key, team)))
    return _columns(frame, [(key, values) for key, values in rows])


def nba_games_on_date(serving: Serving, date: str, team: str | None) -> bytes:
    frame = serving.frames["nba_games"]
    # with 4+ parts the original's condition degenerates to "1": every game
    date_key = _date_key(date, 3) or ALL
    rows = frame.rows(frame.row_ids(_key(date_key, team)))
    return _columns(frame, [(str(i), values) for i, values in enumerate(rows)])


def nba_play_by_play(serving: Serving, game_ids: list[str]) -> bytes:
    frame = serving.frames["nba_play_by_play"]
    found = [frame.row_ids(g) for g in dict.fromkeys(game_ids)]
    ids = np.unique(np.concatenate(found)) if found else np.zeros(0, dtype=np.int32)
    return _columns(frame, [(str(i), values) for i, values in enumerate(frame.rows(ids))])
