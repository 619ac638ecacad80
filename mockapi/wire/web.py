"""Request and response bodies of `/web/search` and `/web/get_page`.

An entry carries CRAG's five keys in CRAG's order (`page_name, page_url, page_snippet, page_result,
page_last_modified`), all strings as in the dataset, plus our `rank`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from crag_client.results import PageEntry, SearchEntry
from pydantic import ConfigDict, Field, model_validator

from mockapi.formats.timefmt import parse_query_time
from mockapi.wire.base import WireModel
from mockapi.wire.fields import Ident, QueryTime, Text, Url
from mockapi.wire.perturb import PerturbationInfo, PerturbFields


class SearchRequest(PerturbFields):  # + noise_ratio, mode, perturb_seed (mockapi/wire/perturb.py)
    """`POST /web/search`. Give `interaction_id` or `query` (or both: the id wins when it is known)."""

    model_config = ConfigDict(
        extra="ignore",
        json_schema_extra={
            "examples": [
                {
                    "query": "who won the 2022 fifa world cup?",
                    "k": 5,
                    "query_time": "03/01/2024, 10:00:00 PT",
                    "include_html": False,
                }
            ],
            # the "give `query` or `interaction_id`" rule below, stated in the schema (a non-null one of them)
            "anyOf": [
                {"required": ["query"], "properties": {"query": {"type": "string"}}},
                {"required": ["interaction_id"], "properties": {"interaction_id": {"type": "string"}}},
            ],
        },
    )

    query: Text | None = None
    """Question text: a known question's exact text gets its frozen results; other text is searched."""
    interaction_id: Ident | None = None
    """A known question's id: its frozen results in rank order ([] when the id is unknown)."""
    k: int = Field(50, ge=1, le=50)
    """At most this many results (1..50)."""
    query_time: QueryTime | None = None
    """'MM/DD/YYYY, HH:MM:SS PT' (CRAG's format) or ISO 8601: free-text search skips pages modified later."""
    include_html: bool = True
    """False: `page_result` is null (saves up to ~1.5 MB per page)."""

    @model_validator(mode="after")
    def _something_to_search(self) -> SearchRequest:
        if self.query is None and self.interaction_id is None:
            raise ValueError("give `query` or `interaction_id`")
        return self

    def cutoff(self) -> datetime | None:
        """The query time in UTC, if any."""
        return None if self.query_time is None else parse_query_time(self.query_time)


class GetPageRequest(WireModel):
    """`POST /web/get_page`."""

    model_config = ConfigDict(
        extra="ignore", json_schema_extra={"examples": [{"url": "https://en.wikipedia.org/wiki/Office_2019"}]}
    )

    url: Url
    """The exact page URL, as found in a result's `page_url`."""


class SearchResponse(WireModel):
    """`{"result": [entry…]}` (+ `"perturbation"` when the request asked for one)."""

    result: list[SearchEntry]
    """The ranked entries."""
    perturbation: PerturbationInfo | None = None
    """What was perturbed, when the request asked for a perturbation."""


class PageResponse(WireModel):
    """`{"result": entry}` or `{"result": null}` for an unknown URL."""

    result: PageEntry | None
    """The page, or null for an unknown URL."""


@dataclass(frozen=True)
class WebRoute:
    """One web route, declared once: the router, the try-it examples and the MCP tools read it."""

    path: str
    body: type[WireModel]
    """The request model (its JSON schema is an MCP tool's input schema)."""
    response: type[WireModel]
    """The response model (documentation: the router sends orjson bytes, see mockapi/http/routers/web.py)."""


SEARCH = WebRoute("/web/search", SearchRequest, SearchResponse)
GET_PAGE = WebRoute("/web/get_page", GetPageRequest, PageResponse)
WEB_ROUTES = (SEARCH, GET_PAGE)
