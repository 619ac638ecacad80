"""Daily and minute OHLCV series for every security, vectorised with numpy.

Daily bars are a fat-tailed geometric random walk. For securities with minute bars, each of the last five
sessions is a Brownian bridge from that day's open to its close, and the day's high, low and volume are then
taken from the minutes, so the two endpoints agree exactly as they do for a real ticker.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import numpy as np
import pandas as pd

from mockapi.formats.writer import TableWriter
from mockapi.world.domains.finance_securities import Security
from mockapi.world.real.market_days import day_key, minute_keys

MINUTES = 390
# (log-price mean, log-price sd, daily vol low, daily vol high, log-volume mean) per kind of security
KIND_PARAMS = {
    "common": (3.2, 1.1, 0.012, 0.040, 13.0),
    "spac": (2.34, 0.02, 0.001, 0.004, 9.5),
    "warrant": (-1.2, 0.9, 0.050, 0.100, 10.0),
    "unit": (2.36, 0.03, 0.002, 0.006, 7.5),
    "right": (-2.0, 0.7, 0.060, 0.120, 9.0),
    "preferred": (3.1, 0.08, 0.004, 0.010, 10.5),
    "note": (3.17, 0.03, 0.002, 0.005, 9.5),
}


def on_ticks(prices: np.ndarray) -> np.ndarray:
    """Prices on an exchange's tick grid: a cent from $1 up, a hundredth of a cent below (as SEC Rule 612).

    Why: numpy's exp and log run other SIMD code on other CPUs (AVX-512 or not) and differ in the last bit,
    and stored unrounded those bits moved the world's content hash from machine to machine. Rounded to a tick
    (multiply, round half to even, divide: exact IEEE operations on every CPU) where they are drawn, the last
    bits reach no stored value and nothing drawn from one; rounding is monotone, so high >= open, close >= low
    still holds.
    """
    ticks = np.where(prices >= 1.0, np.round(prices, 2), np.round(prices, 4))
    return np.maximum(ticks, 1e-4)


@dataclass
class DailyBars:
    """Arrays of shape (securities, days), row i belonging to securities[i]."""

    open: np.ndarray
    high: np.ndarray
    low: np.ndarray
    close: np.ndarray
    volume: np.ndarray


def price_kind(sec: Security) -> str:
    if sec.kind == "common" and "Acquisition Corp" in sec.issuer:
        return "spac"  # blank-check shares sit near their $10 trust value
    return sec.kind


def daily_bars(securities: list[Security], n_days: int, gen: np.random.Generator) -> DailyBars:
    """A random walk per security with kind-specific level, volatility and volume."""
    params = np.array([KIND_PARAMS[price_kind(s)] for s in securities])
    n = len(securities)
    start = np.exp(gen.normal(params[:, 0], params[:, 1]))
    sigma = gen.uniform(params[:, 2], params[:, 3])[:, None]
    drift = gen.normal(0.0002, 0.0008, n)[:, None]
    shocks = gen.standard_t(4, (n, n_days)) / np.sqrt(2.0)  # unit variance, fatter tails than a normal
    close = start[:, None] * np.exp(np.cumsum(drift + sigma * shocks, axis=1))
    prev = np.concatenate([start[:, None], close[:, :-1]], axis=1)
    open_ = prev * np.exp(gen.normal(0.0, 0.35, (n, n_days)) * sigma)
    wick = np.abs(gen.normal(0.0, 0.6, (2, n, n_days))) * sigma
    high = np.maximum(open_, close) * np.exp(wick[0])
    low = np.minimum(open_, close) * np.exp(-wick[1])
    base_volume = np.exp(gen.normal(params[:, 4], 1.2))[:, None]
    volume = np.maximum(100, base_volume * np.exp(gen.normal(0.0, 0.45, (n, n_days)))).astype(np.int64)
    return DailyBars(on_ticks(open_), on_ticks(high), on_ticks(low), on_ticks(close), volume)


@dataclass
class MinuteBars:
    """Arrays of shape (securities with minutes, 5 days, 390 minutes)."""

    rows: np.ndarray  # indices into the daily arrays
    open: np.ndarray
    high: np.ndarray
    low: np.ndarray
    close: np.ndarray
    volume: np.ndarray


def minute_bars(daily: DailyBars, rows: np.ndarray, gen: np.random.Generator, n_days: int = 5) -> MinuteBars:
    """Minute sessions for `rows` over the last `n_days`; rewrites those days' daily high/low/volume."""
    day_open = daily.open[rows, -n_days:][:, :, None]
    day_close = daily.close[rows, -n_days:][:, :, None]
    lo, lc = np.log(day_open), np.log(day_close)
    sigma_day = np.abs(lc - lo) + 0.004 + 0.01 * gen.random((len(rows), n_days, 1))
    steps = gen.normal(0.0, 1.0, (len(rows), n_days, MINUTES)) * sigma_day / np.sqrt(MINUTES)
    walk = np.cumsum(steps, axis=2)
    frac = np.arange(1, MINUTES + 1) / MINUTES
    bridge = walk - frac * walk[:, :, -1:]
    close = on_ticks(np.exp(lo + frac * (lc - lo) + bridge))
    close[:, :, -1] = day_close[:, :, 0]  # exact: the day's close is the last minute's close
    open_ = np.concatenate([day_open, close[:, :, :-1]], axis=2)
    wick = np.abs(gen.normal(0.0, 0.5, (2, *close.shape))) * sigma_day / np.sqrt(MINUTES)
    high = on_ticks(np.maximum(open_, close) * np.exp(wick[0]))
    low = on_ticks(np.minimum(open_, close) * np.exp(-wick[1]))
    # trading is heavier at the open and the close (the intraday "U")
    shape = 1.0 + 2.5 * ((np.arange(MINUTES) - 195) / 195) ** 2
    weights = shape * np.exp(gen.normal(0.0, 0.5, close.shape))
    share = weights / weights.sum(axis=2, keepdims=True)
    volume = np.floor(share * daily.volume[rows, -n_days:][:, :, None]).astype(np.int64)
    daily.high[rows, -n_days:] = high.max(axis=2)
    daily.low[rows, -n_days:] = low.min(axis=2)
    daily.volume[rows, -n_days:] = volume.sum(axis=2)
    return MinuteBars(rows, open_, high, low, close, volume)


