"""Input limits over real uvicorn: body cap 413, strict-JSON 422, field and list limits, `k` range."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from mockapi.wire.fields import MAX_BODY_BYTES, MAX_GAME_IDS, MAX_IDENT_CHARS, MAX_TEXT_CHARS, MAX_URL_CHARS

JSON = {"content-type": "application/json"}


@pytest.fixture(scope="module")
def http(tiny_server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=tiny_server, timeout=30) as client:
        yield client


def _canonical(response: httpx.Response, status: int, kind: str) -> None:
    assert response.status_code == status
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert set(body) == {"detail", "type", "status", "loc"}
    assert (body["type"], body["status"]) == (kind, status)


def _validation(response: httpx.Response, kind: str, loc: list[Any]) -> None:
    """FastAPI's own 422 list, naming the field."""
    assert response.status_code == 422, response.text
    assert response.headers["content-type"] == "application/json"
    items = response.json()["detail"]
    assert any(item["type"] == kind and item["loc"] == loc for item in items), items


def test_body_over_the_cap_is_413(http: httpx.Client) -> None:
    body = b'{"query": "' + b"x" * MAX_BODY_BYTES + b'"}'
    _canonical(http.post("/open/get_entity", content=body, headers=JSON), 413, "payload_too_large")
    _canonical(http.post("/web/search", content=body, headers=JSON), 413, "payload_too_large")
    # the route without a body has the same cap
    _canonical(http.post("/music/grammy_get_all_awarded_artists", content=body), 413, "payload_too_large")


