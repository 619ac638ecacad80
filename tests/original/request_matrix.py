# ruff: noqa: E501  (request tables read best one route per line)
"""Requests for comparing two servers on the fixture KG (tests/importers/cragkg_fixture.py plus extra names):
every route with found, not-found and odd-typed bodies, and name searches built to tie."""

from __future__ import annotations

import random
from typing import Any

Request = tuple[str, Any]

WORDS = ["red", "river", "hill", "the", "of", "blue", "green", "day", "stone", "lake", "big", "old"]


def extra_open_names(n: int = 400, seed: int = 7) -> list[str]:
    """Short names from a small vocabulary: many equal BM25 scores, common and rare words."""
    rng = random.Random(seed)
    names: dict[str, None] = {}
    while len(names) < n:
        words = rng.sample(WORDS, rng.choice((1, 2, 2, 3)))
        name = " ".join(w.capitalize() for w in words) + rng.choice(["", "", ", Florida", " (band)"])
        names[name] = None
    return list(names)


SEARCH_QUERIES = [
    "florida", "FLORIDA!", "Florida City, Florida", "red", "red river", "river red", "the red the", "hill hill",
    "big old stone lake", "Red River, Florida", "zürich", "nothing like it", "", "   ", "?!", "a", "of the",
    "apple", "apple inc", "Apple Inc.", "meta platforms", "common stock", "class a", "filler", "filler 3",
    "i can feel it", "I can feel IT", "can you feel it", "feel", "song title", "title 007", "artist number 01",
    "adele", "lady gaga", "maroon 5", "texas hold em", "lord of the rings", "the", "heat", "filler movie",
    "peter jackson", "viggo", "jackson",
]  # fmt: skip

STR_ODD: list[Any] = [1992, 3.5, True, None, [], {}, "x" * 300]

SEARCH_ROUTES = [
    "/open/search_entity_by_name", "/movie/get_person_info", "/movie/get_movie_info", "/finance/get_company_name",
    "/music/search_artist_entity_by_name", "/music/search_song_entity_by_name",
]  # fmt: skip
STR_ROUTES: dict[str, list[str]] = {
    "/open/get_entity": ["Florida", "FLORIDA", "Dup Name", "Zürich", "florida", "Red River"],
    "/movie/get_year_info": ["1995", "2003", "2000", " 1995", "+1995", "1_995"],
    "/finance/get_ticker_by_name": ["Apple Inc.", "Apple Inc", "Meta Platforms Inc. Class A Common Stock", "apple"],
    "/finance/get_price_history": ["META", "AAPL", "meta", "ZZZZ"],
    "/finance/get_detailed_price_history": ["META", "AAPL"],
    "/finance/get_dividends_history": ["META", "AAPL", "NONE"],
    "/finance/get_market_capitalization": ["META", "AAPL", "FB"],
    "/finance/get_eps": ["META", "AAPL", "X"],
    "/finance/get_pe_ratio": ["META", "X"],
    "/finance/get_info": ["META", "X"],
    "/music/grammy_get_award_count_by_artist": ["Adele", "adele", "Nobody"],
    "/music/grammy_get_award_count_by_song": ["Rolling In The Deep", "I Can Feel It"],
    "/music/grammy_get_award_date_by_artist": ["Adele", "Nobody"],
    "/music/get_artist_birth_place": ["Adele", "Nobody Known", "Unknown"],
    "/music/get_artist_birth_date": ["Adele", "Lady Gaga", "Nobody Known"],
    "/music/get_members": ["Maroon 5", "Adele", "Nobody Known", "Unknown"],
    "/music/get_lifespan": ["Adele", "Nobody Known", "Unknown"],
    "/music/get_song_author": ["I Can Feel It", "Silent Track", "Unknown"],
    "/music/get_song_release_country": ["I Can Feel It", "Silent Track"],
    "/music/get_song_release_date": ["I Can Feel It", "Silent Track"],
    "/music/get_artist_all_works": ["Adele", "Maroon 5", "Unknown"],
}  # fmt: skip
INT_ROUTES: dict[str, list[Any]] = {
    "/movie/get_movie_info_by_id": [122, 949, 5003, 1, -1, "122", 2**70],
    "/movie/get_person_info_by_id": [110, 108, 1, "110"],
    "/music/grammy_get_best_artist_by_year": [1998, 2012, 2019, 2000, 1950, "2012", 2012.0],
    "/music/grammy_get_best_song_by_year": [1998, 2012, 2000, 2030],
    "/music/grammy_get_best_album_by_year": [1998, 2012, 2016, 2000],
}  # fmt: skip
OTHER: list[Request] = [
    ("/music/grammy_get_all_awarded_artists", {}),
    ("/music/get_billboard_rank_date", {"rank": 1, "date": "2024-02-28"}),
    ("/music/get_billboard_rank_date", {"rank": 1}),
    ("/music/get_billboard_rank_date", {"rank": 2, "date": "1999-01-01"}),
    ("/music/get_billboard_rank_date", {"rank": 77}),
    ("/music/get_billboard_attributes", {"date": "2024-02-28", "attribute": "weeks_in_chart", "song_name": "Texas Hold 'Em"}),
    ("/music/get_billboard_attributes", {"date": "2024-02-28", "attribute": "last_week", "song_name": "New Song"}),
    ("/music/get_billboard_attributes", {"date": "2024-02-27", "attribute": "rank", "song_name": "Texas Hold 'Em"}),
    ("/sports/soccer/get_games_on_date", {"date": "2024-03-09", "team_name": "Everton"}),
    ("/sports/soccer/get_games_on_date", {"date": "2024-03", "team_name": "Everton"}),
    ("/sports/soccer/get_games_on_date", {"date": "2024-03-09"}),
    ("/sports/soccer/get_games_on_date", {"date": "1999-01-01"}),
    ("/sports/nba/get_games_on_date", {"date": "2022-10-11", "team_name": "Chicago Bulls"}),
    ("/sports/nba/get_games_on_date", {"date": "2022-10"}),
    ("/sports/nba/get_games_on_date", {"date": "2022-10-11", "team_name": "O'Neil"}),
    ("/sports/nba/get_play_by_play_data_by_game_ids", {"game_ids": ["0022200547"]}),
    ("/sports/nba/get_play_by_play_data_by_game_ids", {"game_ids": []}),
    ("/sports/nba/get_play_by_play_data_by_game_ids", {"game_ids": ["nope"]}),
]  # fmt: skip


def request_matrix() -> list[Request]:
    requests: list[Request] = []
    for route in SEARCH_ROUTES:
        requests += [(route, {"query": q}) for q in SEARCH_QUERIES + STR_ODD]
        requests += [(route, {}), (route, {"query": "red", "extra": 1})]
    for route, values in STR_ROUTES.items():
        requests += [(route, {"query": v}) for v in values + STR_ODD]
    for route, values in INT_ROUTES.items():
        requests += [(route, {"query": v}) for v in [*values, "x", None, 1.5]]
    return requests + OTHER
