"""/movie/*: movies, persons, years."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from mockapi.http.routers.common import KG_DEPENDENCIES, NULL, Search, json_bytes, served, serving
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
async def get_person_info(body: QueryMoviePerson, request: Request, search: Search) -> Response:
    """Up to 10 person dicts matching the query."""
    return json_bytes(store.get_person_info(serving(request), search, body.query))


@router.post("/get_movie_info", response_model=Envelope[list[Movie]])
async def get_movie_info(body: QueryMovieMovie, request: Request, search: Search) -> Response:
    """Up to 10 movie dicts matching the query."""
    return json_bytes(store.get_movie_info(serving(request), search, body.query))


@router.post("/get_year_info", response_model=Envelope[YearInfo | None])
async def get_year_info(body: QueryMovieYear, request: Request) -> Response:
    """Movies and Oscars of a year given as a string; null for a year without data or a non-number."""
    key = store.year_key(body.query)
    return json_bytes(NULL) if key is None else served(request, "movie_year", key)


@router.post("/get_movie_info_by_id", response_model=Envelope[Movie | None])
async def get_movie_info_by_id(body: QueryMovieID, request: Request) -> Response:
    """The movie with this id, or null."""
    return served(request, "movie_by_id", str(body.query))


@router.post("/get_person_info_by_id", response_model=Envelope[Person | None])
async def get_person_info_by_id(body: QueryMovieID, request: Request) -> Response:
    """The person with this id, or null."""
    return served(request, "person_by_id", str(body.query))
