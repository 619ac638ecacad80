"""Movie domain: movies, persons and years (contract §2.5)."""

from __future__ import annotations

from typing import Any

from mockapi.search.service import NameSearch
from mockapi.serving.service import Serving
from mockapi.store.jsontext import loads
from mockapi.store.sql import Cursor, first, latest

_BIGINT = 2**63


def _served_docs(serving: Serving, search: NameSearch, corpus: str, table: str, query: str) -> bytes:
    """`{"result": [doc…]}` spliced from the pre-serialised documents of the search hits."""
    docs = [serving.get(table, key) for key in search.names(corpus, query)]
    return b'{"result":[' + b",".join(d for d in docs if d is not None) + b"]}"


def get_person_info(serving: Serving, search: NameSearch, query: str) -> bytes:
    return _served_docs(serving, search, "movie_person", "person_doc", query)


def get_movie_info(serving: Serving, search: NameSearch, query: str) -> bytes:
    return _served_docs(serving, search, "movie_movie", "movie_doc", query)


def year_key(year: str) -> str | None:
    """The key `get_year_info` looks up: the text as sent once Python's int() accepts it, else None."""
    try:
        int(year)  # the original's check: Python's int() accepts " 1992", "+1992" and "1_992"
    except ValueError:
        return None
    # the original then looks up the string as sent, so " 1992" passes the check but finds nothing
    return year


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
