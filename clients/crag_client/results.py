"""Result types of the 38 KG routes (contract §1.4, §1.5): what sits under `"result"` when something matched,
and the entries of the web routes.

The client owns these wire models and the server imports them (`mockapi.wire.results` re-exports them, and
the server declares them as its response models): one source of truth, and `import crag_client` loads no
server module.

The server stores entity dicts verbatim and serves them as they are (key order varies in the real data), so
these models describe the documented keys and allow extra ones (`extra="allow"`): the real KG carries keys the
documentation never listed (`length` on movies, 125 yfinance keys). Fields that the real data sometimes omits
have defaults, so the client can validate real imported worlds with the same classes.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from pydantic import BaseModel, ConfigDict, Field


class WireModel(BaseModel):
    """A pydantic model of the wire contract; subclasses document each field with an attribute docstring (it
    becomes the field's description in /openapi.json)."""

    model_config = ConfigDict(use_attribute_docstrings=True)


_OPEN = ConfigDict(extra="allow")


class OpenEntity(WireModel):
    """An encyclopedia entity (the result of open `get_entity`)."""

    model_config = _OPEN
    summary_text: str
    """Plain text of the lead section."""
    summary_structured: dict[str, str]
    """Infobox fields, raw wikitext values ('' for empty fields)."""
    raw_mediawiki: str
    """The whole article's wikitext."""


class Oscar(WireModel):
    """One Academy Award nomination (a win when `winner`)."""

    model_config = _OPEN
    year_ceremony: int
    """Year of the ceremony."""
    ceremony: int
    """Ordinal number of the ceremony (1 = the first Academy Awards)."""
    category: str
    """Upper case, e.g. "ACTRESS"."""
    name: str
    """The nominee (a person, or a film for film categories)."""
    film: str | None = None
    """The film the nomination is for, if any."""
    winner: bool
    """True for a win, false for a nomination only."""


class Genre(WireModel):
    model_config = _OPEN
    id: int
    """TMDB-style genre id."""
    name: str
    """Genre name, e.g. "Drama"."""


class CastMember(WireModel):
    model_config = _OPEN
    gender: int | None = None
    """0 unknown, 1 female, 2 male (an int, although the original's docs say str)."""
    id: int
    """Person id (the key of movie `get_person_info` results)."""
    name: str
    """The actor's name."""
    character: str | None = None
    """The role played."""
    order: int | None = None
    """Billing order (0 = first billed)."""


class CrewMember(WireModel):
    model_config = _OPEN
    name: str
    """The crew member's name."""
    job: str | None = None
    """The job, e.g. "Director"."""
    id: int
    """Person id."""


class Movie(WireModel):
    """A movie dict as stored; key order varies between entries, as in the original."""

    model_config = _OPEN
    budget: int | None = None
    """Budget in US dollars (0 or null when unknown)."""
    genres: list[Genre] = Field(default_factory=list)
    """Genres of the movie."""
    id: int
    """Movie id."""
    original_language: str | None = None
    """ISO 639-1 code of the original language."""
    original_title: str | None = None
    """Title in the original language."""
    release_date: str | None = None
    """'YYYY-MM-DD'."""
    revenue: int | None = None
    """Box-office revenue in US dollars (0 or null when unknown)."""
    title: str
    """The title."""
    cast: list[CastMember] = Field(default_factory=list)
    """Cast in billing order."""
    crew: list[CrewMember] = Field(default_factory=list)
    """Crew members."""
    rating: float | None = None
    """Average user rating, 0-10."""
    length: int | None = None
    """Minutes; undocumented in the original, present on most entries."""
    oscar_awards: list[Oscar] | None = None
    """Academy Award nominations of the movie, or null."""


class Person(WireModel):
    """A movie person dict as stored (real key order: acted_movies, id, [oscar_awards], birthday, name)."""

    model_config = _OPEN
    acted_movies: list[int] = Field(default_factory=list)
    """Ids of movies the person acted in."""
    id: int | None = None
    """Person id."""
    oscar_awards: list[Oscar] | None = None
    """Academy Award nominations of the person, or null."""
    birthday: str | None = None
    """'YYYY-MM-DD' or null."""
    name: str
    """The person's name."""
    directed_movies: list[int] | None = None
    """Ids of movies the person directed, or null."""


class YearInfo(WireModel):
    """movie `get_year_info`: the movie ids released that year and that year's Oscar ceremony entries."""

    model_config = _OPEN
    movie_list: list[int]
    """Ids of the movies released that year."""
    oscar_awards: list[Oscar]
    """Nominations of that year's ceremony."""


class OHLCV(WireModel):
    """One price bar; key names and case as the original."""

    model_config = _OPEN
    Open: float | None = None
    """Opening price."""
    High: float | None = None
    """Highest price."""
    Low: float | None = None
    """Lowest price."""
    Close: float | None = None
    """Closing price."""
    Volume: int | None = None
    """Shares traded."""


class FinanceInfo(WireModel):
    """A yfinance-style info dict; only the keys our endpoints and questions rely on are typed."""

    model_config = _OPEN
    symbol: str | None = None
    """Ticker symbol."""
    shortName: str | None = None
    """Short company name."""
    longName: str | None = None
    """Full company name."""
    sector: str | None = None
    """Sector, e.g. "Technology"."""
    industry: str | None = None
    """Industry within the sector."""
    currency: str | None = None
    """Trading currency, e.g. "USD"."""
    marketCap: float | None = None
    """Market capitalization in the currency."""
    forwardEps: float | None = None
    """Forward earnings per share."""
    forwardPE: float | None = None
    """Forward price/earnings ratio."""
    trailingEps: float | None = None
    """Trailing twelve-month earnings per share."""
    trailingPE: float | None = None
    """Trailing price/earnings ratio."""
    dividendRate: float | None = None
    """Annual dividend per share."""
    previousClose: float | None = None
    """Previous session's closing price."""


PriceHistory: TypeAlias = dict[str, OHLCV]
"""Bar key 'YYYY-MM-DD HH:MM:SS EST' (always the literal EST) → bar."""

DividendHistory: TypeAlias = dict[str, float]
"""Ex-dividend key 'YYYY-MM-DD HH:MM:SS EST' → amount."""

BillboardRankDate: TypeAlias = tuple[list[str] | None, list[str] | None]
"""[[song…], [artist…]]; [null, null] for an unknown rank, [[], []] for a known rank without that date."""

Lifespan: TypeAlias = tuple[str | None, str | None]
"""[birth_date, end_date]; [null, null] when the artist is unknown."""

SportsFrame: TypeAlias = dict[str, dict[str, Any]]
"""A pandas DataFrame in "columns" orientation: column → row key → value (values of mixed types).

NBA row keys are "0", "1", …; soccer row keys are str() of the (league, season, team, game) tuple.
"""


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


__all__ = [
    "OHLCV",
    "BillboardRankDate",
    "CastMember",
    "CrewMember",
    "DividendHistory",
    "FinanceInfo",
    "Genre",
    "Lifespan",
    "Movie",
    "OpenEntity",
    "Oscar",
    "PageEntry",
    "Person",
    "PriceHistory",
    "RetrievedDocument",
    "ScoredDocument",
    "SearchEntry",
    "SportsFrame",
    "WireModel",
    "YearInfo",
]


# ───────────────────────── POST /retrieve (Search-R1's protocol) ─────────────────────────


class RetrievedDocument(WireModel):
    """A passage as Search-R1's corpus rows are."""

    id: str
    """`<page url>#p<n>`: the page (`/web/get_page {url}` returns it) and the passage's number in it."""
    contents: str
    """`"Title"` on the first line, then the passage text (about 100 words)."""


class ScoredDocument(WireModel):
    """A hit with `return_scores`."""

    document: RetrievedDocument
    """The passage."""
    score: float
    """Its BM25 score (higher is better)."""
