"""The typed clients against a recording loopback server: the same paths and bodies as `CRAG`, typed
results, the cache, the interaction header, pooling and the bounded concurrent helpers."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

import pytest
from crag_client import (
    AsyncClient,
    Client,
    NotFoundError,
    ResponseDecodeError,
    ResponseValidationError,
    ValidationError,
)
from scripted_server import Reply, ScriptedServer
from test_client_crag_wire import TABLE

from mockapi.wire.results import Person

# The original's not-found value of each route (contract §1.4), which every typed result type accepts.
NOT_FOUND: dict[str, Any] = {
    "/music/get_billboard_rank_date": [None, None],
    "/music/get_lifespan": [None, None],
    "/music/grammy_get_award_count_by_artist": 0,
    "/music/grammy_get_award_count_by_song": 0,
}
LISTS = {
    "/open/search_entity_by_name",
    "/movie/get_person_info",
    "/movie/get_movie_info",
    "/finance/get_company_name",
    "/music/search_artist_entity_by_name",
    "/music/search_song_entity_by_name",
    "/music/grammy_get_award_date_by_artist",
    "/music/grammy_get_all_awarded_artists",
}


def typed_method(client: Client | AsyncClient, crag_name: str) -> Any:
    domain, _, rest = crag_name.partition("_")
    return getattr(getattr(client, domain), rest)


def not_found(path: str) -> Any:
    return [] if path in LISTS else NOT_FOUND.get(path)


def typed_not_found(path: str) -> Any:
    """What a typed method returns for the not-found body (pairs come back as tuples)."""
    found = not_found(path)
    return tuple(found) if isinstance(found, list) and path in NOT_FOUND else found


@pytest.mark.parametrize(("method", "params", "args", "path", "body"), TABLE, ids=[row[0] for row in TABLE])
def test_typed_client_sends_what_crag_sends(
    server: ScriptedServer, method: str, params: list[str], args: tuple[Any, ...], path: str, body: Any
) -> None:
    server.default = Reply(body={"result": not_found(path)})
    with Client(server.url) as client:
        result = typed_method(client, method)(*args)
    assert result == typed_not_found(path)
    (request,) = server.requests
    assert request.path == path
    assert (json.loads(request.body) if request.body else None) == body


@pytest.mark.parametrize(("method", "params", "args", "path", "body"), TABLE, ids=[row[0] for row in TABLE])
def test_async_client_sends_what_crag_sends(
    server: ScriptedServer, method: str, params: list[str], args: tuple[Any, ...], path: str, body: Any
) -> None:
    server.default = Reply(body={"result": not_found(path)})

    async def main() -> Any:
        async with AsyncClient(server.url) as client:
            return await typed_method(client, method)(*args)

    assert asyncio.run(main()) == typed_not_found(path)
    (request,) = server.requests
    assert request.path == path
    assert (json.loads(request.body) if request.body else None) == body


def test_year_is_sent_as_a_string(server: ScriptedServer) -> None:
    server.default = Reply(body={"result": None})
    with Client(server.url) as client:
        assert client.movie.get_year_info(1992) is None
    assert json.loads(server.requests[0].body) == {"query": "1992"}


def test_results_are_the_servers_pydantic_models(server: ScriptedServer) -> None:
    person = {"acted_movies": [1, 2], "id": 5, "birthday": None, "name": "Ann Lee", "extra_key": 1}
    server.default = Reply(body={"result": [person]})
    with Client(server.url) as client:
        (got,) = client.movie.get_person_info("ann")
    assert isinstance(got, Person)
    assert got.name == "Ann Lee" and got.acted_movies == [1, 2]
    assert got.model_extra == {"extra_key": 1}


def test_envelope_without_result_is_an_error(server: ScriptedServer) -> None:
    server.default = Reply(body={"message": "The CRAG API service is running"})
    with Client(server.url) as client, pytest.raises(ResponseDecodeError, match="without a 'result' key"):
        client.open.search_entity_by_name("x")


def test_cache_serves_identical_calls_once(server: ScriptedServer) -> None:
    server.default = Reply(body={"result": ["A", "B"]})
    with Client(server.url, cache=True) as client:
        first = client.open.search_entity_by_name("florida")
        first.append("mutated")
        assert client.open.search_entity_by_name("florida") == ["A", "B"]
        client.open.search_entity_by_name("Florida")
        assert client.cache is not None and client.cache.hits == 1
    assert [json.loads(r.body)["query"] for r in server.requests] == ["florida", "Florida"]


def test_unexpected_result_shape_is_a_crag_error(server: ScriptedServer) -> None:
    server.default = Reply(body={"result": "not a number"})
    with Client(server.url) as client, pytest.raises(ResponseValidationError, match="unexpected shape"):
        client.finance.get_eps("META")


def test_cache_is_off_by_default_and_skips_errors(server: ScriptedServer) -> None:
    server.default = Reply(body={"result": None})
    server.queue(Reply(404, {"detail": "Not Found"}))
    with Client(server.url, cache=True) as client:
        with pytest.raises(NotFoundError, match="404"):
            client.finance.get_eps("META")
        client.finance.get_eps("META")
    with Client(server.url) as client:
        client.finance.get_eps("META")
        client.finance.get_eps("META")
    assert len(server.requests) == 4


def test_interaction_header(server: ScriptedServer) -> None:
    server.default = Reply(body={"result": None})
    with Client(server.url, interaction_id="ctor") as client:
        client.finance.get_eps("A")
        with client.interaction("block"):
            client.finance.get_eps("B")
            client.map(client.finance.get_eps, ["C", "D"], concurrency=2)
        client.finance.get_eps("E")
    with Client(server.url) as client:
        client.finance.get_eps("F")
    sent = {json.loads(r.body)["query"]: r.headers.get("x-interaction-id") for r in server.requests}
    assert sent == {"A": "ctor", "B": "block", "C": "block", "D": "block", "E": "ctor", "F": None}


def test_connections_are_pooled(server: ScriptedServer) -> None:
    server.default = Reply(body={"result": None})
    with Client(server.url) as client:
        for ticker in ["A", "B", "C", "D"]:
            client.finance.get_eps(ticker)
    assert len({r.client_port for r in server.requests}) == 1


def test_map_keeps_order_and_bounds_concurrency(server: ScriptedServer) -> None:
    server.default = Reply(body={"result": None}, delay=0.02)
    ids = list(range(12))
    with Client(server.url) as client:
        # Every answer is null, so each call returns its own id too: that makes the order checkable.
        results = client.map(lambda i: (i, client.movie.get_movie_info_by_id(i)), ids, concurrency=3)
    assert results == [(i, None) for i in ids]
    assert sorted(json.loads(r.body)["query"] for r in server.requests) == ids
    assert 1 <= server.max_in_flight <= 3


def test_map_return_exceptions(server: ScriptedServer) -> None:
    server.queue(Reply(body={"result": 1.5}), Reply(422, {"detail": "bad"}))
    with Client(server.url) as client:
        out = client.map(client.finance.get_eps, ["A", "B"], concurrency=1, return_exceptions=True)
        assert out[0] == 1.5 and isinstance(out[1], ValidationError)
        server.queue(Reply(422, {"detail": "bad"}))
        with pytest.raises(ValidationError, match="422"):
            client.map(client.finance.get_eps, ["C"], concurrency=1)


def test_async_gather_keeps_order_and_bounds_concurrency(server: ScriptedServer) -> None:
    server.default = Reply(body={"result": None}, delay=0.02)

    async def main() -> list[Any]:
        async with AsyncClient(server.url, interaction_id="q9") as client:

            async def fetch(i: int) -> tuple[int, Any]:  # returns its id too, so the order is checkable
                return i, await client.movie.get_person_info_by_id(i)

            return await client.gather(fetch, range(10), concurrency=4)

    assert asyncio.run(main()) == [(i, None) for i in range(10)]
    assert 1 <= server.max_in_flight <= 4
    assert {r.headers["x-interaction-id"] for r in server.requests} == {"q9"}


def test_interaction_is_per_thread(server: ScriptedServer) -> None:
    server.default = Reply(body={"result": None})
    with Client(server.url) as client:
        barrier = threading.Barrier(2)

        def worker(name: str) -> None:
            with client.interaction(name):
                barrier.wait()
                client.finance.get_eps(name)

        threads = [threading.Thread(target=worker, args=(n,)) for n in ("t1", "t2")]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert {json.loads(r.body)["query"]: r.headers["x-interaction-id"] for r in server.requests} == {
        "t1": "t1",
        "t2": "t2",
    }
