"""The look-alike search APIs with the real client packages, pointed at a tiny-world server on real uvicorn:
tavily-python, langchain-tavily, smolagents' `ApiWebSearchTool` (Brave) and LangChain's `SearxSearchWrapper`
each return the world's pages for a question: its frozen list, in rank order, as `/web/search` serves it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from crag_eval.files.questions import load_world_questions
from crag_eval.files.types import Question
from page_sizes import stored_size
from tavily import TavilyClient

from mockapi.formats.timefmt import parse_last_modified


@pytest.fixture(scope="module")
def question(tiny_world: Path) -> Question:
    """A question with at least 12 frozen pages (enough to page through)."""
    return load_world_questions(tiny_world)[0]


# langchain's and smolagents' clients are imported in the tests that use them: 3 CPU-s that every xdist worker
# would spend collecting this file though only one runs it (at 66c0ce5).


def frozen_urls(server: str, question: Question, k: int) -> list[str]:
    body = {"query": question.query, "k": k, "include_html": False}
    return [e["page_url"] for e in httpx.post(f"{server}/web/search", json=body).json()["result"]]


def test_tavily_python_search_returns_the_questions_pages(
    tiny_server: str, tiny_world: Path, question: Question
) -> None:
    client = TavilyClient(api_key="tvly-anything", api_base_url=f"{tiny_server}/compat/tavily")
    answer = client.search(question.query, max_results=5, include_answer=True, include_raw_content=True)
    assert [r["url"] for r in answer["results"]] == frozen_urls(tiny_server, question, 5)
    assert answer["answer"] is None and answer["query"] == question.query
    scores = [r["score"] for r in answer["results"]]
    assert scores == sorted(scores, reverse=True) and scores[0] == 1.0
    assert all("<" not in r["content"] for r in answer["results"])
    # each page's text, empty only where the world stores the page empty (a failed fetch, as in CRAG)
    assert all(r["raw_content"] or not stored_size(tiny_world, r["url"]) for r in answer["results"])


def test_tavily_python_extract_reads_pages_and_lists_failures(tiny_server: str, question: Question) -> None:
    client = TavilyClient(api_key="tvly-anything", api_base_url=f"{tiny_server}/compat/tavily")
    url = frozen_urls(tiny_server, question, 1)[0]
    page = httpx.post(f"{tiny_server}/web/get_page", json={"url": url}).json()["result"]
    answer = client.extract([url, "https://nowhere.invalid/x"])
    assert [r["url"] for r in answer["results"]] == [url]
    assert page["page_name"].split()[0] in answer["results"][0]["raw_content"]
    assert [f["url"] for f in answer["failed_results"]] == ["https://nowhere.invalid/x"]


def test_tavily_end_date_is_the_query_time_of_free_text(tiny_server: str) -> None:
    client = TavilyClient(api_key="tvly-anything", api_base_url=f"{tiny_server}/compat/tavily")
    everything = client.search("season points team", max_results=20)["results"]
    dated = {r["url"]: d for r in everything if (d := _modified(tiny_server, r["url"])) is not None}
    # the middle of the days seen, not of the pages: most pages can share the newest day (an engine ranks
    # fresh pages for a query about now), and then no page would be later than a per-page median
    days = sorted({d.date() for d in dated.values()})
    assert len(days) >= 2
    middle = days[(len(days) - 1) // 2]
    early = client.search("season points team", max_results=20, end_date=middle.isoformat())["results"]
    assert early
    early_dates = [_modified(tiny_server, r["url"]) for r in early]
    assert all(d is None or d.date() <= middle for d in early_dates)
    later = {url for url, d in dated.items() if d.date() > middle}
    assert later and not later & {r["url"] for r in early}


def test_tavily_domain_filters(tiny_server: str, question: Question) -> None:
    client = TavilyClient(api_key="tvly-anything", api_base_url=f"{tiny_server}/compat/tavily")
    host = urlsplit(frozen_urls(tiny_server, question, 1)[0]).hostname or ""
    only = client.search(question.query, max_results=20, include_domains=[host.removeprefix("www.")])
    assert only["results"] and {urlsplit(r["url"]).hostname for r in only["results"]} == {host}
    other = client.search(question.query, max_results=20, exclude_domains=[f"https://{host}/"])
    assert other["results"] and host not in {urlsplit(r["url"]).hostname for r in other["results"]}


def _modified(server: str, url: str):  # type: ignore[no-untyped-def]
    page = httpx.post(f"{server}/web/get_page", json={"url": url}).json()["result"]
    return parse_last_modified(page["page_last_modified"])


def test_langchain_tavily_returns_the_questions_pages(tiny_server: str, question: Question) -> None:
    from langchain_tavily import TavilySearch

    base = f"{tiny_server}/compat/tavily"
    tool = TavilySearch(max_results=3, tavily_api_key="tvly-anything", api_base_url=base)
    answer = tool.invoke({"query": question.query})
    assert [r["url"] for r in answer["results"]] == frozen_urls(tiny_server, question, 3)


def test_smolagents_brave_tool_returns_the_questions_pages(tiny_server: str, question: Question) -> None:
    from smolagents import ApiWebSearchTool

    endpoint = f"{tiny_server}/compat/brave/res/v1/web/search"
    tool = ApiWebSearchTool(endpoint=endpoint, api_key="brave-anything")
    markdown = tool.forward(question.query)
    urls = frozen_urls(tiny_server, question, 10)
    # the links in the tool's order; a page can stand twice in one question's results (ranks 8 and 10 of the
    # tiny world's first question at generator 19), so the links are read in turn, not looked up by URL
    assert re.findall(r"\]\((https?://[^)\s]+)\)", markdown) == urls


def test_brave_offset_pages_through_the_list(tiny_server: str, question: Question) -> None:
    def page(offset: int) -> dict[str, Any]:
        params: dict[str, str | int] = {"q": question.query, "count": 3, "offset": offset}
        headers = {"X-Subscription-Token": "ignored"}
        url = f"{tiny_server}/compat/brave/res/v1/web/search"
        answer: dict[str, Any] = httpx.get(url, params=params, headers=headers).json()
        return answer

    first, second = page(0), page(1)
    urls = [r["url"] for r in first["web"]["results"] + second["web"]["results"]]
    assert urls == frozen_urls(tiny_server, question, 6)
    assert first["query"] == {"original": question.query, "more_results_available": True}
    assert first["web"]["results"][0]["meta_url"]["hostname"] in first["web"]["results"][0]["url"]


def test_langchain_searx_wrapper_returns_the_questions_pages(tiny_server: str, question: Question) -> None:
    from langchain_community.utilities import SearxSearchWrapper

    searx = SearxSearchWrapper(searx_host=f"{tiny_server}/compat/searxng")
    found = searx.results(question.query, num_results=5)
    assert [r["link"] for r in found] == frozen_urls(tiny_server, question, 5)
    assert all(r["engines"] == ["crag-mock"] for r in found)


def test_searxng_search_path_pages_by_ten(tiny_server: str, question: Question) -> None:
    params: dict[str, str | int] = {"q": question.query, "format": "json", "pageno": 2}
    answer = httpx.get(f"{tiny_server}/compat/searxng/search", params=params).json()
    assert [r["url"] for r in answer["results"]] == frozen_urls(tiny_server, question, 20)[10:20]
    assert answer["results"][0]["positions"] == [11]


BRAVE = "/compat/brave/res/v1/web/search"


@pytest.mark.parametrize(
    ("method", "path", "request_"),
    [
        ("POST", "/compat/tavily/search", {"json": {"max_results": 5}}),
        ("POST", "/compat/tavily/search", {"json": {"query": "x", "max_results": 21}}),
        ("POST", "/compat/tavily/search", {"json": {"query": "x", "end_date": "yesterday"}}),
        ("POST", "/compat/tavily/extract", {"json": {"urls": []}}),
        ("GET", BRAVE, {"params": {"count": 5}}),
        ("GET", BRAVE, {"params": {"q": "x", "count": 21}}),
        ("GET", BRAVE, {"params": {"q": "x", "freshness": "soon"}}),
        ("GET", BRAVE, {"params": {"q": "x", "freshness": "2024-02-30to2024-03-01"}}),
        ("GET", "/compat/searxng/search", {"params": {"q": "x", "format": "html"}}),
        ("GET", "/compat/searxng", {"params": {"format": "json"}}),
    ],
)
def test_bad_input_is_a_422_json_body(tiny_server: str, method: str, path: str, request_: dict) -> None:  # type: ignore[type-arg]
    response = httpx.request(method, f"{tiny_server}{path}", **request_)
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"]
