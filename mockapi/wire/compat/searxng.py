"""SearXNG's `GET /search?format=json` (LangChain's `SearxSearchWrapper`, GPT Researcher, LiteLLM), also
answered at the instance's root, as SearXNG does, since LangChain's wrapper calls the host URL itself.

SearXNG pages through results with `pageno` (1-based, 10 a page) and answers engine metadata beside each
result; the mock is one engine, `crag-mock`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from mockapi.wire.base import WireModel
from mockapi.wire.fields import Text

PAGE_SIZE = 10
"""Results per page."""
ENGINE = "crag-mock"
"""The one engine every result names."""


class SearxQuery(WireModel):
    """The query string of `GET /compat/searxng/search` (and `GET /compat/searxng`)."""

    model_config = ConfigDict(extra="ignore")

    q: Text = Field(min_length=1)
    """The search query: a known question's exact text gets its frozen pages."""
    format: Literal["json"] = "json"
    """Only 'json' is served (SearXNG's HTML, CSV and RSS outputs are not)."""
    pageno: int = Field(1, ge=1, le=5)
    """Page of 10 results (1..5)."""
    time_range: Literal["day", "week", "month", "year"] | None = None
    """Pages modified within this range before the world's clock (and not after it)."""
    language: str | None = None
    """Accepted and ignored."""
    categories: str | None = None
    """Accepted and ignored (every result is 'general')."""
    engines: str | None = None
    """Accepted and ignored (every result comes from 'crag-mock')."""


class SearxResult(WireModel):
    """One result."""

    url: str
    """Page URL."""
    title: str
    """Page title."""
    content: str
    """The snippet as plain text."""
    engine: str = ENGINE
    """Always 'crag-mock'."""
    engines: list[str] = Field(default_factory=lambda: [ENGINE])
    """Always ['crag-mock']."""
    positions: list[int]
    """The result's 1-based rank."""
    score: float
    """Relevance in (0, 1], from the rank."""
    category: str = "general"
    """Always 'general'."""
    parsed_url: list[str]
    """scheme, netloc, path, params, query, fragment."""
    template: str = "default.html"
    """Always 'default.html'."""
    publishedDate: str | None = None  # SearXNG spells it so
    """The page's last-modified time, ISO 8601 (null when unknown)."""


class SearxResponse(WireModel):
    """SearXNG's JSON answer."""

    query: str
    """The query as sent."""
    number_of_results: int
    """Results found over every page."""
    results: list[SearxResult]
    """This page of results."""
    answers: list[str] = Field(default_factory=list)
    """Always []."""
    corrections: list[str] = Field(default_factory=list)
    """Always []."""
    infoboxes: list[dict[str, str]] = Field(default_factory=list)
    """Always []."""
    suggestions: list[str] = Field(default_factory=list)
    """Always []."""
    unresponsive_engines: list[list[str]] = Field(default_factory=list)
    """Always []."""
