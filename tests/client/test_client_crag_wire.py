"""`CRAG` call for call against the wire contract §3.2: method names, parameter names and order, paths,
JSON bodies (explicit nulls), the no-body call, headers, and the whole envelope handed back."""

from __future__ import annotations

import inspect
import json
from typing import Any

import pytest
from crag_client import CRAG, ResponseDecodeError
from scripted_server import Reply, ScriptedServer

# (method, parameter names in order, call args, path, body sent; None = no body at all)
TABLE: list[tuple[str, list[str], tuple[Any, ...], str, Any]] = [
    (
        "open_search_entity_by_name",
        ["query"],
        ("florida",),
        "/open/search_entity_by_name",
        {"query": "florida"},
    ),
    ("open_get_entity", ["entity"], ("Florida",), "/open/get_entity", {"query": "Florida"}),
    ("movie_get_person_info", ["person_name"], ("Jackson",), "/movie/get_person_info", {"query": "Jackson"}),
    ("movie_get_movie_info", ["movie_name"], ("Up",), "/movie/get_movie_info", {"query": "Up"}),
    ("movie_get_year_info", ["year"], ("1992",), "/movie/get_year_info", {"query": "1992"}),
    ("movie_get_movie_info_by_id", ["movid_id"], (100,), "/movie/get_movie_info_by_id", {"query": 100}),
    ("movie_get_person_info_by_id", ["person_id"], (7,), "/movie/get_person_info_by_id", {"query": 7}),
    ("finance_get_company_name", ["query"], ("Apple",), "/finance/get_company_name", {"query": "Apple"}),
    (
        "finance_get_ticker_by_name",
        ["query"],
        ("Apple Inc",),
        "/finance/get_ticker_by_name",
        {"query": "Apple Inc"},
    ),
    (
        "finance_get_price_history",
        ["ticker_name"],
        ("META",),
        "/finance/get_price_history",
        {"query": "META"},
    ),
    (
        "finance_get_detailed_price_history",
        ["ticker_name"],
        ("META",),
        "/finance/get_detailed_price_history",
        {"query": "META"},
    ),
    (
        "finance_get_dividends_history",
        ["ticker_name"],
        ("META",),
        "/finance/get_dividends_history",
        {"query": "META"},
    ),
    (
        "finance_get_market_capitalization",
        ["ticker_name"],
        ("META",),
        "/finance/get_market_capitalization",
        {"query": "META"},
    ),
    ("finance_get_eps", ["ticker_name"], ("META",), "/finance/get_eps", {"query": "META"}),
    ("finance_get_pe_ratio", ["ticker_name"], ("META",), "/finance/get_pe_ratio", {"query": "META"}),
    ("finance_get_info", ["ticker_name"], ("META",), "/finance/get_info", {"query": "META"}),
    (
        "music_search_artist_entity_by_name",
        ["artist_name"],
        ("lady gaga",),
        "/music/search_artist_entity_by_name",
        {"query": "lady gaga"},
    ),
    (
        "music_search_song_entity_by_name",
        ["song_name"],
        ("I can feel IT",),
        "/music/search_song_entity_by_name",
        {"query": "I can feel IT"},
    ),
    (
        "music_get_billboard_rank_date",
        ["rank", "date"],
        (1,),
        "/music/get_billboard_rank_date",
        {"rank": 1, "date": None},
    ),
    (
        "music_get_billboard_attributes",
        ["date", "attribute", "song_name"],
        ("2024-02-28", "weeks_in_chart", "Texas Hold 'Em"),
        "/music/get_billboard_attributes",
        {"date": "2024-02-28", "attribute": "weeks_in_chart", "song_name": "Texas Hold 'Em"},
    ),
    (
        "music_grammy_get_best_artist_by_year",
        ["year"],
        (1998,),
        "/music/grammy_get_best_artist_by_year",
        {"query": 1998},
    ),
    (
        "music_grammy_get_award_count_by_artist",
        ["artist_name"],
        ("Adele",),
        "/music/grammy_get_award_count_by_artist",
        {"query": "Adele"},
    ),
    (
        "music_grammy_get_award_count_by_song",
        ["song_name"],
        ("Hello",),
        "/music/grammy_get_award_count_by_song",
        {"query": "Hello"},
    ),
    (
        "music_grammy_get_best_song_by_year",
        ["year"],
        (1998,),
        "/music/grammy_get_best_song_by_year",
        {"query": 1998},
    ),
    (
        "music_grammy_get_award_date_by_artist",
        ["artist_name"],
        ("Adele",),
        "/music/grammy_get_award_date_by_artist",
        {"query": "Adele"},
    ),
    (
        "music_grammy_get_best_album_by_year",
        ["year"],
        (1998,),
        "/music/grammy_get_best_album_by_year",
        {"query": 1998},
    ),
    ("music_grammy_get_all_awarded_artists", [], (), "/music/grammy_get_all_awarded_artists", None),
    (
        "music_get_artist_birth_place",
        ["artist_name"],
        ("Adele",),
        "/music/get_artist_birth_place",
        {"query": "Adele"},
    ),
    (
        "music_get_artist_birth_date",
        ["artist_name"],
        ("Adele",),
        "/music/get_artist_birth_date",
        {"query": "Adele"},
    ),
    ("music_get_members", ["band_name"], ("Maroon 5",), "/music/get_members", {"query": "Maroon 5"}),
    ("music_get_lifespan", ["artist_name"], ("Adele",), "/music/get_lifespan", {"query": "Adele"}),
    ("music_get_song_author", ["song_name"], ("Hello",), "/music/get_song_author", {"query": "Hello"}),
    (
        "music_get_song_release_country",
        ["song_name"],
        ("Hello",),
        "/music/get_song_release_country",
        {"query": "Hello"},
    ),
    (
        "music_get_song_release_date",
        ["song_name"],
        ("Hello",),
        "/music/get_song_release_date",
        {"query": "Hello"},
    ),
    (
        "music_get_artist_all_works",
        ["song_name"],
        ("Adele",),
        "/music/get_artist_all_works",
        {"query": "Adele"},
    ),
    (
        "sports_soccer_get_games_on_date",
        ["date", "team_name"],
        ("2024-03-09",),
        "/sports/soccer/get_games_on_date",
        {"team_name": None, "date": "2024-03-09"},
    ),
    (
        "sports_nba_get_games_on_date",
        ["date", "team_name"],
        ("2022-10-11", "Chicago Bulls"),
        "/sports/nba/get_games_on_date",
        {"team_name": "Chicago Bulls", "date": "2022-10-11"},
    ),
    (
        "sports_nba_get_play_by_play_data_by_game_ids",
        ["game_ids"],
        (["0022200547", "0029600027"],),
        "/sports/nba/get_play_by_play_data_by_game_ids",
        {"game_ids": ["0022200547", "0029600027"]},
    ),
]


