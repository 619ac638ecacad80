"""Tavily's `POST /search` and `POST /extract` (tavily-python, langchain-tavily), over the world's search.

Tavily answers keys it was not sent too (`follow_up_questions`, `images`, …); the mock answers them empty.
`include_answer` asks Tavily for an LLM answer: the mock has none, so `answer` is null (a frozen world
gives no answers away).
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import ConfigDict, Field

from mockapi.wire.base import WireModel
from mockapi.wire.fields import Ident, Text, Url

TimeRange = Literal["day", "week", "month", "year", "d", "w", "m", "y"]
MAX_URLS = 20
"""Most URLs in one extract request (Tavily's own limit)."""


class TavilyKey(WireModel):
    """The API key in the body, as older clients send it; accepted and ignored (so is `Authorization`)."""

    api_key: Text | None = None
    """Ignored: the mock checks no key (a front door can, see docs/deploy.md)."""


class TavilySearchRequest(TavilyKey):
    """`POST /compat/tavily/search`."""

    model_config = ConfigDict(
        extra="ignore",
        json_schema_extra={"examples": [{"query": "who directed the last tide", "max_results": 5}]},
    )

    query: Text
    """The search query: a known question's exact text gets its frozen pages, other text is searched."""
    max_results: int = Field(5, ge=0, le=20)
    """At most this many results (0..20)."""
    time_range: TimeRange | None = None
    """Pages modified within this range before the world's clock (and not after it)."""
    start_date: date | None = None
    """'YYYY-MM-DD': pages modified on or after this day."""
    end_date: date | None = None
    """'YYYY-MM-DD': pages not modified after this day (the query time of free-text search)."""
    include_domains: list[Text] = Field(default_factory=list, max_length=300)
    """Only pages of these hosts (or their subdomains)."""
    exclude_domains: list[Text] = Field(default_factory=list, max_length=150)
    """No pages of these hosts (or their subdomains)."""
    include_answer: bool | Literal["basic", "advanced"] = False
    """Accepted; `answer` is always null (the mock writes no answers)."""
    include_raw_content: bool | Literal["markdown", "text"] = False
    """True, 'markdown' or 'text': each result's `raw_content` is its page's visible text."""
    include_images: bool = False
    """Accepted; `images` is always [] (the world's pages have none)."""
    search_depth: Literal["basic", "advanced", "fast", "ultra-fast"] | None = None
    """Accepted and ignored."""
    topic: Literal["general", "news", "finance"] | None = None
    """Accepted and ignored."""


class TavilyResult(WireModel):
    """One search result."""

    title: str
    """Page title."""
    url: str
    """Page URL (a `/web/get_page` and `/compat/tavily/extract` key)."""
    content: str
    """The result's snippet as plain text."""
    score: float
    """Relevance in (0, 1], from the rank (1.0 for the first result)."""
    raw_content: str | None = None
    """The page's visible text, when `include_raw_content` asked for it; else null."""


class TavilySearchResponse(WireModel):
    """Tavily's search answer."""

    query: str
    """The query as sent."""
    follow_up_questions: list[str] | None = None
    """Always null."""
    answer: str | None = None
    """Always null (see `include_answer`)."""
    images: list[str] = Field(default_factory=list)
    """Always []."""
    results: list[TavilyResult]
    """The ranked results."""
    response_time: float
    """Seconds the mock took."""
    request_id: Ident
    """A stable id of the request (the same body gives the same id)."""


class TavilyExtractRequest(TavilyKey):
    """`POST /compat/tavily/extract`."""

    model_config = ConfigDict(
        extra="ignore",
        json_schema_extra={"examples": [{"urls": ["https://en.wikipedia.org/wiki/Office_2019"]}]},
    )

    urls: Url | Annotated[list[Url], Field(min_length=1, max_length=MAX_URLS)]
    """One URL or a list of up to 20: the world's pages by exact URL."""
    format: Literal["markdown", "text"] | None = None
    """Accepted; `raw_content` is the page's visible text either way."""
    include_images: bool = False
    """Accepted; `images` is always []."""
    extract_depth: Literal["basic", "advanced"] | None = None
    """Accepted and ignored."""

    def url_list(self) -> list[str]:
        return [self.urls] if isinstance(self.urls, str) else list(self.urls)


class TavilyExtracted(WireModel):
    """One page's text."""

    url: str
    """The URL as asked."""
    raw_content: str
    """The page's visible text ('' for a page stored empty)."""
    images: list[str] = Field(default_factory=list)
    """Always []."""


class TavilyFailed(WireModel):
    """A URL the world has no page for."""

    url: str
    """The URL as asked."""
    error: str
    """Why it failed."""


class TavilyExtractResponse(WireModel):
    """Tavily's extract answer."""

    results: list[TavilyExtracted]
    """Pages found, in the order asked."""
    failed_results: list[TavilyFailed]
    """URLs not found, in the order asked."""
    response_time: float
    """Seconds the mock took."""
    request_id: Ident
    """A stable id of the request (the same body gives the same id)."""
