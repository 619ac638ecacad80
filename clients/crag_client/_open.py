"""`client.open`: the encyclopedia KG (routes 1-2)."""

from __future__ import annotations

from ._base import ResultType
from ._resource import AsyncResource, SyncResource
from .results import OpenEntity

_LIST_STR: ResultType[list[str]] = ResultType(list[str])
_OPENENTITY_OR_NONE: ResultType[OpenEntity | None] = ResultType(OpenEntity | None)


class Open(SyncResource):
    """Encyclopedia entities: name search and whole-entity lookup."""

    def search_entity_by_name(self, query: str) -> list[str]:
        """Up to 10 entity names matching `query` (BM25 over normalised names); [] when nothing matches."""
        return self._client._post("/open/search_entity_by_name", {"query": query}, _LIST_STR)

    def get_entity(self, entity: str) -> OpenEntity | None:
        """The entity with this exact, case-sensitive name (summary, infobox, wikitext), or None."""
        return self._client._post("/open/get_entity", {"query": entity}, _OPENENTITY_OR_NONE)


class AsyncOpen(AsyncResource):
    """Encyclopedia entities: name search and whole-entity lookup."""

    async def search_entity_by_name(self, query: str) -> list[str]:
        """Up to 10 entity names matching `query` (BM25 over normalised names); [] when nothing matches."""
        return await self._client._post("/open/search_entity_by_name", {"query": query}, _LIST_STR)

    async def get_entity(self, entity: str) -> OpenEntity | None:
        """The entity with this exact, case-sensitive name (summary, infobox, wikitext), or None."""
        return await self._client._post("/open/get_entity", {"query": entity}, _OPENENTITY_OR_NONE)
