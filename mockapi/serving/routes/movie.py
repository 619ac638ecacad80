"""/movie/*: movies, persons, years (contract §2.5)."""

from __future__ import annotations

from mockapi.serving.routes.spec import Example, KgRoute, docs, key
from mockapi.wire import requests as q
from mockapi.wire import results as r


def year_key(year: str) -> str | None:
    """The key `get_year_info` looks up: the text as sent once Python's int() accepts it, else None."""
    try:
        int(year)  # the original's check: Python's int() accepts " 1992", "+1992" and "1_992"
    except ValueError:
        return None
    # the original then looks up the string as sent, so " 1992" passes the check but finds nothing
    return year


ROUTES = (
    KgRoute(
        "/movie/get_person_info",
        q.QueryMoviePerson,
        list[r.Person],
        docs("movie_person", "person_doc"),
        "Up to 10 person dicts matching the query.",
        Example("SELECT name FROM movie_persons ORDER BY rowid LIMIT 1"),
        not_found=[],
    ),
    KgRoute(
        "/movie/get_movie_info",
        q.QueryMovieMovie,
        list[r.Movie],
        docs("movie_movie", "movie_doc"),
        "Up to 10 movie dicts matching the query.",
        Example("SELECT title FROM movie_movies ORDER BY rowid LIMIT 1"),
        not_found=[],
    ),
    KgRoute(
        "/movie/get_year_info",
        q.QueryMovieYear,
        r.YearInfo | None,
        key("movie_year", to_key=year_key),
        "Movies and Oscars of a year given as a string; null for a year without data or a non-number.",
        Example("SELECT year FROM movie_years WHERE year BETWEEN '1990' AND '2021' LIMIT 1"),
    ),
    KgRoute(
        "/movie/get_movie_info_by_id",
        q.QueryMovieID,
        r.Movie | None,
        key("movie_by_id"),
        "The movie with this id, or null.",
        Example("SELECT id FROM movie_movies WHERE id IS NOT NULL LIMIT 1"),
    ),
    KgRoute(
        "/movie/get_person_info_by_id",
        q.QueryMovieID,
        r.Person | None,
        key("person_by_id"),
        "The person with this id, or null.",
        Example("SELECT id FROM movie_persons WHERE id IS NOT NULL LIMIT 1"),
    ),
)