def test_table_has_the_38_methods_and_nothing_else() -> None:
    assert len(TABLE) == 38 == len({row[0] for row in TABLE})
    public = {
        name
        for name, _ in inspect.getmembers(CRAG, inspect.isfunction)
        if name.split("_")[0] in {"open", "movie", "finance", "music", "sports"}
    }
    assert public == {row[0] for row in TABLE}


@pytest.mark.parametrize(("method", "params", "args", "path", "body"), TABLE, ids=[row[0] for row in TABLE])
def test_call_for_call(
    server: ScriptedServer, method: str, params: list[str], args: tuple[Any, ...], path: str, body: Any
) -> None:
    assert list(inspect.signature(getattr(CRAG, method)).parameters)[1:] == params
    envelope = {"result": {"echo": method}}
    server.default = Reply(body=envelope)
    crag = CRAG(server=server.url + "/")  # a trailing slash must not produce //path
    assert getattr(crag, method)(*args) == envelope
    (request,) = server.requests
    assert request.method == "POST" and request.path == path
    assert request.headers["accept"] == "application/json"
    if body is None:
        assert request.body == b""
        assert request.headers.get("content-length", "0") == "0"
        assert "content-type" not in request.headers
    else:
        assert request.headers["content-type"] == "application/json"
        sent = json.loads(request.body)
        assert sent == body
        assert list(sent) == list(body)  # same keys in the same order, explicit nulls included


def test_422_body_is_handed_back_like_the_original(server: ScriptedServer) -> None:
    detail = {
        "detail": [{"type": "string_type", "loc": ["body", "query"], "msg": "Input should be a valid string"}]
    }
    server.default = Reply(422, detail)
    assert CRAG(server=server.url).movie_get_year_info(1992) == detail  # type: ignore[arg-type]
    assert json.loads(server.requests[0].body) == {"query": 1992}
    assert len(server.requests) == 1  # a 422 is not retried


def test_plain_text_500_raises_json_decode_error_after_retries(server: ScriptedServer) -> None:
    server.default = Reply(500, raw=b"Internal Server Error", content_type="text/plain")
    crag = CRAG(server=server.url, max_attempts=2)
    crag.client._sleep = lambda seconds: None
    with pytest.raises(json.JSONDecodeError) as info:
        crag.movie_get_year_info("1800")
    assert isinstance(info.value, ResponseDecodeError)
    assert "not JSON" in str(info.value)
    assert len(server.requests) == 2


def test_server_argument_and_env(monkeypatch: pytest.MonkeyPatch, server: ScriptedServer) -> None:
    monkeypatch.setenv("CRAG_SERVER", server.url)
    monkeypatch.setenv("CRAG_MOCK_API_URL", "http://127.0.0.1:9")
    crag = CRAG()
    assert crag.server == server.url
    assert crag.open_search_entity_by_name("x") == {"result": "ok"}
    assert CRAG(server="http://other:1").server == "http://other:1"


def test_one_connection_is_reused(server: ScriptedServer) -> None:
    with CRAG(server=server.url) as crag:
        for _ in range(5):
            crag.finance_get_eps("META")
    assert len({r.client_port for r in server.requests}) == 1
