"""Result types returned by the typed clients: the server's own wire models (one source of truth)."""

from __future__ import annotations

from typing import Any, TypeAlias

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

SearchResult: TypeAlias = dict[str, Any]
"""Placeholder until mockapi.wire.web lands."""

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
    "Person",
    "PriceHistory",
    "SearchResult",
    "SportsFrame",
    "YearInfo",
]
