"""The result types of the KG routes and the web routes' entries, re-exported for the server: they are
defined in `crag_client.results` (the client owns the contract's result types, so `import crag_client` loads
no server module, and the server declares the same classes as its response models)."""

from crag_client.results import (
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
    PageEntry,
    Person,
    PriceHistory,
    SearchEntry,
    SportsFrame,
    WireModel,
    YearInfo,
)

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
    "WireModel",
    "YearInfo",
]
