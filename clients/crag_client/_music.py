"""`client.music`: the music KG (routes 17-35): search, Billboard Hot 100, Grammys, artists and songs."""

from __future__ import annotations

from ._base import ResultType
from ._resource import AsyncResource, SyncResource
from .results import BillboardRankDate, Lifespan

_BILLBOARDRANKDATE: ResultType[BillboardRankDate] = ResultType(BillboardRankDate)
_INT: ResultType[int] = ResultType(int)
_LIFESPAN: ResultType[Lifespan] = ResultType(Lifespan)
_LIST_INT: ResultType[list[int]] = ResultType(list[int])
_LIST_STR: ResultType[list[str]] = ResultType(list[str])
_LIST_STR_OR_NONE: ResultType[list[str] | None] = ResultType(list[str] | None)
_STR_OR_NONE: ResultType[str | None] = ResultType(str | None)


class Music(SyncResource):
    """Artists, songs, Billboard charts and Grammy awards."""

    def search_artist_entity_by_name(self, artist_name: str) -> list[str]:
        """Up to 10 artist names matching `artist_name` (BM25 with the music IDF cutoff); [] when none."""
        return self._client._post("/music/search_artist_entity_by_name", {"query": artist_name}, _LIST_STR)

    def search_song_entity_by_name(self, song_name: str) -> list[str]:
        """Up to 10 song titles matching `song_name` (BM25 with the music IDF cutoff); [] when none."""
        return self._client._post("/music/search_song_entity_by_name", {"query": song_name}, _LIST_STR)

    def get_billboard_rank_date(self, rank: int, date: str | None = None) -> BillboardRankDate:
        """([songs], [artists]) at Hot 100 `rank` in the week `date` (every week when None).

        ([None, None]) for an unknown rank, ([], []) for a known rank without that week."""
        body = {"rank": rank, "date": date}
        return self._client._post("/music/get_billboard_rank_date", body, _BILLBOARDRANKDATE)

    def get_billboard_attributes(self, date: str, attribute: str, song_name: str) -> str | None:
        """`attribute` (rank_last_week, weeks_in_chart, top_position) of `song_name` in the week `date`."""
        body = {"date": date, "attribute": attribute, "song_name": song_name}
        return self._client._post("/music/get_billboard_attributes", body, _STR_OR_NONE)

    def grammy_get_best_artist_by_year(self, year: int) -> list[str] | None:
        """Best New Artist winners of the Grammy `year`; None outside the covered years."""
        return self._client._post("/music/grammy_get_best_artist_by_year", {"query": year}, _LIST_STR_OR_NONE)

    def grammy_get_award_count_by_artist(self, artist_name: str) -> int:
        """Number of Grammys won by this exact artist name (0 when unknown)."""
        return self._client._post("/music/grammy_get_award_count_by_artist", {"query": artist_name}, _INT)

    def grammy_get_award_count_by_song(self, song_name: str) -> int:
        """Number of Grammys won by this exact song title (0 when unknown)."""
        return self._client._post("/music/grammy_get_award_count_by_song", {"query": song_name}, _INT)

    def grammy_get_best_song_by_year(self, year: int) -> list[str] | None:
        """Song of the Year winners of the Grammy `year`; None outside the covered years."""
        return self._client._post("/music/grammy_get_best_song_by_year", {"query": year}, _LIST_STR_OR_NONE)

    def grammy_get_award_date_by_artist(self, artist_name: str) -> list[int]:
        """The distinct years in which this artist won a Grammy (unsorted, as the original); [] when none."""
        return self._client._post("/music/grammy_get_award_date_by_artist", {"query": artist_name}, _LIST_INT)

    def grammy_get_best_album_by_year(self, year: int) -> list[str] | None:
        """Album of the Year winners of the Grammy `year`; None outside the covered years."""
        return self._client._post("/music/grammy_get_best_album_by_year", {"query": year}, _LIST_STR_OR_NONE)

    def grammy_get_all_awarded_artists(self) -> list[str]:
        """Every Best New Artist winner, newest first (the route takes no body)."""
        return self._client._post("/music/grammy_get_all_awarded_artists", None, _LIST_STR, send_body=False)

    def get_artist_birth_place(self, artist_name: str) -> str | None:
        """The artist's birth country as an ISO 3166 alpha-2 code, or None."""
        return self._client._post("/music/get_artist_birth_place", {"query": artist_name}, _STR_OR_NONE)

    def get_artist_birth_date(self, artist_name: str) -> str | None:
        """The artist's birth date ('YYYY-MM-DD' or just 'YYYY'), or None."""
        return self._client._post("/music/get_artist_birth_date", {"query": artist_name}, _STR_OR_NONE)

    def get_members(self, band_name: str) -> list[str] | None:
        """The band's members (de-duplicated, arbitrary order), or None."""
        return self._client._post("/music/get_members", {"query": band_name}, _LIST_STR_OR_NONE)

    def get_lifespan(self, artist_name: str) -> Lifespan:
        """(birth_date, end_date) of the artist; (None, None) when unknown."""
        return self._client._post("/music/get_lifespan", {"query": artist_name}, _LIFESPAN)

    def get_song_author(self, song_name: str) -> str | None:
        """The credited author of this exact song title, or None."""
        return self._client._post("/music/get_song_author", {"query": song_name}, _STR_OR_NONE)

    def get_song_release_country(self, song_name: str) -> str | None:
        """The song's release country as a 2-letter code ('XW' = worldwide), or None."""
        return self._client._post("/music/get_song_release_country", {"query": song_name}, _STR_OR_NONE)

    def get_song_release_date(self, song_name: str) -> str | None:
        """The song's release date ('YYYY-MM-DD'), or None."""
        return self._client._post("/music/get_song_release_date", {"query": song_name}, _STR_OR_NONE)

    def get_artist_all_works(self, artist_name: str) -> list[str] | None:
        """Titles of all works of the artist, or None."""
        return self._client._post("/music/get_artist_all_works", {"query": artist_name}, _LIST_STR_OR_NONE)


