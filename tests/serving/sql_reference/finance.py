"""Finance domain: companies, prices, dividends, market cap, info (contract §2.6).

Rows are read in insertion (`rowid`) order, which is the source dict order of the original.
"""

from __future__ import annotations

from typing import Any

from mockapi.serving.tables.jsontext import loads
from sql_reference.sql import Cursor, latest

# No ORDER BY: DuckDB keeps insertion (= source) order for plain scans (preserve_insertion_order).
_BARS = "SELECT ts, open, high, low, close, volume FROM {table} WHERE ticker = ?"


def get_ticker_by_name(cur: Cursor, name: str) -> str | None:
    # the original's Name → Symbol dict keeps the last duplicate
    row = latest(cur, "SELECT symbol, ord FROM fin_companies WHERE name = ?", [name])
    return None if row is None else str(row[0])


def _bars(cur: Cursor, table: str, ticker: str) -> dict[str, dict[str, Any]] | None:
    rows = cur.execute(_BARS.format(table=table), [ticker]).fetchall()
    if not rows:
        return None
    return {ts: {"Open": o, "High": h, "Low": lo, "Close": c, "Volume": v} for ts, o, h, lo, c, v in rows}


def get_price_history(cur: Cursor, ticker: str) -> dict[str, dict[str, Any]] | None:
    return _bars(cur, "fin_prices", ticker)


def get_detailed_price_history(cur: Cursor, ticker: str) -> dict[str, dict[str, Any]] | None:
    return _bars(cur, "fin_minute_prices", ticker)


def get_dividends_history(cur: Cursor, ticker: str) -> dict[str, float] | None:
    rows = cur.execute("SELECT ts, amount FROM fin_dividends WHERE ticker = ?", [ticker]).fetchall()
    return {ts: amount for ts, amount in rows} if rows else None


def get_market_capitalization(cur: Cursor, ticker: str) -> float | None:
    row = cur.execute("SELECT value, rowid FROM fin_marketcap WHERE ticker = ?", [ticker]).fetchone()
    return None if row is None else row[0]


def get_info(cur: Cursor, ticker: str) -> Any:
    row = latest(cur, "SELECT doc, rowid FROM fin_info WHERE ticker = ?", [ticker])
    return None if row is None else loads(row[0])


def _info_key(cur: Cursor, ticker: str, key: str) -> Any:
    info = get_info(cur, ticker)
    return info.get(key) if isinstance(info, dict) else None


def get_eps(cur: Cursor, ticker: str) -> Any:
    return _info_key(cur, ticker, "forwardEps")


def get_pe_ratio(cur: Cursor, ticker: str) -> Any:
    return _info_key(cur, ticker, "forwardPE")
