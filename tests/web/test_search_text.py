"""Free-text search over the imported corpus: relevance, query_time cut-off, snippets, 422s."""

from __future__ import annotations

from datetime import datetime
from email.utils import parsedate_to_datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient

from mockapi.formats.timefmt import parse_query_time


def search(client: TestClient, **body: object) -> list[dict[str, object]]:
    response = client.post("/web/search", json=body)
    assert response.status_code == 200, response.text
    result: list[dict[str, object]] = response.json()["result"]
    return result


def test_relevant_pages_first(client: TestClient) -> None:
    result = search(client, query="rory mcilroy golf majors", k=3, include_html=False)
    assert len(result) == 3
    assert all("Rory McIlroy" in str(r["page_name"]) for r in result)
    assert [r["rank"] for r in result] == [1, 2, 3]
    assert len({r["page_url"] for r in search(client, query="microsoft office", k=50)}) > 5


def test_snippets_wrap_query_terms_in_strong(client: TestClient) -> None:
    result = search(client, query="microsoft office languages", k=5, include_html=False)
    assert all("<strong>" in str(r["page_snippet"]) for r in result)
    assert "<strong>languages</strong>" in " ".join(str(r["page_snippet"]) for r in result).lower()


def test_html_is_the_stored_page(client: TestClient, records: list[dict[str, Any]]) -> None:
    pages = {p["page_url"]: p["page_result"] for rec in records for p in rec["search_results"]}
    for hit in search(client, query="microsoft office languages", k=5):
        assert hit["page_result"] == pages[hit["page_url"]]


def test_query_time_hides_later_pages_but_keeps_undated(client: TestClient) -> None:
    query = "rory mcilroy masters majors"
    everything = search(client, query=query, include_html=False)
    cutoff_text = "03/01/2024, 00:00:00 PT"
    limited = search(client, query=query, query_time=cutoff_text, include_html=False)
    cutoff = parse_query_time(cutoff_text)
    dated_after = [r for r in everything if r["page_last_modified"] and _when(r) > cutoff]
    assert dated_after, "the fixture has pages about McIlroy modified in March 2024"
    assert {r["page_url"] for r in dated_after}.isdisjoint(r["page_url"] for r in limited)
    assert all(not r["page_last_modified"] or _when(r) <= cutoff for r in limited)
    assert any(r["page_last_modified"] == "" for r in limited)
    iso = search(client, query=query, query_time="2024-03-01T08:00:00Z", include_html=False)
    assert iso == limited


def _when(entry: dict[str, object]) -> datetime:
    return parsedate_to_datetime(str(entry["page_last_modified"]).strip())


def test_nothing_matches(client: TestClient) -> None:
    assert search(client, query="zzzqqxj wvvkkp") == []
    assert search(client, query="   ") == []


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"query": "office", "k": 0}, "k"),
        ({"query": "office", "k": 51}, "k"),
        ({"query": "office", "query_time": "yesterday"}, "query_time"),
        ({"query": "office", "query_time": "13/45/2024, 10:00:00 PT"}, "query_time"),
    ],
)
def test_bad_fields_are_422_naming_the_field(client: TestClient, body: dict[str, object], field: str) -> None:
    response = client.post("/web/search", json=body)
    assert response.status_code == 422
    assert response.headers["content-type"] == "application/json"
    assert any(err["loc"][-1] == field for err in response.json()["detail"])


def test_empty_body_is_422(client: TestClient) -> None:
    response = client.post("/web/search", json={})
    assert response.status_code == 422
    assert "interaction_id" in response.text