class AsyncMusic(AsyncResource):
    """Artists, songs, Billboard charts and Grammy awards."""

    async def search_artist_entity_by_name(self, artist_name: str) -> list[str]:
        """Up to 10 artist names matching `artist_name` (BM25 with the music IDF cutoff); [] when none."""
        return await self._client._post(
            "/music/search_artist_entity_by_name", {"query": artist_name}, _LIST_STR
        )

    async def search_song_entity_by_name(self, song_name: str) -> list[str]:
        """Up to 10 song titles matching `song_name` (BM25 with the music IDF cutoff); [] when none."""
        return await self._client._post("/music/search_song_entity_by_name", {"query": song_name}, _LIST_STR)

    async def get_billboard_rank_date(self, rank: int, date: str | None = None) -> BillboardRankDate:
        """([songs], [artists]) at Hot 100 `rank` in the week `date` (every week when None).

        ([None, None]) for an unknown rank, ([], []) for a known rank without that week."""
        body = {"rank": rank, "date": date}
        return await self._client._post("/music/get_billboard_rank_date", body, _BILLBOARDRANKDATE)

    async def get_billboard_attributes(self, date: str, attribute: str, song_name: str) -> str | None:
        """`attribute` (rank_last_week, weeks_in_chart, top_position) of `song_name` in the week `date`."""
        body = {"date": date, "attribute": attribute, "song_name": song_name}
        return await self._client._post("/music/get_billboard_attributes", body, _STR_OR_NONE)

    async def grammy_get_best_artist_by_year(self, year: int) -> list[str] | None:
        """Best New Artist winners of the Grammy `year`; None outside the covered years."""
        return await self._client._post(
            "/music/grammy_get_best_artist_by_year", {"query": year}, _LIST_STR_OR_NONE
        )

    async def grammy_get_award_count_by_artist(self, artist_name: str) -> int:
        """Number of Grammys won by this exact artist name (0 when unknown)."""
        return await self._client._post(
            "/music/grammy_get_award_count_by_artist", {"query": artist_name}, _INT
        )

    async def grammy_get_award_count_by_song(self, song_name: str) -> int:
        """Number of Grammys won by this exact song title (0 when unknown)."""
        return await self._client._post("/music/grammy_get_award_count_by_song", {"query": song_name}, _INT)

    async def grammy_get_best_song_by_year(self, year: int) -> list[str] | None:
        """Song of the Year winners of the Grammy `year`; None outside the covered years."""
        return await self._client._post(
            "/music/grammy_get_best_song_by_year", {"query": year}, _LIST_STR_OR_NONE
        )

    async def grammy_get_award_date_by_artist(self, artist_name: str) -> list[int]:
        """The distinct years in which this artist won a Grammy (unsorted, as the original); [] when none."""
        return await self._client._post(
            "/music/grammy_get_award_date_by_artist", {"query": artist_name}, _LIST_INT
        )

    async def grammy_get_best_album_by_year(self, year: int) -> list[str] | None:
        """Album of the Year winners of the Grammy `year`; None outside the covered years."""
        return await self._client._post(
            "/music/grammy_get_best_album_by_year", {"query": year}, _LIST_STR_OR_NONE
        )

    async def grammy_get_all_awarded_artists(self) -> list[str]:
        """Every Best New Artist winner, newest first (the route takes no body)."""
        return await self._client._post(
            "/music/grammy_get_all_awarded_artists", None, _LIST_STR, send_body=False
        )

    async def get_artist_birth_place(self, artist_name: str) -> str | None:
        """The artist's birth country as an ISO 3166 alpha-2 code, or None."""
        return await self._client._post("/music/get_artist_birth_place", {"query": artist_name}, _STR_OR_NONE)

    async def get_artist_birth_date(self, artist_name: str) -> str | None:
        """The artist's birth date ('YYYY-MM-DD' or just 'YYYY'), or None."""
        return await self._client._post("/music/get_artist_birth_date", {"query": artist_name}, _STR_OR_NONE)

    async def get_members(self, band_name: str) -> list[str] | None:
        """The band's members (de-duplicated, arbitrary order), or None."""
        return await self._client._post("/music/get_members", {"query": band_name}, _LIST_STR_OR_NONE)

    async def get_lifespan(self, artist_name: str) -> Lifespan:
        """(birth_date, end_date) of the artist; (None, None) when unknown."""
        return await self._client._post("/music/get_lifespan", {"query": artist_name}, _LIFESPAN)

    async def get_song_author(self, song_name: str) -> str | None:
        """The credited author of this exact song title, or None."""
        return await self._client._post("/music/get_song_author", {"query": song_name}, _STR_OR_NONE)

    async def get_song_release_country(self, song_name: str) -> str | None:
        """The song's release country as a 2-letter code ('XW' = worldwide), or None."""
        return await self._client._post("/music/get_song_release_country", {"query": song_name}, _STR_OR_NONE)

    async def get_song_release_date(self, song_name: str) -> str | None:
        """The song's release date ('YYYY-MM-DD'), or None."""
        return await self._client._post("/music/get_song_release_date", {"query": song_name}, _STR_OR_NONE)

    async def get_artist_all_works(self, artist_name: str) -> list[str] | None:
        """Titles of all works of the artist, or None."""
        return await self._client._post(
            "/music/get_artist_all_works", {"query": artist_name}, _LIST_STR_OR_NONE
        )
