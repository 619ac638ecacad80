"""Movie domain: movies, persons and years (contract §2.5)."""

from __future__ import annotations

from typing import Any

from mockapi.serving.tables.jsontext import loads
from sql_reference.sql import Cursor, first, latest

_BIGINT = 2**63


def get_year_info(cur: Cursor, year: str) -> Any:
    try:
        int(year)  # the original's check: Python's int() accepts " 1992", "+1992" and "1_992"
    except ValueError:
        return None
    # the original refused years outside 1990..2021 with a 500; we answer any year the world has data for.
    # It then looks up the string as sent, so " 1992" passes the check but finds nothing.
    row = first(cur, "SELECT doc FROM movie_years WHERE year = ? LIMIT 1", [year])
    return None if row is None else loads(row[0])


def _by_id(cur: Cursor, table: str, ident: int) -> Any:
    if not -_BIGINT <= ident < _BIGINT:
        return None
    # the original's id dicts are built in file order, so a later duplicate id wins
    row = latest(cur, f"SELECT doc, rowid FROM {table} WHERE id = ?", [ident])
    return None if row is None else loads(row[0])


def get_movie_info_by_id(cur: Cursor, ident: int) -> Any:
    return _by_id(cur, "movie_movies", ident)


def get_person_info_by_id(cur: Cursor, ident: int) -> Any:
    return _by_id(cur, "movie_persons", ident)
