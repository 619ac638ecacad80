"""/music/*: artists, songs, Billboard Hot 100, Grammys."""

from __future__ import annotations

from fastapi import APIRouter
from starlette.responses import Response

from mockapi.routers.common import KG, KG_DEPENDENCIES, Search, result
from mockapi.store import grammy
from mockapi.store import music as store
from mockapi.wire import (
    BillboardRankDate,
    Envelope,
    Lifespan,
    QueryMusicArtist,
    QueryMusicArtistName,
    QueryMusicAttribute,
    QueryMusicBand,
    QueryMusicRank,
    QueryMusicSong,
    QueryMusicSongName,
    QueryMusicYear,
)

router = APIRouter(prefix="/music", tags=["music"], dependencies=KG_DEPENDENCIES)


@router.post("/search_artist_entity_by_name", response_model=Envelope[list[str]])
async def search_artist_entity_by_name(body: QueryMusicArtistName, search: Search) -> Response:
    """Up to 10 artist names matching the query."""
    return result(store.search_artist_entity_by_name(search, body.query))


@router.post("/search_song_entity_by_name", response_model=Envelope[list[str]])
async def search_song_entity_by_name(body: QueryMusicSongName, search: Search) -> Response:
    """Up to 10 song titles matching the query."""
    return result(store.search_song_entity_by_name(search, body.query))


@router.post("/get_billboard_rank_date", response_model=Envelope[BillboardRankDate])
def get_billboard_rank_date(body: QueryMusicRank, kg: KG) -> Response:
    """[[song…], [artist…]] at this rank (one week with a date, else every week)."""
    return result(store.get_billboard_rank_date(kg, body.rank, body.date))


@router.post("/get_billboard_attributes", response_model=Envelope[str | None])
def get_billboard_attributes(body: QueryMusicAttribute, kg: KG) -> Response:
    """One chart attribute of a song in a chart week, as a string."""
    return result(store.get_billboard_attributes(kg, body.date, body.attribute, body.song_name))


@router.post("/grammy_get_best_artist_by_year", response_model=Envelope[list[str] | None])
def grammy_get_best_artist_by_year(body: QueryMusicYear, kg: KG) -> Response:
    """Best New Artist winners of a year (null outside 1957..2019)."""
    return result(grammy.best_by_year(kg, grammy.BEST_NEW_ARTIST, body.query))


@router.post("/grammy_get_award_count_by_artist", response_model=Envelope[int])
def grammy_get_award_count_by_artist(body: QueryMusicArtist, kg: KG) -> Response:
    """Grammy rows naming the artist (substring match on nominee, artist and workers)."""
    return result(grammy.award_count_by_artist(kg, body.query))


@router.post("/grammy_get_award_count_by_song", response_model=Envelope[int])
def grammy_get_award_count_by_song(body: QueryMusicSong, kg: KG) -> Response:
    """Grammy rows whose nominee is exactly this title."""
    return result(grammy.award_count_by_song(kg, body.query))


@router.post("/grammy_get_best_song_by_year", response_model=Envelope[list[str] | None])
def grammy_get_best_song_by_year(body: QueryMusicYear, kg: KG) -> Response:
    """Song Of The Year winners of a year (null outside 1957..2019)."""
    return result(grammy.best_by_year(kg, grammy.SONG_OF_THE_YEAR, body.query))


@router.post("/grammy_get_award_date_by_artist", response_model=Envelope[list[int]])
def grammy_get_award_date_by_artist(body: QueryMusicArtist, kg: KG) -> Response:
    """The distinct years of the artist's Grammy rows."""
    return result(grammy.award_date_by_artist(kg, body.query))


@router.post("/grammy_get_best_album_by_year", response_model=Envelope[list[str] | None])
def grammy_get_best_album_by_year(body: QueryMusicYear, kg: KG) -> Response:
    """Album Of The Year winners of a year (null outside 1957..2019)."""
    return result(grammy.best_by_year(kg, grammy.ALBUM_OF_THE_YEAR, body.query))


@router.post("/grammy_get_all_awarded_artists", response_model=Envelope[list[str]])
def grammy_get_all_awarded_artists(kg: KG) -> Response:
    """Every Best New Artist winner; takes no body (any body is ignored)."""
    return result(grammy.all_awarded_artists(kg))


@router.post("/get_artist_birth_place", response_model=Envelope[str | None])
def get_artist_birth_place(body: QueryMusicArtist, kg: KG) -> Response:
    """ISO-3166 alpha-2 country code."""
    return result(store.get_artist_birth_place(kg, body.query))


@router.post("/get_artist_birth_date", response_model=Envelope[str | None])
def get_artist_birth_date(body: QueryMusicArtist, kg: KG) -> Response:
    """'YYYY' or 'YYYY-MM-DD'."""
    return result(store.get_artist_birth_date(kg, body.query))


@router.post("/get_members", response_model=Envelope[list[str] | None])
def get_members(body: QueryMusicBand, kg: KG) -> Response:
    """Band members, de-duplicated."""
    return result(store.get_members(kg, body.query))


@router.post("/get_lifespan", response_model=Envelope[Lifespan])
def get_lifespan(body: QueryMusicArtist, kg: KG) -> Response:
    """[birth_date, end_date]; [null, null] for an unknown artist."""
    return result(store.get_lifespan(kg, body.query))


@router.post("/get_song_author", response_model=Envelope[str | None])
def get_song_author(body: QueryMusicSong, kg: KG) -> Response:
    """The song's author."""
    return result(store.get_song_author(kg, body.query))


@router.post("/get_song_release_country", response_model=Envelope[str | None])
def get_song_release_country(body: QueryMusicSong, kg: KG) -> Response:
    """2-letter release country ('XW' = worldwide)."""
    return result(store.get_song_release_country(kg, body.query))


@router.post("/get_song_release_date", response_model=Envelope[str | None])
def get_song_release_date(body: QueryMusicSong, kg: KG) -> Response:
    """'YYYY-MM-DD'."""
    return result(store.get_song_release_date(kg, body.query))


@router.post("/get_artist_all_works", response_model=Envelope[list[str] | None])
def get_artist_all_works(body: QueryMusicArtist, kg: KG) -> Response:
    """The artist's work titles, in source order."""
    return result(store.get_artist_all_works(kg, body.query))
