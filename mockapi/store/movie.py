"""Movie domain: movies, persons and years (contract §2.5)."""

from __future__ import annotations

from typing import Any

from mockapi.store.jsontext import loads
from mockapi.store.names import search_params
from mockapi.store.sql import Cursor, first, latest

_BIGINT = 2**63


def _search_docs(cur: Cursor, corpus: str, table: str, query: str) -> list[Any]:
    built = search_params(corpus, query)
    if built is None:
        return []
    sql, params = built
    rows = cur.execute(
        f"SELECT m.doc FROM ({sql}) s JOIN {table} m ON m.key = s.name ORDER BY s.pos", params
    ).fetchall()
    return [loads(r[0]) for r in rows]


def get_person_info(cur: Cursor, query: str) -> list[Any]:
    return _search_docs(cur, "movie_person", "movie_persons", query)


def get_movie_info(cur: Cursor, query: str) -> list[Any]:
    return _search_docs(cur, "movie_movie", "movie_movies", query)


def get_year_info(cur: Cursor, year: str) -> Any:
    try:
        number = int(year)  # Python's int(), as the original: " 1992", "+1992" and "1_992" are accepted
    except ValueError:
        return None
    # the original refused years outside 1990..2021 with a 500; we answer any year the world has data for
    row = first(cur, "SELECT doc FROM movie_years WHERE year = ? LIMIT 1", [str(number)])
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
