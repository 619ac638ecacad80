"""Every method of `Client`, `AsyncClient` and `CRAG` against the real server (uvicorn on loopback) over
the real tiny world, with request bodies the server itself picks from that world (`/meta` examples)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from crag_client import CRAG, AsyncClient, Client, ForbiddenError, NotFoundError, ValidationError
from crag_client._base import ResultType, validate_result
from crag_client.html import chunk_pages
from crag_client.results import PageEntry, SearchEntry

from mockapi.serving.routes import ROUTES
from mockapi.serving.routes import KgRoute as Route

MISSES: dict[str, Any] = {"query": "zzzz no such thing qqqq"}


@pytest.fixture(scope="module")
def meta(tiny_server: str) -> dict[str, Any]:
    response = httpx.get(f"{tiny_server}/meta", timeout=30)
    response.raise_for_status()
    meta: dict[str, Any] = response.json()
    return meta


def args_of(body: dict[str, Any] | None) -> tuple[Any, ...]:
    """Positional arguments of the client methods for a request body (keys in the original's order)."""
    if not body:
        return ()
    if "query" in body:
        return (body["query"],)
    order = ["rank", "date", "attribute", "song_name", "team_name", "game_ids"]
    if "attribute" in body:
        order = ["date", "attribute", "song_name"]
    return tuple(body.get(key) for key in order if key in body)


def typed(client: Client | AsyncClient, route: Route) -> Any:
    domain, _, name = route.method.partition("_")
    return getattr(getattr(client, domain), name)


def is_empty(value: Any) -> bool:
    return value in (None, [], {}, 0, [None, None], [[], []], (None, None), ([], []))


@pytest.mark.parametrize("route", ROUTES, ids=[r.method for r in ROUTES])
def test_every_kg_method_live(tiny_server: str, meta: dict[str, Any], route: Route) -> None:
    body = meta["examples"].get(route.path)
    args = args_of(body)
    domain = route.path.split("/")[1]
    with CRAG(server=tiny_server) as crag, Client(tiny_server) as client:
        envelope = getattr(crag, route.method)(*args)
        assert set(envelope) == {"result"}
        result = typed(client, route)(*args)
    assert result == validate_result(envelope["result"], route.result)
    if domain not in meta["missing_domains"] and route.path != "/music/get_billboard_attributes":
        assert not is_empty(envelope["result"]), f"{route.path} {body} found nothing"

    async def run_async() -> Any:
        async with AsyncClient(tiny_server) as aclient:
            return await typed(aclient, route)(*args)

    assert asyncio.run(run_async()) == result


@pytest.mark.parametrize(
    "route",
    [r for r in ROUTES if r.body is not None and "query" in r.body.model_fields],
    ids=lambda r: r.method,
)
def test_not_found_values_live(tiny_server: str, route: Route) -> None:
    year_like = route.body is not None and route.body.model_fields["query"].annotation in (int, "int")
    arg: Any = 987654 if year_like else MISSES["query"]
    if route.path == "/movie/get_year_info":
        arg = "2000"  # in range; may or may not exist, but never a 500
    with CRAG(server=tiny_server) as crag, Client(tiny_server) as client:
        envelope = getattr(crag, route.method)(arg)
        assert set(envelope) == {"result"}
        if route.path != "/movie/get_year_info":
            # the route's not-found value; Grammy years out of range answer null (contract §1.4)
            assert envelope["result"] in (route.not_found, None)
        assert typed(client, route)(arg) == validate_result(envelope["result"], route.result)


def test_wrong_types_give_422(tiny_server: str) -> None:
    with CRAG(server=tiny_server) as crag:
        body = crag.movie_get_year_info(1992)  # type: ignore[arg-type]
    assert body["detail"][0]["type"] == "string_type"
    with Client(tiny_server) as client, pytest.raises(ValidationError, match="fix the argument types"):
        client.movie.get_movie_info_by_id("not an id")  # type: ignore[arg-type]


def test_unknown_route_is_not_found_error(tiny_server: str) -> None:
    with Client(tiny_server) as client, pytest.raises(NotFoundError) as info:
        client._post("/movie/no_such_route", {"query": "x"}, ResultType[Any](Any))
    assert info.value.status == 404


def test_web_search_get_page_and_chunks(tiny_server: str) -> None:
    with Client(tiny_server, cache=True) as client:
        hits = client.web.search(query="the", k=5, include_html=False)
        assert 1 <= len(hits) <= 5
        assert all(isinstance(h, SearchEntry) and h.page_result is None for h in hits)
        assert [h.rank for h in hits] == sorted(h.rank for h in hits)
        page = client.web.get_page(hits[0].page_url)
        assert isinstance(page, PageEntry) and page.page_url == hits[0].page_url
        assert client.web.get_page("https://no.such.page/") is None
        full = client.web.search(query="the", k=3)
    chunks = chunk_pages(full, size=300)
    assert chunks and {c.page_url for c in chunks} <= {h.page_url for h in full}
    assert all(len(c.text) <= 300 for c in chunks)


def test_async_map_over_movie_ids(tiny_server: str, meta: dict[str, Any]) -> None:
    movie = meta["examples"]["/movie/get_person_info"]["query"]

    async def main() -> list[Any]:
        async with AsyncClient(tiny_server) as client:
            people = await client.movie.get_person_info(movie)
            ids = [mid for person in people for mid in person.acted_movies][:20]
            return await client.gather(client.movie.get_movie_info_by_id, ids, concurrency=4)

    movies = asyncio.run(main())
    assert all(m is None or m.id > 0 for m in movies)


def test_task1_server_forbids_kg_routes(serve_world: Any, tiny_world: Path) -> None:
    url = serve_world(tiny_world, task=1)
    with Client(url) as client, pytest.raises(ForbiddenError) as info:
        client.finance.get_eps("X")
    assert info.value.status == 403
    with CRAG(server=url) as crag:
        body = crag.finance_get_eps("X")
    assert json.dumps(body)  # the JSON error body is handed back, as the original would
    assert "result" not in body
