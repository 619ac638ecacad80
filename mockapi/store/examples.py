"""Try-it request bodies picked from the loaded world: one per route, each returning a non-empty result.

`/meta` lists them and `/docs` shows them as each route's example, so every endpoint can be tried at once
on entities that exist in the world being served.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mockapi.store.sql import Cursor, first
from mockapi.wire.routes import ROUTES

Body = dict[str, Any]
Pick = tuple[str, Callable[[tuple[Any, ...]], Body]]


def _query(row: tuple[Any, ...]) -> Body:
    return {"query": row[0]}


def _first_word(row: tuple[Any, ...]) -> Body:
    return {"query": str(row[0]).split()[0] if str(row[0]).split() else row[0]}


def _artist(where: str) -> str:
    return f"SELECT name FROM music_artists WHERE {where} ORDER BY ord LIMIT 1"


def _ticker(table: str, where: str = "true") -> str:
    return f"SELECT ticker FROM {table} WHERE {where} ORDER BY rowid LIMIT 1"


def _grammy_year(category: str) -> str:
    return (
        f"SELECT year FROM music_grammy WHERE category = '{category}' AND year BETWEEN 1957 AND 2019"
        " ORDER BY ord DESC LIMIT 1"
    )


_SONG = "SELECT name FROM music_songs WHERE coalesce({col}, '') <> '' ORDER BY ord LIMIT 1"

PICKS: dict[str, Pick] = {
    "/open/search_entity_by_name": ("SELECT name FROM open_entities ORDER BY ord LIMIT 1", _query),
    "/open/get_entity": ("SELECT name FROM open_entities ORDER BY ord LIMIT 1", _query),
    "/movie/get_person_info": ("SELECT name FROM movie_persons ORDER BY rowid LIMIT 1", _query),
    "/movie/get_movie_info": ("SELECT title FROM movie_movies ORDER BY rowid LIMIT 1", _query),
    "/movie/get_year_info": (
        "SELECT year FROM movie_years WHERE year BETWEEN '1990' AND '2021' LIMIT 1",
        _query,
    ),
    "/movie/get_movie_info_by_id": ("SELECT id FROM movie_movies WHERE id IS NOT NULL LIMIT 1", _query),
    "/movie/get_person_info_by_id": ("SELECT id FROM movie_persons WHERE id IS NOT NULL LIMIT 1", _query),
    "/finance/get_company_name": ("SELECT name FROM fin_companies ORDER BY ord LIMIT 1", _first_word),
    "/finance/get_ticker_by_name": ("SELECT name FROM fin_companies ORDER BY ord LIMIT 1", _query),
    "/finance/get_price_history": (_ticker("fin_prices"), _query),
    "/finance/get_detailed_price_history": (_ticker("fin_minute_prices"), _query),
    "/finance/get_dividends_history": (_ticker("fin_dividends"), _query),
    "/finance/get_market_capitalization": (_ticker("fin_marketcap", "value IS NOT NULL"), _query),
    "/finance/get_eps": (_ticker("fin_info", "doc LIKE '%\"forwardEps\": %'"), _query),
    "/finance/get_pe_ratio": (_ticker("fin_info", "doc LIKE '%\"forwardPE\": %'"), _query),
    "/finance/get_info": (_ticker("fin_info"), _query),
    "/music/search_artist_entity_by_name": (_artist("true"), _query),
    "/music/search_song_entity_by_name": ("SELECT name FROM music_songs ORDER BY ord LIMIT 1", _query),
    "/music/get_billboard_rank_date": (
        "SELECT rank, date FROM music_billboard_ranks ORDER BY date DESC, ord LIMIT 1",
        lambda r: {"rank": int(r[0]), "date": r[1]},
    ),
    "/music/get_billboard_attributes": (
        "SELECT date, song FROM music_billboard_songs ORDER BY date DESC, rowid LIMIT 1",
        lambda r: {"date": r[0], "attribute": "weeks_in_chart", "song_name": r[1]},
    ),
    "/music/grammy_get_best_artist_by_year": (_grammy_year("Best New Artist"), _query),
    "/music/grammy_get_award_count_by_artist": (
        "SELECT artist FROM music_grammy WHERE coalesce(artist, '') <> '' ORDER BY ord DESC LIMIT 1",
        _query,
    ),
    "/music/grammy_get_award_count_by_song": (
        "SELECT nominee FROM music_grammy WHERE category = 'Song Of The Year' AND nominee IS NOT NULL"
        " ORDER BY ord DESC LIMIT 1",
        _query,
    ),
    "/music/grammy_get_best_song_by_year": (_grammy_year("Song Of The Year"), _query),
    "/music/grammy_get_award_date_by_artist": (
        "SELECT artist FROM music_grammy WHERE coalesce(artist, '') <> '' ORDER BY ord DESC LIMIT 1",
        _query,
    ),
    "/music/grammy_get_best_album_by_year": (_grammy_year("Album Of The Year"), _query),
    "/music/grammy_get_all_awarded_artists": (
        "SELECT 1 FROM music_grammy WHERE category = 'Best New Artist' AND nominee IS NOT NULL LIMIT 1",
        lambda r: {},
    ),
    "/music/get_artist_birth_place": (_artist("coalesce(country, '') <> ''"), _query),
    "/music/get_artist_birth_date": (_artist("coalesce(birth_date, '') <> ''"), _query),
    "/music/get_members": (_artist("members IS NOT NULL AND members <> '[]'"), _query),
    "/music/get_lifespan": (_artist("true"), _query),
    "/music/get_song_author": (_SONG.format(col="author"), _query),
    "/music/get_song_release_country": (_SONG.format(col="country"), _query),
    "/music/get_song_release_date": (_SONG.format(col="date"), _query),
    "/music/get_artist_all_works": ("SELECT artist FROM music_works ORDER BY rowid LIMIT 1", _query),
    "/sports/soccer/get_games_on_date": (
        "SELECT date, team FROM soccer_matches ORDER BY ord LIMIT 1",
        lambda r: {"date": r[0], "team_name": r[1]},
    ),
    "/sports/nba/get_games_on_date": (
        "SELECT substr(game_date, 1, 10), team_name_home FROM nba_games ORDER BY ord LIMIT 1",
        lambda r: {"date": r[0], "team_name": r[1]},
    ),
    "/sports/nba/get_play_by_play_data_by_game_ids": (
        "SELECT game_id FROM nba_play_by_play ORDER BY rowid LIMIT 1",
        lambda r: {"game_ids": [r[0]]},
    ),
}


def world_examples(cur: Cursor) -> dict[str, Body]:
    """Route path → a body picked from this world; routes whose data is missing are left out."""
    out: dict[str, Body] = {}
    for path, (sql, make) in PICKS.items():
        row = first(cur, sql)
        if row is not None and row[0] is not None:
            out[path] = make(row)
    return out


def original_examples() -> dict[str, Body]:
    """The original's examples (the body models' schema examples), for routes the world has no data for."""
    out: dict[str, Body] = {}
    for route in ROUTES:
        extra = route.body.model_config.get("json_schema_extra") if route.body else None
        examples = extra.get("examples") if isinstance(extra, dict) else None
        out[route.path] = dict(examples[0]) if isinstance(examples, list) and examples else {}  # type: ignore[arg-type]
    return out
