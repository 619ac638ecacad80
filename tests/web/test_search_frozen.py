"""Known questions get their frozen results, every field byte-identical to the real CRAG file."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from mockapi.process.exporter import export_world
from mockapi.process.loopback import serve_in_thread

KEYS = ["page_name", "page_url", "page_snippet", "page_result", "page_last_modified"]


@pytest.fixture(scope="module")
def server_url(imported_world: Path, app_for: Callable[..., FastAPI]) -> Iterator[str]:
    """A real uvicorn server on a free loopback port, in a thread."""
    with serve_in_thread(app_for(imported_world)) as url:
        yield url


def assert_identical(served: list[dict[str, Any]], expected: list[dict[str, Any]]) -> None:
    assert len(served) == len(expected)
    for rank, (got, want) in enumerate(zip(served, expected, strict=True), start=1):
        assert list(got) == [*KEYS, "rank"]
        assert got["rank"] == rank
        for key in KEYS:
            assert got[key].encode("utf-8", "surrogatepass") == want[key].encode("utf-8", "surrogatepass"), (
                key
            )


def test_every_question_by_id_over_loopback(server_url: str, records: list[dict[str, Any]]) -> None:
    with httpx.Client(base_url=server_url, timeout=60) as http:
        for record in records:
            response = http.post("/web/search", json={"interaction_id": record["interaction_id"]})
            assert response.status_code == 200
            assert response.headers["content-type"] == "application/json"
            assert_identical(response.json()["result"], record["search_results"])


def test_exact_query_text_gets_the_frozen_list(client: TestClient, records: list[dict[str, Any]]) -> None:
    record = records[3]
    result = client.post("/web/search", json={"query": record["query"]}).json()["result"]
    assert_identical(result, record["search_results"])


def test_k_and_include_html(client: TestClient, records: list[dict[str, Any]]) -> None:
    record = records[0]
    body = {"interaction_id": record["interaction_id"], "k": 2, "include_html": False}
    result = client.post("/web/search", json=body).json()["result"]
    assert [r["page_url"] for r in result] == [r["page_url"] for r in record["search_results"][:2]]
    assert all(r["page_result"] is None for r in result)


def test_unknown_id_is_an_empty_list(client: TestClient) -> None:
    response = client.post("/web/search", json={"interaction_id": "no-such-id", "query": "microsoft office"})
    assert response.status_code == 200
    assert response.json() == {"result": []}


def test_get_page_by_url(client: TestClient, records: list[dict[str, Any]]) -> None:
    page = records[1]["search_results"][0]
    result = client.post("/web/get_page", json={"url": page["page_url"]}).json()["result"]
    assert list(result) == KEYS
    assert result["page_result"] == page["page_result"]
    assert result["page_name"] == page["page_name"]
    assert client.post("/web/get_page", json={"url": "https://nowhere.example/"}).json() == {"result": None}


def test_task_view_picks_five_of_the_top_ten(
    wide_world: Path, records: list[dict[str, Any]], app_for: Callable[..., FastAPI], tmp_path: Path
) -> None:
    """The server and `crag-mock export` agree on the seeded pick."""
    qid_body = {"interaction_id": records[0]["interaction_id"]}
    with TestClient(app_for(wide_world)) as everything, TestClient(app_for(wide_world, task=2)) as task2:
        full = everything.post("/web/search", json=qid_body).json()["result"]
        picked = task2.post("/web/search", json=qid_body).json()["result"]
        again = task2.post("/web/search", json=qid_body).json()["result"]
    assert len(full) == 15
    assert len(picked) == 5
    assert picked == again
    ranks = [r["rank"] for r in picked]
    assert ranks == sorted(ranks) and max(ranks) <= 10
    by_rank = {r["rank"]: r for r in full}
    assert all(r == by_rank[r["rank"]] for r in picked)
    exported = tmp_path / "task2.jsonl"
    export_world(wide_world, 2, exported)
    record = json.loads(exported.read_text(encoding="ascii"))
    assert record["search_results"] == [{k: r[k] for k in KEYS} for r in picked]


def test_world_without_pages_is_503(tmp_path: Path, app_for: Callable[..., FastAPI]) -> None:
    with TestClient(app_for(tmp_path)) as c:
        response = c.post("/web/search", json={"query": "anything"})
    assert response.status_code == 503
    assert response.json()["type"] == "unavailable"
