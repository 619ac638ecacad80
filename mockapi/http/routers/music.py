"""/music/*: artists, songs, Billboard Hot 100, Grammys."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from mockapi.http.routers.common import KG_DEPENDENCIES, Search, json_bytes, result, served, serving
from mockapi.serving import music as served_music
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
async def get_billboard_rank_date(body: QueryMusicRank, request: Request) -> Response:
    """[[song…], [artist…]] at this rank (one week with a date, else every week)."""
    return json_bytes(served_music.billboard_rank_date(serving(request), body.rank, body.date))


@router.post("/get_billboard_attributes", response_model=Envelope[str | None])
async def get_billboard_attributes(body: QueryMusicAttribute, request: Request) -> Response:
    """One chart attribute of a song in a chart week, as a string."""
    return json_bytes(
        served_music.billboard_attribute(serving(request), body.date, body.attribute, body.song_name)
    )


@router.post("/grammy_get_best_artist_by_year", response_model=Envelope[list[str] | None])
async def grammy_get_best_artist_by_year(body: QueryMusicYear, request: Request) -> Response:
    """Best New Artist winners of a year (null outside 1957..2019)."""
    return json_bytes(served_music.best_by_year(serving(request), "best_artist", body.query))


@router.post("/grammy_get_award_count_by_artist", response_model=Envelope[int])
async def grammy_get_award_count_by_artist(body: QueryMusicArtist, request: Request) -> Response:
    """Grammy rows naming the artist (substring match on nominee, artist and workers)."""
    return json_bytes(served_music.award_count_by_artist(serving(request), body.query))


@router.post("/grammy_get_award_count_by_song", response_model=Envelope[int])
async def grammy_get_award_count_by_song(body: QueryMusicSong, request: Request) -> Response:
    """Grammy rows whose nominee is exactly this title."""
    return json_bytes(served_music.award_count_by_song(serving(request), body.query))


@router.post("/grammy_get_best_song_by_year", response_model=Envelope[list[str] | None])
async def grammy_get_best_song_by_year(body: QueryMusicYear, request: Request) -> Response:
    """Song Of The Year winners of a year (null outside 1957..2019)."""
    return json_bytes(served_music.best_by_year(serving(request), "best_song", body.query))


@router.post("/grammy_get_award_date_by_artist", response_model=Envelope[list[int]])
async def grammy_get_award_date_by_artist(body: QueryMusicArtist, request: Request) -> Response:
    """The distinct years of the artist's Grammy rows."""
    return json_bytes(served_music.award_date_by_artist(serving(request), body.query))


@router.post("/grammy_get_best_album_by_year", response_model=Envelope[list[str] | None])
async def grammy_get_best_album_by_year(body: QueryMusicYear, request: Request) -> Response:
    """Album Of The Year winners of a year (null outside 1957..2019)."""
    return json_bytes(served_music.best_by_year(serving(request), "best_album", body.query))


@router.post("/grammy_get_all_awarded_artists", response_model=Envelope[list[str]])
async def grammy_get_all_awarded_artists(request: Request) -> Response:
    """Every Best New Artist winner; takes no body (any body is ignored)."""
    return json_bytes(served_music.all_awarded_artists(serving(request)))


@router.post("/get_artist_birth_place", response_model=Envelope[str | None])
async def get_artist_birth_place(body: QueryMusicArtist, request: Request) -> Response:
    """ISO-3166 alpha-2 country code."""
    return served(request, "birth_place", body.query)


@router.post("/get_artist_birth_date", response_model=Envelope[str | None])
async def get_artist_birth_date(body: QueryMusicArtist, request: Request) -> Response:
    """'YYYY' or 'YYYY-MM-DD'."""
    return served(request, "birth_date", body.query)


@router.post("/get_members", response_model=Envelope[list[str] | None])
async def get_members(body: QueryMusicBand, request: Request) -> Response:
    """Band members, de-duplicated."""
    return served(request, "members", body.query)


@router.post("/get_lifespan", response_model=Envelope[Lifespan])
async def get_lifespan(body: QueryMusicArtist, request: Request) -> Response:
    """[birth_date, end_date]; [null, null] for an unknown artist."""
    return served(request, "lifespan", body.query, served_music.NULL_PAIR)


@router.post("/get_song_author", response_model=Envelope[str | None])
async def get_song_author(body: QueryMusicSong, request: Request) -> Response:
    """The song's author."""
    return served(request, "song_author", body.query)


@router.post("/get_song_release_country", response_model=Envelope[str | None])
async def get_song_release_country(body: QueryMusicSong, request: Request) -> Response:
    """2-letter release country ('XW' = worldwide)."""
    return served(request, "song_country", body.query)


@router.post("/get_song_release_date", response_model=Envelope[str | None])
async def get_song_release_date(body: QueryMusicSong, request: Request) -> Response:
    """'YYYY-MM-DD'."""
    return served(request, "song_date", body.query)


@router.post("/get_artist_all_works", response_model=Envelope[list[str] | None])
async def get_artist_all_works(body: QueryMusicArtist, request: Request) -> Response:
    """The artist's work titles, in source order."""
    return served(request, "works", body.query)
