"""Music domain: artists, songs, works and the Billboard Hot 100 (contract §2.7). Grammys: `grammy.py`."""

from __future__ import annotations

from typing import Any

from mockapi.serving.tables.jsontext import loads
from sql_reference.sql import Cursor, latest


def _artist(cur: Cursor, name: str, columns: str) -> tuple[Any, ...] | None:
    # the original's dicts keep the last duplicate key
    return latest(cur, f"SELECT {columns}, ord FROM music_artists WHERE name = ?", [name])


def _song(cur: Cursor, name: str, column: str) -> str | None:
    row = latest(cur, f"SELECT {column}, ord FROM music_songs WHERE name = ?", [name])
    value: str | None = (row[0] or None) if row else None  # falsy ("" or NULL) answers null
    return value


def get_artist_birth_place(cur: Cursor, name: str) -> str | None:
    row = _artist(cur, name, "country")
    return (row[0] or None) if row else None


def get_artist_birth_date(cur: Cursor, name: str) -> str | None:
    row = _artist(cur, name, "birth_date")
    return (row[0] or None) if row else None


def get_lifespan(cur: Cursor, name: str) -> list[str | None]:
    row = _artist(cur, name, "birth_date, end_date")
    return [row[0], row[1]] if row else [None, None]  # values unchanged, as the original


def get_members(cur: Cursor, name: str) -> list[str] | None:
    row = _artist(cur, name, "members")
    members = loads(row[0]) if row else None
    # de-duplicated like the original's list(set(...)), but in first-seen order so answers are reproducible
    return list(dict.fromkeys(members)) if isinstance(members, list) else None


def get_song_author(cur: Cursor, name: str) -> str | None:
    return _song(cur, name, "author")


def get_song_release_country(cur: Cursor, name: str) -> str | None:
    return _song(cur, name, "country")


def get_song_release_date(cur: Cursor, name: str) -> str | None:
    return _song(cur, name, "date")


def get_artist_all_works(cur: Cursor, name: str) -> Any:
    row = latest(cur, "SELECT works, rowid FROM music_works WHERE artist = ?", [name])
    return loads(row[0]) if row else None


def get_billboard_rank_date(cur: Cursor, rank: int, date: str | None) -> list[Any]:
    """[[song…], [artist…]]: one week when `date` is given (first entry of that date), else every week."""
    if date:
        hit = cur.execute(
            "SELECT song, artist FROM music_billboard_ranks WHERE rank = ? AND date = ? ORDER BY ord LIMIT 1",
            [str(rank), date],
        ).fetchone()
        if hit:
            return [[hit[0]], [hit[1]]]
    rows = cur.execute(
        "SELECT song, artist FROM music_billboard_ranks WHERE rank = ? ORDER BY ord", [str(rank)]
    ).fetchall()
    if not rows:
        return [None, None]
    if date:
        return [[], []]
    return [[r[0] for r in rows], [r[1] for r in rows]]


def get_billboard_attributes(cur: Cursor, date: str, attribute: str, song: str) -> Any:
    """One column of the chart row; the layout shifts for a new entry (row[6] == '-'), as the original."""
    sql = "SELECT row, rowid FROM music_billboard_songs WHERE song = ? AND date = ?"
    found = latest(cur, sql, [song, date])
    row = loads(found[0]) if found else None
    if not isinstance(row, list) or len(row) < 7:
        return None
    if row[6] == "-":
        positions = {"rank_last_week": 6, "weeks_in_chart": 5, "top_position": 4}
    else:
        positions = {"rank_last_week": 4, "top_position": 5, "weeks_in_chart": 6}
    return row[positions.get(attribute, 3)]
