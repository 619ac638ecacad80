"""Sports domain: soccer matches, NBA games and play-by-play (contract §2.8), as pandas "columns" frames.

Unlike the original, values are bound as SQL parameters: a quote in a team name just matches nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mockapi.serving.tables.jsontext import loads
from mockapi.wire.frames import NBA_GAME_COLUMNS, NBA_PLAY_BY_PLAY_COLUMNS, SOCCER_COLUMNS
from sql_reference.sql import Cursor

Frame = dict[str, dict[str, Any]]


def _date_filter(column: str, date: str, parts_allowed: int) -> tuple[str, str] | None:
    """SQL condition and value for a 'YYYY[-MM[-DD]]' filter, chosen by the number of '-' parts."""
    parts = len(date.split("-"))
    if parts > parts_allowed:
        return None
    width = {1: 4, 2: 7, 3: 10}[parts]
    return f"substr({column}, 1, {width}) = $date", date


def to_columns(columns: Sequence[str], keyed_rows: Sequence[tuple[str, list[Any]]]) -> Frame | None:
    """`{column: {row_key: value}}` from (row key, row values) pairs; None for no rows."""
    if not keyed_rows:
        return None
    frame: Frame = {c: {} for c in columns}
    for key, values in keyed_rows:
        for column, value in zip(columns, values, strict=False):
            frame[column][key] = value
    return frame


def soccer_games_on_date(cur: Cursor, date: str, team: str | None) -> Frame | None:
    cond = _date_filter("date", date, 3)
    if cond is None:
        return None
    sql = f"SELECT league, season, team, game, row FROM soccer_matches WHERE {cond[0]}"
    params: dict[str, Any] = {"date": cond[1]}
    if team is not None:
        sql += " AND team = $team"
        params["team"] = team
    rows = cur.execute(sql + " ORDER BY ord", params).fetchall()
    # the row key is Python's str() of the (league, season, team, game) index tuple, quotes and all
    return to_columns(SOCCER_COLUMNS, [(str((lg, se, tm, gm)), loads(row)) for lg, se, tm, gm, row in rows])


def nba_games_on_date(cur: Cursor, date: str, team: str | None) -> Frame | None:
    cond = _date_filter("game_date", date, 3)
    # with 4+ parts the original's condition degenerates to "1": every game
    sql = f"SELECT row FROM nba_games WHERE {cond[0] if cond else 'true'}"
    params: dict[str, Any] = {"date": cond[1]} if cond else {}
    if team is not None:
        sql += " AND (team_name_home = $team OR team_name_away = $team)"
        params["team"] = team
    rows = cur.execute(sql + " ORDER BY ord", params).fetchall()
    return to_columns(NBA_GAME_COLUMNS, [(str(i), loads(r[0])) for i, r in enumerate(rows)])


def nba_play_by_play(cur: Cursor, game_ids: list[str]) -> Frame | None:
    if not game_ids:
        return None
    rows = cur.execute(
        "SELECT row FROM nba_play_by_play WHERE game_id IN (SELECT unnest($ids))",  # insertion order
        {"ids": game_ids},
    ).fetchall()
    return to_columns(NBA_PLAY_BY_PLAY_COLUMNS, [(str(i), loads(r[0])) for i, r in enumerate(rows)])
