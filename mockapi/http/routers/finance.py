"""/finance/*: companies, tickers, prices."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from mockapi.http.routers.common import KG_DEPENDENCIES, Search, result, served
from mockapi.store import finance as store
from mockapi.wire import (
    DividendHistory,
    Envelope,
    FinanceInfo,
    PriceHistory,
    QueryFinanceCompanyName,
    QueryFinanceName,
    QueryFinanceTicker,
)

router = APIRouter(prefix="/finance", tags=["finance"], dependencies=KG_DEPENDENCIES)


@router.post("/get_company_name", response_model=Envelope[list[str]])
async def get_company_name(body: QueryFinanceName, search: Search) -> Response:
    """Up to 10 company names matching the query (duplicates possible, as the original)."""
    return result(store.get_company_name(search, body.query))


@router.post("/get_ticker_by_name", response_model=Envelope[str | None])
async def get_ticker_by_name(body: QueryFinanceCompanyName, request: Request) -> Response:
    """The ticker of exactly this full company name, or null."""
    return served(request, "ticker_by_name", body.query)


@router.post("/get_price_history", response_model=Envelope[PriceHistory | None])
async def get_price_history(body: QueryFinanceTicker, request: Request) -> Response:
    """Daily bars keyed 'YYYY-MM-DD 00:00:00 EST'."""
    return served(request, "price_history", body.query)


@router.post("/get_detailed_price_history", response_model=Envelope[PriceHistory | None])
async def get_detailed_price_history(body: QueryFinanceTicker, request: Request) -> Response:
    """Minute bars of the last 5 trading days keyed 'YYYY-MM-DD HH:MM:00 EST'."""
    return served(request, "detailed_price_history", body.query)


@router.post("/get_dividends_history", response_model=Envelope[DividendHistory | None])
async def get_dividends_history(body: QueryFinanceTicker, request: Request) -> Response:
    """Dividend amounts keyed by ex-date."""
    return served(request, "dividends", body.query)


@router.post("/get_market_capitalization", response_model=Envelope[float | None])
async def get_market_capitalization(body: QueryFinanceTicker, request: Request) -> Response:
    """Market capitalisation in USD."""
    return served(request, "market_cap", body.query)


@router.post("/get_eps", response_model=Envelope[float | None])
async def get_eps(body: QueryFinanceTicker, request: Request) -> Response:
    """Forward EPS (the info dict's forwardEps)."""
    return served(request, "eps", body.query)


@router.post("/get_pe_ratio", response_model=Envelope[float | None])
async def get_pe_ratio(body: QueryFinanceTicker, request: Request) -> Response:
    """Forward P/E (the info dict's forwardPE)."""
    return served(request, "pe_ratio", body.query)


@router.post("/get_info", response_model=Envelope[FinanceInfo | None])
async def get_info(body: QueryFinanceTicker, request: Request) -> Response:
    """The yfinance-style info dict."""
    return served(request, "info", body.query)
