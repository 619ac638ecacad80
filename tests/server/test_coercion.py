"""Request decoding as the original's pydantic v2 lax mode (contract §1.2), over real uvicorn."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from mockapi.serving.routes import ROUTES


@pytest.fixture(scope="module")
def http(tiny_server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=tiny_server, headers={"accept": "application/json"}) as client:
        yield client


def _detail(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 422, response.text
    first: dict[str, Any] = response.json()["detail"][0]
    return first


def _has_str_query(route: Any) -> bool:
    field = route.body.model_fields.get("query") if route.body else None
    return field is not None and field.annotation is str


STR_QUERY_ROUTES = [r.path for r in ROUTES if _has_str_query(r)]


def test_most_routes_take_a_str_query() -> None:
    # 38 - 3 grammy years - 2 by-id - rank - attributes - 3 sports - the no-body route
    assert len(STR_QUERY_ROUTES) == 27


@pytest.mark.parametrize("path", STR_QUERY_ROUTES)
def test_str_query_rejects_numbers_and_booleans(http: httpx.Client, path: str) -> None:
    for value in (1992, 19.5, True):
        detail = _detail(http.post(path, json={"query": value}))
        assert (detail["type"], detail["loc"]) == ("string_type", ["body", "query"])


@pytest.mark.parametrize("value", ["100", 100.0, True, 100])
def test_int_fields_accept_lax_values(http: httpx.Client, value: Any) -> None:
    assert http.post("/movie/get_movie_info_by_id", json={"query": value}).status_code == 200
    assert http.post("/music/get_billboard_rank_date", json={"rank": value, "date": None}).status_code == 200


def test_int_fields_reject_fractions_and_words(http: httpx.Client) -> None:
    fraction = http.post("/movie/get_movie_info_by_id", json={"query": 100.5})
    assert _detail(fraction)["type"] == "int_from_float"
    word = http.post("/music/grammy_get_best_album_by_year", json={"query": "x"})
    assert _detail(word)["type"] == "int_parsing"


def test_true_is_rank_1(http: httpx.Client) -> None:
    as_bool = http.post("/music/get_billboard_rank_date", json={"rank": True, "date": None}).json()
    assert as_bool == http.post("/music/get_billboard_rank_date", json={"rank": 1, "date": None}).json()


def test_optional_fields_absent_or_null_and_extras_ignored(http: httpx.Client) -> None:
    path = "/sports/nba/get_games_on_date"
    explicit = http.post(path, json={"team_name": None, "date": "2024-01"}).json()
    assert http.post(path, json={"date": "2024-01"}).json() == explicit
    assert http.post(path, json={"date": "2024-01", "extra": [1]}).json() == explicit
    assert _detail(http.post(path, json={"team_name": "X"}))["loc"] == ["body", "date"]


def test_game_ids_must_be_a_list_of_strings(http: httpx.Client) -> None:
    path = "/sports/nba/get_play_by_play_data_by_game_ids"
    assert _detail(http.post(path, json={"game_ids": "0022300001"}))["type"] == "list_type"
    detail = _detail(http.post(path, json={"game_ids": [22300001]}))
    assert (detail["type"], detail["loc"]) == ("string_type", ["body", "game_ids", 0])
