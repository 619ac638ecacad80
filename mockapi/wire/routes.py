"""The 38 KG routes as data: path, the original client's method name, body, result type, not-found value.

The routers declare the endpoints; this table is what tests, the client SDK and `/meta` iterate over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from mockapi.wire import requests as q
from mockapi.wire import results as r


@dataclass(frozen=True)
class Route:
    path: str
    """e.g. "/finance/get_price_history"."""
    method: str
    """The original client's method name, e.g. "finance_get_price_history"."""
    body: type[BaseModel] | None
    """None for the one route that takes no body."""
    result: Any
    """The type under "result" (including its not-found form)."""
    not_found: Any
    """The JSON value of "result" when nothing matches."""


def _route(path: str, body: type[BaseModel] | None, result: Any, not_found: Any = None) -> Route:
    method = path.strip("/").replace("/", "_")
    return Route(path, method, body, result, not_found)


_OPT_STR = str | None
_OPT_STRS = list[str] | None

ROUTES: tuple[Route, ...] = (
    _route("/open/search_entity_by_name", q.QueryOpenName, list[str], []),
    _route("/open/get_entity", q.QueryOpenEntity, r.OpenEntity | None),
    _route("/movie/get_person_info", q.QueryMoviePerson, list[r.Person], []),
    _route("/movie/get_movie_info", q.QueryMovieMovie, list[r.Movie], []),
    _route("/movie/get_year_info", q.QueryMovieYear, r.YearInfo | None),
    _route("/movie/get_movie_info_by_id", q.QueryMovieID, r.Movie | None),
    _route("/movie/get_person_info_by_id", q.QueryMovieID, r.Person | None),
    _route("/finance/get_company_name", q.QueryFinanceName, list[str], []),
    _route("/finance/get_ticker_by_name", q.QueryFinanceCompanyName, _OPT_STR),
    _route("/finance/get_price_history", q.QueryFinanceTicker, r.PriceHistory | None),
    _route("/finance/get_detailed_price_history", q.QueryFinanceTicker, r.PriceHistory | None),
    _route("/finance/get_dividends_history", q.QueryFinanceTicker, r.DividendHistory | None),
    _route("/finance/get_market_capitalization", q.QueryFinanceTicker, float | None),
    _route("/finance/get_eps", q.QueryFinanceTicker, float | None),
    _route("/finance/get_pe_ratio", q.QueryFinanceTicker, float | None),
    _route("/finance/get_info", q.QueryFinanceTicker, r.FinanceInfo | None),
    _route("/music/search_artist_entity_by_name", q.QueryMusicArtistName, list[str], []),
    _route("/music/search_song_entity_by_name", q.QueryMusicSongName, list[str], []),
    _route("/music/get_billboard_rank_date", q.QueryMusicRank, r.BillboardRankDate, [None, None]),
    _route("/music/get_billboard_attributes", q.QueryMusicAttribute, _OPT_STR),
    _route("/music/grammy_get_best_artist_by_year", q.QueryMusicYear, _OPT_STRS, []),
    _route("/music/grammy_get_award_count_by_artist", q.QueryMusicArtist, int, 0),
    _route("/music/grammy_get_award_count_by_song", q.QueryMusicSong, int, 0),
    _route("/music/grammy_get_best_song_by_year", q.QueryMusicYear, _OPT_STRS, []),
    _route("/music/grammy_get_award_date_by_artist", q.QueryMusicArtist, list[int], []),
    _route("/music/grammy_get_best_album_by_year", q.QueryMusicYear, _OPT_STRS, []),
    _route("/music/grammy_get_all_awarded_artists", None, list[str], []),
    _route("/music/get_artist_birth_place", q.QueryMusicArtist, _OPT_STR),
    _route("/music/get_artist_birth_date", q.QueryMusicArtist, _OPT_STR),
    _route("/music/get_members", q.QueryMusicBand, _OPT_STRS),
    _route("/music/get_lifespan", q.QueryMusicArtist, r.Lifespan, [None, None]),
    _route("/music/get_song_author", q.QueryMusicSong, _OPT_STR),
    _route("/music/get_song_release_country", q.QueryMusicSong, _OPT_STR),
    _route("/music/get_song_release_date", q.QueryMusicSong, _OPT_STR),
    _route("/music/get_artist_all_works", q.QueryMusicArtist, _OPT_STRS),
    _route("/sports/soccer/get_games_on_date", q.QuerySportsSoccer, r.SportsFrame | None),
    _route("/sports/nba/get_games_on_date", q.QuerySportsNBA, r.SportsFrame | None),
    _route("/sports/nba/get_play_by_play_data_by_game_ids", q.QuerySportsNBAGameIds, r.SportsFrame | None),
)

ROUTE_BY_PATH: dict[str, Route] = {route.path: route for route in ROUTES}
