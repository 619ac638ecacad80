"""`client.movie`: the movie KG (routes 3-7)."""

from __future__ import annotations

from ._base import ResultType
from ._resource import AsyncResource, SyncResource
from .results import Movie as MovieInfo
from .results import Person, YearInfo

_LIST_MOVIEINFO: ResultType[list[MovieInfo]] = ResultType(list[MovieInfo])
_LIST_PERSON: ResultType[list[Person]] = ResultType(list[Person])
_MOVIEINFO_OR_NONE: ResultType[MovieInfo | None] = ResultType(MovieInfo | None)
_PERSON_OR_NONE: ResultType[Person | None] = ResultType(Person | None)
_YEARINFO_OR_NONE: ResultType[YearInfo | None] = ResultType(YearInfo | None)


class Movie(SyncResource):
    """Movies, people and years."""

    def get_person_info(self, person_name: str) -> list[Person]:
        """Up to 10 people whose names match `person_name` (BM25 order); [] when nothing matches."""
        return self._client._post("/movie/get_person_info", {"query": person_name}, _LIST_PERSON)

    def get_movie_info(self, movie_name: str) -> list[MovieInfo]:
        """Up to 10 movies whose titles match `movie_name` (BM25 order); [] when nothing matches."""
        return self._client._post("/movie/get_movie_info", {"query": movie_name}, _LIST_MOVIEINFO)

    def get_year_info(self, year: str | int) -> YearInfo | None:
        """Movie ids and Oscar entries of `year` (sent as a string, as the route requires), or None."""
        return self._client._post("/movie/get_year_info", {"query": str(year)}, _YEARINFO_OR_NONE)

    def get_movie_info_by_id(self, movie_id: int) -> MovieInfo | None:
        """The movie with this id, or None."""
        return self._client._post("/movie/get_movie_info_by_id", {"query": movie_id}, _MOVIEINFO_OR_NONE)

    def get_person_info_by_id(self, person_id: int) -> Person | None:
        """The person with this id, or None."""
        return self._client._post("/movie/get_person_info_by_id", {"query": person_id}, _PERSON_OR_NONE)


class AsyncMovie(AsyncResource):
    """Movies, people and years."""

    async def get_person_info(self, person_name: str) -> list[Person]:
        """Up to 10 people whose names match `person_name` (BM25 order); [] when nothing matches."""
        return await self._client._post("/movie/get_person_info", {"query": person_name}, _LIST_PERSON)

    async def get_movie_info(self, movie_name: str) -> list[MovieInfo]:
        """Up to 10 movies whose titles match `movie_name` (BM25 order); [] when nothing matches."""
        return await self._client._post("/movie/get_movie_info", {"query": movie_name}, _LIST_MOVIEINFO)

    async def get_year_info(self, year: str | int) -> YearInfo | None:
        """Movie ids and Oscar entries of `year` (sent as a string, as the route requires), or None."""
        return await self._client._post("/movie/get_year_info", {"query": str(year)}, _YEARINFO_OR_NONE)

    async def get_movie_info_by_id(self, movie_id: int) -> MovieInfo | None:
        """The movie with this id, or None."""
        return await self._client._post(
            "/movie/get_movie_info_by_id", {"query": movie_id}, _MOVIEINFO_OR_NONE
        )

    async def get_person_info_by_id(self, person_id: int) -> Person | None:
        """The person with this id, or None."""
        return await self._client._post("/movie/get_person_info_by_id", {"query": person_id}, _PERSON_OR_NONE)
