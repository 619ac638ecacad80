"""Every one of the 38 routes over a real uvicorn on loopback, the way the original client calls them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from pydantic import TypeAdapter

from mockapi.serving.routes import ROUTES
from mockapi.serving.routes import KgRoute as Route
from mockapi.wire import Envelope

HEADERS = {"accept": "application/json"}
MISSING = "zz no such thing zz"


@pytest.fixture(scope="module")
def http(tiny_server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=tiny_server, headers=HEADERS, timeout=30) as client:
        yield client


@pytest.fixture(scope="module")
def examples(http: httpx.Client) -> dict[str, dict[str, Any]]:
    examples: dict[str, dict[str, Any]] = http.get("/meta").json()["examples"]
    return examples


def _post(http: httpx.Client, route: Route, body: dict[str, Any] | None) -> httpx.Response:
    if route.body is None:
        return http.post(route.path)  # the original client sends no body at all here
    return http.post(route.path, json=body)


def _not_found_body(route: Route, example: dict[str, Any]) -> dict[str, Any]:
    body: dict[str, Any] = {}
    for key, value in example.items():
        if isinstance(value, bool) or not isinstance(value, (int, str, list)):
            body[key] = value
        elif isinstance(value, int):
            body[key] = 987_654_321 if key == "query" else 101  # no such id / year / rank
        elif isinstance(value, list):
            body[key] = ["0000000000"]
        elif key == "attribute":
            body[key] = value
        else:
            body[key] = "1800-01-01" if key == "date" else MISSING
    return body


def _missing_domains(http: httpx.Client) -> set[str]:
    return set(http.get("/meta").json()["missing_domains"])


@pytest.mark.parametrize("route", ROUTES, ids=lambda r: r.path)
def test_found(http: httpx.Client, examples: dict[str, dict[str, Any]], route: Route) -> None:
    domain = route.path.split("/")[1]
    # the tiny world has every domain: a missing one is a builder regression, so fail rather than skip
    assert domain not in _missing_domains(http), f"the tiny world has no {domain} data"
    response = _post(http, route, examples[route.path])
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert list(body) == ["result"]
    assert body["result"] not in (None, [], 0, [None, None], [[], []]), f"{route.path} {examples[route.path]}"
    documented = Envelope[route.result]  # type: ignore[name-defined]  # a type only known at run time
    TypeAdapter(documented).validate_python(body)


@pytest.mark.parametrize("route", [r for r in ROUTES if r.body is not None], ids=lambda r: r.path)
def test_not_found(http: httpx.Client, examples: dict[str, dict[str, Any]], route: Route) -> None:
    body = _not_found_body(route, examples[route.path])
    response = _post(http, route, body)
    assert response.status_code == 200
    expected = route.not_found
    if route.path == "/music/get_billboard_rank_date":
        expected = [None, None]  # rank 101 does not exist
    if route.path.endswith("_by_year") and "grammy" in route.path:
        expected = None  # out of 1957..2019; an in-range year without rows gives [] (handmade tests)
    assert response.json() == {"result": expected}, body


@pytest.mark.parametrize("route", [r for r in ROUTES if r.body is not None], ids=lambda r: r.path)
def test_missing_field_is_a_json_422(http: httpx.Client, route: Route) -> None:
    response = http.post(route.path, json={"unrelated": 1})
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert detail[0]["type"] == "missing"
    assert detail[0]["loc"][0] == "body"


@pytest.mark.parametrize("route", [r for r in ROUTES if r.body is not None], ids=lambda r: r.path)
def test_non_object_body_is_a_json_422(http: httpx.Client, route: Route) -> None:
    response = http.post(route.path, content=b"query=x", headers={"content-type": "text/plain"})
    assert response.status_code == 422
    assert isinstance(response.json()["detail"], list)


def test_root_message(http: httpx.Client) -> None:
    response = http.get("/")
    assert response.json() == {"message": "The CRAG API service is running"}


def test_unknown_path_and_wrong_method_are_json(http: httpx.Client) -> None:
    missing = http.post("/finance/no_such_route", json={"query": "x"})
    assert missing.status_code == 404
    assert missing.json() == {"detail": "Not Found", "type": "not_found", "status": 404, "loc": None}
    wrong = http.get("/finance/get_eps")
    assert (wrong.status_code, wrong.json()["detail"]) == (405, "Method Not Allowed")
    assert wrong.headers["allow"] == "POST"


def test_no_body_route_accepts_any_body(http: httpx.Client) -> None:
    path = "/music/grammy_get_all_awarded_artists"
    empty = http.post(path)
    assert empty.status_code == 200
    assert http.post(path, json={"anything": [1, 2]}).json() == empty.json()
    assert http.post(path, content=b"not json", headers={"content-type": "text/plain"}).json() == empty.json()


def test_task_1_refuses_kg_routes_with_the_canonical_body(serve_world: Any, tiny_world: Path) -> None:
    base = serve_world(tiny_world, task=1)
    with httpx.Client(base_url=base, headers=HEADERS) as http:
        response = http.post("/finance/get_eps", json={"query": "X"})
        assert response.status_code == 403
        assert response.json() == {
            "detail": "task 1 serves web search only; the KG API is not available",
            "type": "forbidden_by_task",
            "status": 403,
            "loc": None,
        }
        assert http.get("/health").json()["task"] == 1


def test_a_world_without_kg_answers_null_on_every_route(serve_world: Any, tmp_path: Path) -> None:
    """Every domain is missing, so every route answers {"result": null} (issue 9, absent domains)."""
    base = serve_world(tmp_path)
    with httpx.Client(base_url=base, headers=HEADERS) as http:
        meta = http.get("/meta").json()
        assert meta["missing_domains"] == ["open", "movie", "finance", "music", "sports"]
        assert meta["content_hash"] is None
        for route in ROUTES:
            response = _post(http, route, meta["examples"][route.path])
            assert (response.status_code, response.json()) == (200, {"result": None}), route.path