def insert_frame(out: TableWriter, table: str, frame: pd.DataFrame) -> None:
    """Bulk insert of a typed frame (much faster than row tuples); earlier buffered rows go first."""
    out.flush()
    out.con.register("_frame", frame)
    try:
        out.con.execute(f"INSERT INTO {table} SELECT * FROM _frame")
    finally:
        out.con.unregister("_frame")


def write_daily(out: TableWriter, tickers: list[str], days: list[dt.date], bars: DailyBars) -> None:
    """fin_prices rows sorted by (ticker, ts), in slices of 2,000 tickers; `tickers` must be sorted."""
    keys = np.array([day_key(x) for x in days], dtype=object)
    for a in range(0, len(tickers), 2000):
        b = min(len(tickers), a + 2000)
        frame = pd.DataFrame(
            {
                "ticker": np.repeat(np.array(tickers[a:b], dtype=object), len(keys)),
                "ts": np.tile(keys, b - a),
                "open": bars.open[a:b].ravel(),
                "high": bars.high[a:b].ravel(),
                "low": bars.low[a:b].ravel(),
                "close": bars.close[a:b].ravel(),
                "volume": bars.volume[a:b].ravel(),
            }
        )
        insert_frame(out, "fin_prices", frame)


def write_minutes(out: TableWriter, tickers: list[str], days: list[dt.date], bars: MinuteBars) -> None:
    """fin_minute_prices rows sorted by (ticker, ts) for the securities in `bars.rows` (ascending)."""
    keys = np.array([k for day in days for k in minute_keys(day)], dtype=object)
    names = np.array([tickers[i] for i in bars.rows], dtype=object)
    frame = pd.DataFrame(
        {
            "ticker": np.repeat(names, len(keys)),
            "ts": np.tile(keys, len(names)),
            "open": bars.open.ravel(),
            "high": bars.high.ravel(),
            "low": bars.low.ravel(),
            "close": bars.close.ravel(),
            "volume": bars.volume.ravel(),
        }
    )
    insert_frame(out, "fin_minute_prices", frame)
