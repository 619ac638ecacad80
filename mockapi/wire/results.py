"""Result types of the 38 KG routes (contract §1.4, §1.5): what sits under `"result"` when something matched.

The server stores entity dicts verbatim and serves them as they are (key order varies in the real data), so
these models describe the documented keys and allow extra ones (`extra="allow"`): the real KG carries keys the
documentation never listed (`length` on movies, 125 yfinance keys). Fields that the real data sometimes omits
have defaults, so the client can validate real imported worlds with the same classes.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from pydantic import BaseModel, ConfigDict, Field

_OPEN = ConfigDict(extra="allow")


class OpenEntity(BaseModel):
    """An encyclopedia entity (`/open/get_entity`)."""

    model_config = _OPEN
    summary_text: str
    """Plain text of the lead section."""
    summary_structured: dict[str, str]
    """Infobox fields, raw wikitext values ('' for empty fields)."""
    raw_mediawiki: str
    """The whole article's wikitext."""


class Oscar(BaseModel):
    """One Academy Award nomination (a win when `winner`)."""

    model_config = _OPEN
    year_ceremony: int
    ceremony: int
    category: str
    """Upper case, e.g. "ACTRESS"."""
    name: str
    film: str | None = None
    winner: bool


class Genre(BaseModel):
    model_config = _OPEN
    id: int
    name: str


class CastMember(BaseModel):
    model_config = _OPEN
    gender: int | None = None
    """0 unknown, 1 female, 2 male (an int, although the original's docs say str)."""
    id: int
    name: str
    character: str | None = None
    order: int | None = None


class CrewMember(BaseModel):
    model_config = _OPEN
    name: str
    job: str | None = None
    id: int


class Movie(BaseModel):
    """A movie dict as stored; key order varies between entries, as in the original."""

    model_config = _OPEN
    budget: int | None = None
    genres: list[Genre] = Field(default_factory=list)
    id: int
    original_language: str | None = None
    original_title: str | None = None
    release_date: str | None = None
    """'YYYY-MM-DD'."""
    revenue: int | None = None
    title: str
    cast: list[CastMember] = Field(default_factory=list)
    crew: list[CrewMember] = Field(default_factory=list)
    rating: float | None = None
    length: int | None = None
    """Minutes; undocumented in the original, present on most entries."""
    oscar_awards: list[Oscar] | None = None


class Person(BaseModel):
    """A movie person dict as stored (real key order: acted_movies, id, [oscar_awards], birthday, name)."""

    model_config = _OPEN
    acted_movies: list[int] = Field(default_factory=list)
    id: int | None = None
    oscar_awards: list[Oscar] | None = None
    birthday: str | None = None
    """'YYYY-MM-DD' or null."""
    name: str
    directed_movies: list[int] | None = None


class YearInfo(BaseModel):
    """`/movie/get_year_info`: the movie ids released that year and that year's Oscar ceremony entries."""

    model_config = _OPEN
    movie_list: list[int]
    oscar_awards: list[Oscar]


class OHLCV(BaseModel):
    """One price bar; key names and case as the original."""

    model_config = _OPEN
    Open: float | None = None
    High: float | None = None
    Low: float | None = None
    Close: float | None = None
    Volume: int | None = None


class FinanceInfo(BaseModel):
    """A yfinance-style info dict; only the keys our endpoints and questions rely on are typed."""

    model_config = _OPEN
    symbol: str | None = None
    shortName: str | None = None
    longName: str | None = None
    sector: str | None = None
    industry: str | None = None
    currency: str | None = None
    marketCap: float | None = None
    forwardEps: float | None = None
    forwardPE: float | None = None
    trailingEps: float | None = None
    trailingPE: float | None = None
    dividendRate: float | None = None
    previousClose: float | None = None


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
