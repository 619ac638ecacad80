"""`client.web.retrieve`: the passages of `POST /retrieve`, typed, the same from `Client` and
`AsyncClient`."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from crag_client import AsyncClient, Client, ValidationError
from crag_client.results import ScoredDocument

QUERIES = ["who directed the film", "stock price dividend", "songs of the band"]


def test_sync_and_async_give_the_routes_passages(tiny_server: str) -> None:
    raw = httpx.post(f"{tiny_server}/retrieve", json={"queries": QUERIES, "topk": 4, "return_scores": True})
    with Client(tiny_server) as client:
        sync = client.web.retrieve(QUERIES, k=4)

    async def main() -> list[list[ScoredDocument]]:
        async with AsyncClient(tiny_server) as client:
            return await client.web.retrieve(QUERIES, k=4)

    assert sync == asyncio.run(main())
    assert [[hit.model_dump() for hit in hits] for hits in sync] == raw.json()["result"]
    assert all(isinstance(hit, ScoredDocument) and len(hits) == 4 for hits in sync for hit in hits)


def test_one_query_and_a_query_time(tiny_server: str) -> None:
    with Client(tiny_server) as client:
        [hits] = client.web.retrieve(QUERIES[0])
        assert len(hits) == 3 and hits[0].document.contents.startswith('"')
        early = client.web.retrieve(QUERIES, k=10, query_time="01/01/1990, 00:00:00 PT")
        assert early != client.web.retrieve(QUERIES, k=10)


def test_bad_k_is_a_validation_error(tiny_server: str) -> None:
    with Client(tiny_server) as client, pytest.raises(ValidationError):
        client.web.retrieve(QUERIES, k=51)
