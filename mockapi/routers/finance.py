"""/finance/*: companies, tickers, prices."""

from __future__ import annotations

from fastapi import APIRouter
from starlette.responses import Response

from mockapi.routers.common import KG, KG_DEPENDENCIES, Search, result
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
def get_ticker_by_name(body: QueryFinanceCompanyName, kg: KG) -> Response:
    """The ticker of exactly this full company name, or null."""
    return result(store.get_ticker_by_name(kg, body.query))


@router.post("/get_price_history", response_model=Envelope[PriceHistory | None])
def get_price_history(body: QueryFinanceTicker, kg: KG) -> Response:
    """Daily bars keyed 'YYYY-MM-DD 00:00:00 EST'."""
    return result(store.get_price_history(kg, body.query))


@router.post("/get_detailed_price_history", response_model=Envelope[PriceHistory | None])
def get_detailed_price_history(body: QueryFinanceTicker, kg: KG) -> Response:
    """Minute bars of the last 5 trading days keyed 'YYYY-MM-DD HH:MM:00 EST'."""
    return result(store.get_detailed_price_history(kg, body.query))


@router.post("/get_dividends_history", response_model=Envelope[DividendHistory | None])
def get_dividends_history(body: QueryFinanceTicker, kg: KG) -> Response:
    """Dividend amounts keyed by ex-date."""
    return result(store.get_dividends_history(kg, body.query))


@router.post("/get_market_capitalization", response_model=Envelope[float | None])
def get_market_capitalization(body: QueryFinanceTicker, kg: KG) -> Response:
    """Market capitalisation in USD."""
    return result(store.get_market_capitalization(kg, body.query))


@router.post("/get_eps", response_model=Envelope[float | None])
def get_eps(body: QueryFinanceTicker, kg: KG) -> Response:
    """Forward EPS (the info dict's forwardEps)."""
    return result(store.get_eps(kg, body.query))


@router.post("/get_pe_ratio", response_model=Envelope[float | None])
def get_pe_ratio(body: QueryFinanceTicker, kg: KG) -> Response:
    """Forward P/E (the info dict's forwardPE)."""
    return result(store.get_pe_ratio(kg, body.query))


@router.post("/get_info", response_model=Envelope[FinanceInfo | None])
def get_info(body: QueryFinanceTicker, kg: KG) -> Response:
    """The yfinance-style info dict."""
    return result(store.get_info(kg, body.query))
