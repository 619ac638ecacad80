"""Exact wire shapes on a hand-written world, over real uvicorn (contract §1.4, §1.5, §2.6–2.8)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from kg_handmade import EVERTON_KEY, write_handmade_world


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_handmade_world(tmp_path_factory.mktemp("handmade"))


@pytest.fixture
def http(serve_world: Any, world: Path) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=serve_world(world), headers={"accept": "application/json"}) as client:
        yield client


def res(http: httpx.Client, path: str, body: dict[str, Any]) -> Any:
    response = http.post(path, json=body)
    assert response.status_code == 200, response.text
    return response.json()["result"]


def test_finance_keys_nan_and_duplicate_names(http: httpx.Client) -> None:
    history = res(http, "/finance/get_price_history", {"query": "AAPL"})
    assert list(history) == ["2024-02-27 00:00:00 EST", "2024-02-28 00:00:00 EST"]
    bar = {"Open": 1.5, "High": 2.0, "Low": 1.0, "Close": None, "Volume": 100}  # NaN close → null
    assert history["2024-02-27 00:00:00 EST"] == bar
    assert res(http, "/finance/get_price_history", {"query": "aapl"}) is None  # case-sensitive
    assert res(http, "/finance/get_eps", {"query": "AAPL"}) == 2.5
    assert res(http, "/finance/get_pe_ratio", {"query": "AAPL"}) is None  # NaN → null, not a 500
    assert res(http, "/finance/get_info", {"query": "AAPL"})["forwardPE"] is None
    names = res(http, "/finance/get_company_name", {"query": "apple inc"})
    assert names[:4] == ["Apple Inc.", "Apple Inc", "Apple Inc.", "Apple Inc"]  # one doc per original name
    assert res(http, "/finance/get_ticker_by_name", {"query": "Apple Inc"}) == "AAPX"


def test_open_search_expands_case_variants(http: httpx.Client) -> None:
    names = res(http, "/open/search_entity_by_name", {"query": "florida"})
    assert names[:2] == ["Florida", "FLORIDA"]
    assert set(names) == {"Florida", "FLORIDA", "Florida City, Florida", "Tallahassee, Florida"}
    assert res(http, "/open/search_entity_by_name", {"query": "?!"}) == []
    assert res(http, "/open/get_entity", {"query": "florida"}) is None


def test_movie_year_is_a_string_and_bad_years_are_null(http: httpx.Client) -> None:
    assert res(http, "/movie/get_year_info", {"query": "1992"}) == {"movie_list": [1, 2], "oscar_awards": []}
    # passes the original's int() check, but the original looks up the string as sent (checked against it)
    assert res(http, "/movie/get_year_info", {"query": " 1992"}) is None
    assert res(http, "/movie/get_year_info", {"query": "2023"}) == {"movie_list": [3], "oscar_awards": []}
    assert res(http, "/movie/get_year_info", {"query": "nineteen"}) is None
    assert res(http, "/movie/get_year_info", {"query": "1800"}) is None
    assert http.post("/movie/get_year_info", json={"query": 1992}).status_code == 422


def test_billboard(http: httpx.Client) -> None:
    path = "/music/get_billboard_rank_date"
    assert res(http, path, {"rank": 1, "date": "2024-03-02"}) == [["Texas Hold 'Em"], ["Someone"]]
    assert res(http, path, {"rank": 1, "date": None}) == [["Lovin On Me", "Texas Hold 'Em"], ["Someone"] * 2]
    assert res(http, path, {"rank": 1, "date": ""}) == res(http, path, {"rank": 1, "date": None})
    assert res(http, path, {"rank": 1, "date": "1999-01-01"}) == [[], []]
    assert res(http, path, {"rank": 2, "date": None}) == [None, None]
    attrs = "/music/get_billboard_attributes"
    body = {"date": "2024-03-02", "song_name": "Texas Hold 'Em"}
    assert res(http, attrs, {**body, "attribute": "weeks_in_chart"}) == "2"
    assert res(http, attrs, {**body, "attribute": "rank_last_week"}) == "2"
    assert res(http, attrs, {**body, "attribute": "anything"}) == "1"
    new = {"date": "2024-03-02", "song_name": "New One"}
    assert res(http, attrs, {**new, "attribute": "rank_last_week"}) == "-"
    assert res(http, attrs, {**new, "attribute": "weeks_in_chart"}) == "1"
    assert res(http, attrs, {**new, "attribute": "top_position"}) == "40"


def test_grammy_semantics(http: httpx.Client) -> None:
    count = "/music/grammy_get_award_count_by_artist"
    assert res(http, count, {"query": "Adele"}) == 4  # substring of nominee, artist and workers
    assert res(http, count, {"query": "nan"}) == 6  # str(NaN) == "nan": 1 + 2 + 3 empty cells
    years = res(http, "/music/grammy_get_award_date_by_artist", {"query": "Adele"})
    assert sorted(years) == [2009, 2012, 2016]
    assert res(http, "/music/grammy_get_award_count_by_song", {"query": "Rolling In The Deep"}) == 1
    assert res(http, "/music/grammy_get_best_artist_by_year", {"query": 2009}) == ["Adele", None]
    assert res(http, "/music/grammy_get_best_album_by_year", {"query": 2000}) == []
    assert res(http, "/music/grammy_get_best_album_by_year", {"query": 1956}) is None
    assert http.post("/music/grammy_get_all_awarded_artists").json() == {"result": ["Adele"]}


def test_artist_lookups(http: httpx.Client) -> None:
    assert res(http, "/music/get_artist_birth_place", {"query": "Maroon 5"}) is None  # "" is falsy → null
    assert res(http, "/music/get_members", {"query": "Maroon 5"}) == ["Adam", "Jesse"]
    assert res(http, "/music/get_members", {"query": "Adele"}) is None
    assert res(http, "/music/get_lifespan", {"query": "Adele"}) == ["1988", None]
    assert res(http, "/music/get_lifespan", {"query": "adele"}) == [None, None]


def test_soccer_frame(http: httpx.Client) -> None:
    frame = res(http, "/sports/soccer/get_games_on_date", {"team_name": "Everton", "date": "2024-03-09"})
    assert list(frame)[:3] == ["date", "time", "round"] and len(frame) == 18
    assert frame["date"] == {EVERTON_KEY: "2024-03-09T00:00:00.000"}
    assert frame["GF"] == {EVERTON_KEY: "0"}
    both = res(http, "/sports/soccer/get_games_on_date", {"team_name": None, "date": "2024-03"})
    assert len(both["venue"]) == 2 and set(both["GF"].values()) == {"0", 2}
    assert res(http, "/sports/soccer/get_games_on_date", {"team_name": None, "date": "2024"}) == both
    for date in ("2024-3-9", "2024-03-09-01", ""):
        assert res(http, "/sports/soccer/get_games_on_date", {"team_name": None, "date": date}) is None
    assert res(http, "/sports/soccer/get_games_on_date", {"team_name": "Nobody", "date": "2024"}) is None


def test_nba_frames(http: httpx.Client) -> None:
    path = "/sports/nba/get_games_on_date"
    one = res(http, path, {"team_name": "Los Angeles Lakers", "date": "2023-10-24"})
    assert len(one) == 55 and one["game_id"] == {"0": "0022300001"}
    assert one["game_date"] == {"0": "2023-10-24 00:00:00"}
    assert list(res(http, path, {"team_name": None, "date": "2023"})["game_id"]) == ["0", "1"]
    assert res(http, path, {"team_name": None, "date": "2023-11"})["game_id"] == {"0": "0022300002"}
    assert len(res(http, path, {"team_name": None, "date": "1-2-3-4"})["game_id"]) == 2  # all games
    assert res(http, path, {"team_name": "O'Brien Stars", "date": "2023"})["game_id"] == {"0": "0022300002"}
    assert res(http, path, {"team_name": "'; DROP TABLE nba_games; --", "date": "2023"}) is None
    pbp = "/sports/nba/get_play_by_play_data_by_game_ids"
    plays = res(http, pbp, {"game_ids": ["0022300001", "nope"]})
    assert len(plays) == 34 and plays["eventnum"] == {"0": 0, "1": 1, "2": 2}
    assert plays["player1_team_id"]["0"] == "1610612741.0"
    assert res(http, pbp, {"game_ids": []}) is None
