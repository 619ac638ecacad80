"""/movie/*: movies, persons, years."""

from __future__ import annotations

from fastapi import APIRouter
from starlette.responses import Response

from mockapi.routers.common import KG, KG_DEPENDENCIES, Search, result
from mockapi.store import movie as store
from mockapi.wire import (
    Envelope,
    Movie,
    Person,
    QueryMovieID,
    QueryMovieMovie,
    QueryMoviePerson,
    QueryMovieYear,
    YearInfo,
)

router = APIRouter(prefix="/movie", tags=["movie"], dependencies=KG_DEPENDENCIES)


@router.post("/get_person_info", response_model=Envelope[list[Person]])
def get_person_info(body: QueryMoviePerson, kg: KG, search: Search) -> Response:
    """Up to 10 person dicts matching the query."""
    return result(store.get_person_info(kg, search, body.query))


@router.post("/get_movie_info", response_model=Envelope[list[Movie]])
def get_movie_info(body: QueryMovieMovie, kg: KG, search: Search) -> Response:
    """Up to 10 movie dicts matching the query."""
    return result(store.get_movie_info(kg, search, body.query))


@router.post("/get_year_info", response_model=Envelope[YearInfo | None])
def get_year_info(body: QueryMovieYear, kg: KG) -> Response:
    """Movies and Oscars of a year given as a string; null for a year without data or a non-number."""
    return result(store.get_year_info(kg, body.query))


@router.post("/get_movie_info_by_id", response_model=Envelope[Movie | None])
def get_movie_info_by_id(body: QueryMovieID, kg: KG) -> Response:
    """The movie with this id, or null."""
    return result(store.get_movie_info_by_id(kg, body.query))


@router.post("/get_person_info_by_id", response_model=Envelope[Person | None])
def get_person_info_by_id(body: QueryMovieID, kg: KG) -> Response:
    """The person with this id, or null."""
    return result(store.get_person_info_by_id(kg, body.query))
