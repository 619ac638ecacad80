"""`/meta` names a working /web/search and /web/get_page body (the README's web examples read them)."""

from __future__ import annotations

import httpx


def test_meta_examples_include_working_web_bodies(tiny_server: str) -> None:
    examples = httpx.get(tiny_server + "/meta").json()["examples"]
    search = httpx.post(tiny_server + "/web/search", json=examples["/web/search"]).json()["result"]
    assert len(search) == examples["/web/search"]["k"] == 5
    assert all(entry["page_result"] is None for entry in search)  # include_html false: small bodies
    page = httpx.post(tiny_server + "/web/get_page", json=examples["/web/get_page"]).json()["result"]
    assert page is not None and page["page_url"] == examples["/web/get_page"]["url"]
    assert page["page_url"] == search[0]["page_url"]  # the top page of the example question
    spec = httpx.get(tiny_server + "/openapi.json").json()["paths"]["/web/search"]["post"]
    assert spec["requestBody"]["content"]["application/json"]["example"] == examples["/web/search"]
