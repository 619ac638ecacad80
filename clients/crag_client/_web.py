"""`client.web`: frozen search results and pages (`/web/search`, `/web/get_page`), and passages of the pages
(`/retrieve`, Search-R1's protocol)."""

from __future__ import annotations

from typing import Any

from ._base import ResultType
from ._resource import AsyncResource, SyncResource
from .results import PageEntry, ScoredDocument, SearchEntry

_LIST_SEARCHENTRY: ResultType[list[SearchEntry]] = ResultType(list[SearchEntry])
_PAGEENTRY_OR_NONE: ResultType[PageEntry | None] = ResultType(PageEntry | None)
_PASSAGES: ResultType[list[list[ScoredDocument]]] = ResultType(list[list[ScoredDocument]])


def _retrieve_body(queries: str | list[str], k: int, query_time: str | None) -> dict[str, Any]:
    batch = [queries] if isinstance(queries, str) else list(queries)
    return {"queries": batch, "topk": k, "return_scores": True, "query_time": query_time}


def _search_body(
    query: str | None, interaction_id: str | None, k: int, query_time: str | None, include_html: bool
) -> dict[str, Any]:
    if query is None and interaction_id is None:
        raise ValueError("web.search needs a query, an interaction_id, or both")
    return {
        "query": query,
        "interaction_id": interaction_id,
        "k": k,
        "query_time": query_time,
        "include_html": include_html,
    }


class Web(SyncResource):
    """The search engine of the world: a question's frozen 50 pages, or full-text search."""

    def search(
        self,
        query: str | None = None,
        interaction_id: str | None = None,
        k: int = 50,
        query_time: str | None = None,
        include_html: bool = True,
    ) -> list[SearchEntry]:
        """Up to `k` (1..50) results in rank order: a known question's frozen list (by id or exact
        query text), else full-text search over pages not modified after `query_time`.
        `include_html=False` omits `page_result`, which makes the response far smaller."""
        body = _search_body(query, interaction_id, k, query_time, include_html)
        return self._client._post("/web/search", body, _LIST_SEARCHENTRY)

    def get_page(self, url: str) -> PageEntry | None:
        """The stored page with this exact URL (with its HTML), or None."""
        return self._client._post("/web/get_page", {"url": url}, _PAGEENTRY_OR_NONE)

    def retrieve(
        self, queries: str | list[str], k: int = 3, query_time: str | None = None
    ) -> list[list[ScoredDocument]]:
        """The top `k` (1..50) passages of about 100 words per query (a batch of up to 4,096 in one request),
        by BM25, from pages not modified after `query_time`: `hit.document.id` is `<page url>#p<n>`,
        `hit.document.contents` `"Title"` then the passage on the next line, `hit.score` the BM25 score."""
        return self._client._post("/retrieve", _retrieve_body(queries, k, query_time), _PASSAGES)


class AsyncWeb(AsyncResource):
    """The search engine of the world: a question's frozen 50 pages, or full-text search."""

    async def search(
        self,
        query: str | None = None,
        interaction_id: str | None = None,
        k: int = 50,
        query_time: str | None = None,
        include_html: bool = True,
    ) -> list[SearchEntry]:
        """Up to `k` (1..50) results in rank order: a known question's frozen list (by id or exact
        query text), else full-text search over pages not modified after `query_time`.
        `include_html=False` omits `page_result`, which makes the response far smaller."""
        body = _search_body(query, interaction_id, k, query_time, include_html)
        return await self._client._post("/web/search", body, _LIST_SEARCHENTRY)

    async def get_page(self, url: str) -> PageEntry | None:
        """The stored page with this exact URL (with its HTML), or None."""
        return await self._client._post("/web/get_page", {"url": url}, _PAGEENTRY_OR_NONE)

    async def retrieve(
        self, queries: str | list[str], k: int = 3, query_time: str | None = None
    ) -> list[list[ScoredDocument]]:
        """The top `k` (1..50) passages of about 100 words per query (a batch of up to 4,096 in one request),
        by BM25, from pages not modified after `query_time`: `hit.document.id` is `<page url>#p<n>`,
        `hit.document.contents` `"Title"` then the passage on the next line, `hit.score` the BM25 score."""
        return await self._client._post("/retrieve", _retrieve_body(queries, k, query_time), _PASSAGES)