def test_chunked_body_without_length_is_counted(http: httpx.Client) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"query": "'
        for _ in range(MAX_BODY_BYTES // 4096 + 2):
            yield b"y" * 4096
        yield b'"}'

    response = http.post("/open/get_entity", content=chunks(), headers=JSON)
    assert "content-length" not in response.request.headers
    _canonical(response, 413, "payload_too_large")


def test_lying_content_length_is_refused_before_reading(tiny_server: str) -> None:
    """A header announcing 10 GB gets its 413 at once; the server does not wait for the bytes."""
    host, port = tiny_server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(
            b"POST /open/get_entity HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
            b"content-length: 10000000000\r\n\r\n{"
        )
        head = sock.recv(65536).decode("latin-1")
    assert head.startswith("HTTP/1.1 413"), head
    assert '"payload_too_large"' in head


def test_body_at_the_cap_is_served(http: httpx.Client) -> None:
    padding = "z" * (MAX_BODY_BYTES - 200)
    response = http.post("/open/get_entity", json={"query": "x", "padding": padding})
    assert response.status_code == 200
    assert response.json() == {"result": None}


@pytest.mark.parametrize(
    ("raw", "position"),
    [
        (b"{bad", 1),
        (b'{"query": NaN}', 10),
        (b'{"query": Infinity}', 10),
        (b'{"query": 1e999}', 10),
        (b'{"query": "\\ud800"}', 11),  # a lone surrogate: FastAPI accepted it and DuckDB then failed (500)
        (b'{"query": ' + b"[" * 2000 + b"]" * 2000 + b"}", None),  # deeper than any parser should follow
        (b'{"query": "x"} trailing', 15),
        (b"\xff\xfe", 0),
    ],
)
def test_malformed_json_is_fastapi_style_422(http: httpx.Client, raw: bytes, position: int | None) -> None:
    for path in ("/open/get_entity", "/movie/get_movie_info_by_id", "/web/search"):
        response = http.post(path, content=raw, headers=JSON)
        assert response.status_code == 422, (path, raw[:40], response.text)
        assert response.headers["content-type"] == "application/json"
        [item] = response.json()["detail"]
        assert (item["type"], item["loc"][0], item["msg"]) == ("json_invalid", "body", "JSON decode error")
        if position is not None:
            assert item["loc"][1] == position


def test_json_rules_follow_fastapi(http: httpx.Client) -> None:
    """What FastAPI accepts stays accepted: a UTF-8 BOM, `+json` types; non-JSON types are not parsed."""
    bom = b'\xef\xbb\xbf{"query": "x"}'
    assert http.post("/open/get_entity", content=bom, headers=JSON).json() == {"result": None}
    vendor = {"content-type": "application/vnd.crag+json; charset=utf-8"}
    assert http.post("/open/get_entity", content=b'{"query": "x"}', headers=vendor).status_code == 200
    assert http.post("/open/get_entity", content=b"{bad", headers=vendor).status_code == 422
    text = http.post("/open/get_entity", content=b"{bad", headers={"content-type": "text/plain"})
    _validation(text, "model_attributes_type", ["body"])  # FastAPI's own answer, not ours
    # the one route without a body ignores whatever is sent, as the original did
    junk = http.post("/music/grammy_get_all_awarded_artists", content=b"{bad", headers=JSON)
    assert junk.status_code == 200
    assert isinstance(junk.json()["result"], list)


def test_text_fields_are_capped(http: httpx.Client) -> None:
    long = "a" * (MAX_TEXT_CHARS + 1)
    _validation(
        http.post("/open/search_entity_by_name", json={"query": long}), "string_too_long", ["body", "query"]
    )
    _validation(
        http.post(
            "/music/get_billboard_attributes",
            json={"date": "2024-01-01", "attribute": "x", "song_name": long},
        ),
        "string_too_long",
        ["body", "song_name"],
    )
    _validation(
        http.post("/sports/nba/get_games_on_date", json={"date": "2024", "team_name": long}),
        "string_too_long",
        ["body", "team_name"],
    )
    _validation(http.post("/web/search", json={"query": long}), "string_too_long", ["body", "query"])
    ok = http.post("/open/search_entity_by_name", json={"query": "a" * MAX_TEXT_CHARS})
    assert ok.status_code == 200


def test_identifiers_and_urls_are_capped(http: httpx.Client) -> None:
    long_id = "i" * (MAX_IDENT_CHARS + 1)
    _validation(
        http.post("/web/search", json={"interaction_id": long_id}),
        "string_too_long",
        ["body", "interaction_id"],
    )
    _validation(
        http.post("/web/search", json={"query": "x", "query_time": long_id}),
        "string_too_long",
        ["body", "query_time"],
    )
    url = "https://example.com/" + "p" * MAX_URL_CHARS
    _validation(http.post("/web/get_page", json={"url": url}), "string_too_long", ["body", "url"])
    assert http.post("/web/get_page", json={"url": url[:MAX_URL_CHARS]}).json() == {"result": None}


def test_game_ids_list_is_capped(http: httpx.Client) -> None:
    path = "/sports/nba/get_play_by_play_data_by_game_ids"
    too_many = [f"00{i:08d}" for i in range(MAX_GAME_IDS + 1)]
    _validation(http.post(path, json={"game_ids": too_many}), "too_long", ["body", "game_ids"])
    assert http.post(path, json={"game_ids": too_many[:MAX_GAME_IDS]}).status_code == 200
    _validation(
        http.post(path, json={"game_ids": ["9" * (MAX_IDENT_CHARS + 1)]}),
        "string_too_long",
        ["body", "game_ids", 0],
    )


@pytest.mark.parametrize("k", [0, 51, -1, 10**6])
def test_k_outside_1_to_50_is_422(http: httpx.Client, k: int) -> None:
    _validation(
        http.post("/web/search", json={"query": "x", "k": k}),
        "greater_than_equal" if k < 1 else "less_than_equal",
        ["body", "k"],
    )


def test_limits_are_in_the_openapi_schema(http: httpx.Client) -> None:
    schemas = http.get("/openapi.json").json()["components"]["schemas"]
    assert schemas["QueryOpenName"]["properties"]["query"]["maxLength"] == MAX_TEXT_CHARS
    assert schemas["QuerySportsNBAGameIds"]["properties"]["game_ids"]["maxItems"] == MAX_GAME_IDS
    search = schemas["SearchRequest"]["properties"]
    assert (search["k"]["minimum"], search["k"]["maximum"]) == (1, 50)
