"""`client.finance`: the finance KG (routes 8-16). Getters take an exact, case-sensitive ticker."""

from __future__ import annotations

from ._base import ResultType
from ._resource import AsyncResource, SyncResource
from .results import DividendHistory, FinanceInfo, PriceHistory

_DIVIDENDHISTORY_OR_NONE: ResultType[DividendHistory | None] = ResultType(DividendHistory | None)
_FINANCEINFO_OR_NONE: ResultType[FinanceInfo | None] = ResultType(FinanceInfo | None)
_FLOAT_OR_NONE: ResultType[float | None] = ResultType(float | None)
_LIST_STR: ResultType[list[str]] = ResultType(list[str])
_PRICEHISTORY_OR_NONE: ResultType[PriceHistory | None] = ResultType(PriceHistory | None)
_STR_OR_NONE: ResultType[str | None] = ResultType(str | None)


class Finance(SyncResource):
    """Companies, tickers, prices, dividends and fundamentals."""

    def get_company_name(self, query: str) -> list[str]:
        """Up to 10 full company names matching `query` (BM25); [] when nothing matches."""
        return self._client._post("/finance/get_company_name", {"query": query}, _LIST_STR)

    def get_ticker_by_name(self, company_name: str) -> str | None:
        """The ticker of this exact, case-sensitive full company name, or None."""
        return self._client._post("/finance/get_ticker_by_name", {"query": company_name}, _STR_OR_NONE)

    def get_price_history(self, ticker: str) -> PriceHistory | None:
        """Daily OHLCV bars keyed 'YYYY-MM-DD 00:00:00 EST' for about a year; None if unknown."""
        return self._client._post("/finance/get_price_history", {"query": ticker}, _PRICEHISTORY_OR_NONE)

    def get_detailed_price_history(self, ticker: str) -> PriceHistory | None:
        """Minute OHLCV bars of the last 5 trading days, or None for an unknown ticker."""
        return self._client._post(
            "/finance/get_detailed_price_history", {"query": ticker}, _PRICEHISTORY_OR_NONE
        )

    def get_dividends_history(self, ticker: str) -> DividendHistory | None:
        """Dividend amounts keyed by ex-dividend date, or None."""
        return self._client._post(
            "/finance/get_dividends_history", {"query": ticker}, _DIVIDENDHISTORY_OR_NONE
        )

    def get_market_capitalization(self, ticker: str) -> float | None:
        """Market capitalisation in the listing currency, or None."""
        return self._client._post("/finance/get_market_capitalization", {"query": ticker}, _FLOAT_OR_NONE)

    def get_eps(self, ticker: str) -> float | None:
        """Forward earnings per share, or None."""
        return self._client._post("/finance/get_eps", {"query": ticker}, _FLOAT_OR_NONE)

    def get_pe_ratio(self, ticker: str) -> float | None:
        """Forward price/earnings ratio, or None."""
        return self._client._post("/finance/get_pe_ratio", {"query": ticker}, _FLOAT_OR_NONE)

    def get_info(self, ticker: str) -> FinanceInfo | None:
        """The yfinance-style info dict (extra keys kept), or None."""
        return self._client._post("/finance/get_info", {"query": ticker}, _FINANCEINFO_OR_NONE)


class AsyncFinance(AsyncResource):
    """Companies, tickers, prices, dividends and fundamentals."""

    async def get_company_name(self, query: str) -> list[str]:
        """Up to 10 full company names matching `query` (BM25); [] when nothing matches."""
        return await self._client._post("/finance/get_company_name", {"query": query}, _LIST_STR)

    async def get_ticker_by_name(self, company_name: str) -> str | None:
        """The ticker of this exact, case-sensitive full company name, or None."""
        return await self._client._post("/finance/get_ticker_by_name", {"query": company_name}, _STR_OR_NONE)

    async def get_price_history(self, ticker: str) -> PriceHistory | None:
        """Daily OHLCV bars keyed 'YYYY-MM-DD 00:00:00 EST' for about a year; None if unknown."""
        return await self._client._post(
            "/finance/get_price_history", {"query": ticker}, _PRICEHISTORY_OR_NONE
        )

    async def get_detailed_price_history(self, ticker: str) -> PriceHistory | None:
        """Minute OHLCV bars of the last 5 trading days, or None for an unknown ticker."""
        return await self._client._post(
            "/finance/get_detailed_price_history", {"query": ticker}, _PRICEHISTORY_OR_NONE
        )

    async def get_dividends_history(self, ticker: str) -> DividendHistory | None:
        """Dividend amounts keyed by ex-dividend date, or None."""
        return await self._client._post(
            "/finance/get_dividends_history", {"query": ticker}, _DIVIDENDHISTORY_OR_NONE
        )

    async def get_market_capitalization(self, ticker: str) -> float | None:
        """Market capitalisation in the listing currency, or None."""
        return await self._client._post(
            "/finance/get_market_capitalization", {"query": ticker}, _FLOAT_OR_NONE
        )

    async def get_eps(self, ticker: str) -> float | None:
        """Forward earnings per share, or None."""
        return await self._client._post("/finance/get_eps", {"query": ticker}, _FLOAT_OR_NONE)

    async def get_pe_ratio(self, ticker: str) -> float | None:
        """Forward price/earnings ratio, or None."""
        return await self._client._post("/finance/get_pe_ratio", {"query": ticker}, _FLOAT_OR_NONE)

    async def get_info(self, ticker: str) -> FinanceInfo | None:
        """The yfinance-style info dict (extra keys kept), or None."""
        return await self._client._post("/finance/get_info", {"query": ticker}, _FINANCEINFO_OR_NONE)
