"""Result types returned by the typed clients: the wire models of `crag_client.results`, which the server
declares as its response models too (one source of truth); the nested models (OHLCV, CastMember, …) are
there."""

from __future__ import annotations

from .results import (
    BillboardRankDate,
    DividendHistory,
    FinanceInfo,
    Lifespan,
    Movie,
    OpenEntity,
    PageEntry,
    Person,
    PriceHistory,
    RetrievedDocument,
    ScoredDocument,
    SearchEntry,
    SportsFrame,
    YearInfo,
)

__all__ = [
    "BillboardRankDate",
    "DividendHistory",
    "FinanceInfo",
    "Lifespan",
    "Movie",
    "OpenEntity",
    "PageEntry",
    "Person",
    "PriceHistory",
    "RetrievedDocument",
    "ScoredDocument",
    "SearchEntry",
    "SportsFrame",
    "YearInfo",
]
