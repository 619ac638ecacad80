"""Quarterly dividend histories: ex-dividend dates on trading days, amounts growing year by year."""

from __future__ import annotations

import datetime as dt
import random

from mockapi.world.real.market_days import DAY, is_trading_day

Dividends = list[tuple[dt.date, float]]


def _next_trading_day(day: dt.date) -> dt.date:
    while not is_trading_day(day):
        day += DAY
    return day


def dividend_history(rng: random.Random, price: float, until: dt.date) -> Dividends:
    """Ex-dates and per-share amounts, oldest first, none after `until`; the latest year yields 0.5-5%."""
    first_year = until.year - rng.randint(1, 12)
    first_month = rng.randint(1, 3)
    day_of_month = rng.randint(3, 24)
    quarterly = price * rng.uniform(0.005, 0.05) / 4
    growth = rng.uniform(0.0, 0.1)
    out: Dividends = []
    for year in range(first_year, until.year + 1):
        amount = quarterly / (1 + growth) ** (until.year - year)
        for month in range(first_month, 13, 3):
            ex_date = _next_trading_day(dt.date(year, month, day_of_month))
            if ex_date <= until:
                # companies declare round-ish cents; split adjustment leaves the odd long float
                out.append((ex_date, round(amount, 4)))
    return out
