"""Request and response bodies of `/web/search` and `/web/get_page`.

An entry carries CRAG's five keys in CRAG's order (`page_name, page_url, page_snippet, page_result,
page_last_modified`), all strings as in the dataset, plus our `rank`.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import ConfigDict, Field, field_validator, model_validator

from mockapi.formats.timefmt import parse_query_time
from mockapi.wire.base import WireModel
from mockapi.wire.fields import Ident, Text, Url
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
    query_time: Ident | None = None
    """'MM/DD/YYYY, HH:MM:SS PT' (CRAG's format) or ISO 8601: free-text search skips pages modified later."""
    include_html: bool = True
    """False: `page_result` is null (saves up to ~1.5 MB per page)."""

    @field_validator("query_time")
    @classmethod
    def _query_time_parses(cls, value: str | None) -> str | None:
        if value is not None:
            parse_query_time(value)
        return value

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


class PageEntry(WireModel):
    """One page, keys in CRAG's order."""

    page_name: str
    """Page title."""
    page_url: str
    """Page URL."""
    page_snippet: str
    """Search-engine snippet; query terms wrapped in <strong>. Frozen results keep their original snippet."""
    page_result: str | None
    """Full raw HTML ('' for pages that were empty in the data); null when `include_html` was false."""
    page_last_modified: str
    """'' (unknown) or an HTTP date with a leading space, e.g. ' Tue, 27 Feb 2024 22:55:55 GMT'."""


class SearchEntry(PageEntry):
    """A search result: a page plus its 1-based rank."""

    rank: int
    """Position in the served list (frozen rank for known questions)."""


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
