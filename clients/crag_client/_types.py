"""Result types returned by the typed clients: the server's own wire models (one source of truth).

The one module through which the client depends on `mockapi.wire`; the nested models (OHLCV, CastMember, …)
are in `mockapi.wire.results`."""

from __future__ import annotations

from mockapi.wire.results import (
    BillboardRankDate,
    DividendHistory,
    FinanceInfo,
    Lifespan,
    Movie,
    OpenEntity,
    Person,
    PriceHistory,
    SportsFrame,
    YearInfo,
)
from mockapi.wire.retrieve import RetrievedDocument, ScoredDocument
from mockapi.wire.web import PageEntry, SearchEntry

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
