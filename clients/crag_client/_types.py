"""Result types returned by the typed clients: the server's own wire models (one source of truth)."""

from __future__ import annotations

from mockapi.wire.results import (
    OHLCV,
    BillboardRankDate,
    CastMember,
    CrewMember,
    DividendHistory,
    FinanceInfo,
    Genre,
    Lifespan,
    Movie,
    OpenEntity,
    Oscar,
    Person,
    PriceHistory,
    SportsFrame,
    YearInfo,
)
from mockapi.wire.web import PageEntry, SearchEntry

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
    "SearchEntry",
    "SportsFrame",
    "YearInfo",
]
