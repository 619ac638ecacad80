"""The serving tables answer every key with the same bytes the SQL store (the store of record) gives.

For each exact-key route, every key the tiny world holds (plus keys it does not hold) is answered both by
the memory-mapped serving tables and by the store's SQL functions over kg.duckdb, and the two bodies must
be byte-identical. The sports filters are checked on every date prefix and team the world has.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from sql_reference import finance, grammy, movie, music, sports
from sql_reference import open as open_store

from mockapi.http.routers.common import result
from mockapi.search.service import NameSearch
from mockapi.serving.kgstore import KGStore
from mockapi.serving.routes import ROUTE_BY_PATH
from mockapi.serving.service import Serving

Cur = Any


@pytest.fixture(scope="module")
def stores(tiny_world: Path) -> Iterator[tuple[Serving, Cur]]:
    kg = KGStore(tiny_world / "kg.duckdb")
    serving = Serving(tiny_world, kg.con)
    assert serving._tmp is None  # the world's own serving/ dir, built by `crag-mock build`
    with kg.cursor() as cur:
        yield serving, cur
    serving.close()
    kg.close()


def answer(path: str, serving: Serving, *values: Any) -> bytes:
    """What the route sends for these field values (its answer, with the row's not-found value applied)."""
    no_search = cast(NameSearch, None)  # these answers read the serving tables only
    return ROUTE_BY_PATH[path].answer(serving, no_search, list(values))


def keys(cur: Cur, sql: str) -> list[Any]:
    return [r[0] for r in cur.execute(sql).fetchall()] + ["no such key", ""]


def sql_body(value: Any) -> bytes:
    return bytes(result(value).body)


TICKERS = "SELECT DISTINCT ticker FROM fin_prices UNION SELECT ticker FROM fin_info ORDER BY 1"
SIMPLE: list[tuple[str, str, Callable[[Cur, str], Any]]] = [
    ("open_entity", "SELECT DISTINCT name FROM open_entities ORDER BY 1", open_store.get_entity),
    ("ticker_by_name", "SELECT DISTINCT name FROM fin_companies ORDER BY 1", finance.get_ticker_by_name),
    ("price_history", TICKERS, finance.get_price_history),
    ("detailed_price_history", TICKERS, finance.get_detailed_price_history),
    ("dividends", TICKERS, finance.get_dividends_history),
    ("market_cap", TICKERS, finance.get_market_capitalization),
    ("info", TICKERS, finance.get_info),
    ("eps", TICKERS, finance.get_eps),
    ("pe_ratio", TICKERS, finance.get_pe_ratio),
    ("birth_place", "SELECT DISTINCT name FROM music_artists ORDER BY 1", music.get_artist_birth_place),
    ("birth_date", "SELECT DISTINCT name FROM music_artists ORDER BY 1", music.get_artist_birth_date),
    ("members", "SELECT DISTINCT name FROM music_artists ORDER BY 1", music.get_members),
    ("song_author", "SELECT DISTINCT name FROM music_songs ORDER BY 1", music.get_song_author),
    ("song_country", "SELECT DISTINCT name FROM music_songs ORDER BY 1", music.get_song_release_country),
    ("song_date", "SELECT DISTINCT name FROM music_songs ORDER BY 1", music.get_song_release_date),
    ("works", "SELECT DISTINCT artist FROM music_works ORDER BY 1", music.get_artist_all_works),
    ("movie_year", "SELECT DISTINCT year FROM movie_years ORDER BY 1", movie.get_year_info),
]


@pytest.mark.parametrize(("table", "sql", "fn"), SIMPLE, ids=[s[0] for s in SIMPLE])
def test_exact_key_tables(stores: tuple[Serving, Cur], table: str, sql: str, fn: Callable[..., Any]) -> None:
    serving, cur = stores
    all_keys = keys(cur, sql)
    assert len(all_keys) > 2
    for key in all_keys:
        found = serving.get(table, key)
        assert found is not None or fn(cur, key) in (None, [None, None]), key
        if found is not None:
            assert found == sql_body(fn(cur, key)), key


def test_by_id(stores: tuple[Serving, Cur]) -> None:
    serving, cur = stores
    for table, sql_table, fn in (
        ("movie_by_id", "movie_movies", movie.get_movie_info_by_id),
        ("person_by_id", "movie_persons", movie.get_person_info_by_id),
    ):
        for ident in [*keys(cur, f"SELECT DISTINCT id FROM {sql_table} WHERE id IS NOT NULL")[:-2], -1]:
            found = serving.get(table, str(ident))
            assert (found or sql_body(None)) == sql_body(fn(cur, ident))


def test_music_multi_key_routes(stores: tuple[Serving, Cur]) -> None:
    serving, cur = stores
    for rank in [int(r) for r in keys(cur, "SELECT DISTINCT rank FROM music_billboard_ranks")[:-2]] + [
        0,
        101,
    ]:
        dates = keys(cur, f"SELECT DISTINCT date FROM music_billboard_ranks WHERE rank = '{rank}'")
        for date in [*dates[:5], None]:
            expected = sql_body(music.get_billboard_rank_date(cur, rank, date))
            assert answer("/music/get_billboard_rank_date", serving, rank, date) == expected
    for song, date in cur.execute("SELECT song, date FROM music_billboard_songs LIMIT 200").fetchall():
        for attribute in ("rank", "rank_last_week", "weeks_in_chart", "top_position", "other"):
            expected = sql_body(music.get_billboard_attributes(cur, date, attribute, song))
            assert answer("/music/get_billboard_attributes", serving, date, attribute, song) == expected
    for year in range(1950, 2025):
        for short, category in (
            ("best_artist", grammy.BEST_NEW_ARTIST),
            ("best_song", grammy.SONG_OF_THE_YEAR),
        ):
            assert answer(f"/music/grammy_get_{short}_by_year", serving, year) == sql_body(
                grammy.best_by_year(cur, category, year)
            )
    names = [*keys(cur, "SELECT DISTINCT artist FROM music_grammy WHERE artist IS NOT NULL"), "a", "nan", " "]
    for name in names:
        assert answer("/music/grammy_get_award_count_by_artist", serving, name) == sql_body(
            grammy.award_count_by_artist(cur, name)
        )
        assert answer("/music/grammy_get_award_date_by_artist", serving, name) == sql_body(
            grammy.award_date_by_artist(cur, name)
        )
    for title in keys(cur, "SELECT DISTINCT nominee FROM music_grammy WHERE nominee IS NOT NULL"):
        assert answer("/music/grammy_get_award_count_by_song", serving, title) == sql_body(
            grammy.award_count_by_song(cur, title)
        )
    every = sql_body(grammy.all_awarded_artists(cur))
    assert answer("/music/grammy_get_all_awarded_artists", serving) == every


def test_sports_frames(stores: tuple[Serving, Cur]) -> None:
    serving, cur = stores
    soccer_dates = keys(cur, "SELECT DISTINCT date FROM soccer_matches")[:-2]
    teams = [None, *keys(cur, "SELECT DISTINCT team FROM soccer_matches")[:3]]
    for date in {d[:w] for d in soccer_dates for w in (4, 7, 10)} | {"2024-03-09-1", "", "2024-3-9"}:
        for team in teams:
            expected = sql_body(sports.soccer_games_on_date(cur, date, team))
            assert answer("/sports/soccer/get_games_on_date", serving, date, team) == expected, (date, team)
    nba_dates = keys(cur, "SELECT DISTINCT substr(game_date, 1, 10) FROM nba_games")[:-2]
    nba_teams = [None, *keys(cur, "SELECT DISTINCT team_name_home FROM nba_games")[:3]]
    for date in sorted({d[:w] for d in nba_dates[:20] for w in (4, 7, 10)} | {"2024-01-01-x"}):
        for team in nba_teams:
            expected = sql_body(sports.nba_games_on_date(cur, date, team))
            assert answer("/sports/nba/get_games_on_date", serving, date, team) == expected, (date, team)
    game_ids = keys(cur, "SELECT DISTINCT game_id FROM nba_play_by_play ORDER BY 1")[:-2]
    # one game (alone or repeated) is answered from its stored body, several are composed from rows
    assert serving.frames["nba_play_by_play"].bodies is not None
    singles = [[g] for g in game_ids[:5]] + [[game_ids[1], game_ids[1]], ["nope"]]
    for ids in ([], *singles, game_ids[1:4], [game_ids[2], game_ids[0], game_ids[2]]):
        expected = sql_body(sports.nba_play_by_play(cur, ids))
        assert answer("/sports/nba/get_play_by_play_data_by_game_ids", serving, ids) == expected
