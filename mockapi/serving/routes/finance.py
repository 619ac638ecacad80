"""/finance/*: companies, tickers, prices (contract §2.6). Getters take an exact, case-sensitive ticker."""

from __future__ import annotations

from mockapi.serving.routes.spec import Example, KgRoute, first_word, key, names
from mockapi.wire import requests as q
from mockapi.wire import results as r

_COMPANY = "SELECT name FROM fin_companies ORDER BY ord LIMIT 1"


def _ticker(table: str, where: str = "true") -> Example:
    return Example(f"SELECT ticker FROM {table} WHERE {where} ORDER BY rowid LIMIT 1")


def _by_ticker(path: str, result: object, table: str, doc: str, example: Example) -> KgRoute:
    return KgRoute(path, q.QueryFinanceTicker, result, key(table), doc, example)


ROUTES = (
    KgRoute(
        "/finance/get_company_name",
        q.QueryFinanceName,
        list[str],
        names("finance"),
        "Up to 10 company names matching the query (duplicates possible, as the original).",
        Example(_COMPANY, first_word),
        not_found=[],
    ),
    KgRoute(
        "/finance/get_ticker_by_name",
        q.QueryFinanceCompanyName,
        str | None,
        key("ticker_by_name"),
        "The ticker of exactly this full company name, or null.",
        Example(_COMPANY),
    ),
    _by_ticker(
        "/finance/get_price_history",
        r.PriceHistory | None,
        "price_history",
        "Daily bars keyed 'YYYY-MM-DD 00:00:00 EST'.",
        _ticker("fin_prices"),
    ),
    _by_ticker(
        "/finance/get_detailed_price_history",
        r.PriceHistory | None,
        "detailed_price_history",
        "Minute bars of the last 5 trading days keyed 'YYYY-MM-DD HH:MM:00 EST'.",
        _ticker("fin_minute_prices"),
    ),
    _by_ticker(
        "/finance/get_dividends_history",
        r.DividendHistory | None,
        "dividends",
        "Dividend amounts keyed by ex-date.",
        _ticker("fin_dividends"),
    ),
    _by_ticker(
        "/finance/get_market_capitalization",
        float | None,
        "market_cap",
        "Market capitalisation in USD.",
        _ticker("fin_marketcap", "value IS NOT NULL"),
    ),
    _by_ticker(
        "/finance/get_eps",
        float | None,
        "eps",
        "Forward EPS (the info dict's forwardEps).",
        _ticker("fin_info", "doc LIKE '%\"forwardEps\": %'"),
    ),
    _by_ticker(
        "/finance/get_pe_ratio",
        float | None,
        "pe_ratio",
        "Forward P/E (the info dict's forwardPE).",
        _ticker("fin_info", "doc LIKE '%\"forwardPE\": %'"),
    ),
    _by_ticker(
        "/finance/get_info",
        r.FinanceInfo | None,
        "info",
        "The yfinance-style info dict.",
        _ticker("fin_info"),
    ),
)
