"""Brave Search's `GET /res/v1/web/search` (smolagents' `ApiWebSearchTool`, LangChain's
`BraveSearchWrapper`, CrewAI), over the world's search.

Brave pages through results with `offset`, counted in pages of `count` results (0..9), and answers a
`web.results` list among other verticals; the mock answers the web one. The `X-Subscription-Token` header
is accepted and ignored.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Literal

from pydantic import ConfigDict, Field, field_validator

from mockapi.wire.base import WireModel
from mockapi.wire.fields import Text

FRESHNESS = re.compile(r"^(pd|pw|pm|py|\d{4}-\d{2}-\d{2}to\d{4}-\d{2}-\d{2})$")


class BraveQuery(WireModel):
    """The query string of `GET /compat/brave/res/v1/web/search`."""

    model_config = ConfigDict(extra="ignore")

    q: Text = Field(min_length=1, max_length=400)
    """The search query (1..400 characters): a known question's exact text gets its frozen pages."""
    count: int = Field(20, ge=1, le=20)
    """Results per page (1..20)."""
    offset: int = Field(0, ge=0, le=9)
    """Pages of `count` results to skip (0..9)."""
    freshness: str | None = Field(None, pattern=FRESHNESS.pattern)
    """'pd', 'pw', 'pm', 'py' (a day, week, month or year before the world's clock) or
    'YYYY-MM-DDtoYYYY-MM-DD' (pages modified in that span)."""

    @field_validator("freshness")
    @classmethod
    def _freshness_parses(cls, value: str | None) -> str | None:
        if value is None:
            return value
        if not FRESHNESS.match(value):
            raise ValueError("freshness is pd, pw, pm, py or YYYY-MM-DDtoYYYY-MM-DD")
        if "to" in value:
            for day in value.split("to"):
                date.fromisoformat(day)  # a ValueError names the impossible day (422)
        return value


class BraveMetaUrl(WireModel):
    """The parts of a result's URL."""

    scheme: str
    """'https' or 'http'."""
    netloc: str
    """Host (and port)."""
    hostname: str
    """Host."""
    path: str
    """Path, as Brave shows it ('› a › b')."""


class BraveResult(WireModel):
    """One web result."""

    type: Literal["search_result"] = "search_result"
    """Always 'search_result'."""
    title: str
    """Page title."""
    url: str
    """Page URL."""
    description: str
    """The snippet, query terms in <strong>."""
    page_age: str | None = None
    """The page's last-modified time, ISO 8601 (null when unknown)."""
    language: str = "en"
    """Always 'en'."""
    family_friendly: bool = True
    """Always true."""
    meta_url: BraveMetaUrl
    """The URL's parts."""


class BraveWeb(WireModel):
    """The web vertical."""

    type: Literal["search"] = "search"
    """Always 'search'."""
    results: list[BraveResult]
    """This page of results."""
    family_friendly: bool = True
    """Always true."""


class BraveQueryInfo(WireModel):
    """What Brave says about the query."""

    original: str
    """The query as sent."""
    more_results_available: bool
    """Whether a later `offset` has results."""


class BraveSearchResponse(WireModel):
    """Brave's web search answer."""

    type: Literal["search"] = "search"
    """Always 'search'."""
    query: BraveQueryInfo
    """The query."""
    web: BraveWeb
    """The web results."""
