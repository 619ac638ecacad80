"""yfinance-style `info` dicts, consistent with each security's own price series and dividends.

Keys come in yfinance's usual order. Derived values are computed from the same numbers the other endpoints
serve: currentPrice is the last daily close, the 52-week range is the series range, marketCap is price times
shares outstanding and forwardPE is price over forwardEps.
"""

from __future__ import annotations

import calendar
import datetime as dt
import math
import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from mockapi.world.domains.finance_dividends import Dividends
from mockapi.world.domains.finance_prices import DailyBars
from mockapi.world.domains.finance_securities import Security, person_name, vocab

EXCHANGES = ["NMS", "NMS", "NYQ", "NYQ", "NGM", "NCM", "ASE"]


def epoch(day: dt.date) -> int:
    """Midnight UTC of a date as epoch seconds, the form yfinance uses for dates."""
    return calendar.timegm(day.timetuple())


@dataclass
class Quote:
    """The price facts of one security that its info dict repeats."""

    price: float
    previous_close: float
    open: float
    day_low: float
    day_high: float
    volume: int
    low_52w: float
    high_52w: float
    change_52w: float
    avg_50: float
    avg_200: float
    avg_volume: int
    avg_volume_10: int


def quote(bars: DailyBars, i: int) -> Quote:
    close, vol = bars.close[i], bars.volume[i]
    return Quote(
        price=float(close[-1]),
        previous_close=float(close[-2]),
        open=float(bars.open[i, -1]),
        day_low=float(bars.low[i, -1]),
        day_high=float(bars.high[i, -1]),
        volume=int(vol[-1]),
        low_52w=float(bars.low[i].min()),
        high_52w=float(bars.high[i].max()),
        change_52w=float(close[-1] / close[0] - 1),
        avg_50=float(np.mean(close[-50:])),
        avg_200=float(np.mean(close[-200:])),
        avg_volume=int(np.mean(vol[-63:])),
        avg_volume_10=int(np.mean(vol[-10:])),
    )


def officers(rng: random.Random, fiscal_year: int) -> list[dict[str, Any]]:
    """CEO first, then other executives; some entries lack age or pay, as yfinance's do."""
    titles = [rng.choice(vocab()["ceo_titles"]), *rng.sample(vocab()["officer_titles"], rng.randint(2, 7))]
    out = []
    for rank, title in enumerate(titles):
        honorific = rng.choice(["Mr. ", "Mr. ", "Ms. ", "Dr. ", ""])
        female = honorific == "Ms. " or (honorific != "Mr. " and rng.random() < 0.4)
        entry: dict[str, Any] = {"maxAge": 1, "name": honorific + person_name(rng, female)}
        if rng.random() < 0.85:
            age = rng.randint(38, 74)
            entry |= {"age": age, "title": title, "yearBorn": fiscal_year - age}
        else:
            entry["title"] = title
        entry["fiscalYear"] = fiscal_year
        if rank < 5 and rng.random() < 0.9:
            entry["totalPay"] = rng.randint(300, 4000) * 1000 // (1 + rank)
        entry |= {"exercisedValue": 0, "unexercisedValue": rng.choice([0, 0, rng.randint(1, 90) * 100_000])}
        out.append(entry)
    return out


def profile(rng: random.Random, sec: Security, founded: int) -> dict[str, Any]:
    """Address, industry and business summary (the head of a yfinance dict); `founded` is the year the
    summary gives, drawn by the caller so the listing date (`identity`) can come after it."""
    v = vocab()
    city, state, zip3, area = rng.choice(v["cities"])
    industry = rng.choice(v["industries"][sec.sector])
    if "Acquisition Corp" in sec.issuer:
        industry = "Shell Companies"
    key = industry.lower().replace(" - ", "-").replace(" & ", "-").replace(" ", "-")
    summary = (
        f"{sec.issuer.rstrip('.')}, together with its subsidiaries, "
        f"{rng.choice(v['business_phrases'][sec.sector])} "
        f"in the United States and internationally. The company was founded in {founded} "
        f"and is headquartered in {city}, {state}."
    )
    return {
        "address1": f"{rng.randint(1, 9999)} {rng.choice(v['streets'])}",
        "city": city,
        "state": state,
        "zip": f"{zip3}{rng.randint(10, 99)}",
        "country": "United States",
        "phone": f"{area} {rng.randint(200, 999)} {rng.randint(1000, 9999)}",
        "website": f"https://www.{sec.base.lower().replace(' ', '')}.com",
        "industry": industry,
        "industryKey": key,
        "industryDisp": industry,
        "sector": sec.sector,
        "sectorKey": sec.sector.lower().replace(" ", "-"),
        "sectorDisp": sec.sector,
        "longBusinessSummary": summary,
        "fullTimeEmployees": int(math.exp(rng.uniform(3.0, 12.0))),
    }


def trading(q: Quote) -> dict[str, Any]:
    """The quote block, which only repeats the price series' own numbers."""
    return {
        "previousClose": q.previous_close,
        "open": q.open,
        "dayLow": q.day_low,
        "dayHigh": q.day_high,
        "regularMarketPreviousClose": q.previous_close,
        "regularMarketOpen": q.open,
        "regularMarketDayLow": q.day_low,
        "regularMarketDayHigh": q.day_high,
    }


def volumes(rng: random.Random, q: Quote) -> dict[str, Any]:
    spread = max(0.01, q.price * rng.uniform(0.0002, 0.002))
    return {
        "volume": q.volume,
        "regularMarketVolume": q.volume,
        "averageVolume": q.avg_volume,
        "averageVolume10days": q.avg_volume_10,
        "averageDailyVolume10Day": q.avg_volume_10,
        "bid": round(q.price - spread / 2, 2),
        "ask": round(q.price + spread / 2, 2),
        "bidSize": 100 * rng.randint(1, 40),
        "askSize": 100 * rng.randint(1, 40),
    }


def dividend_fields(q: Quote, divs: Dividends, trailing_eps: float) -> dict[str, Any]:
    """dividendRate/Yield, exDividendDate and friends; empty for a company that pays none."""
    if not divs:
        return {}
    last_day, last_amount = divs[-1]
    rate = round(last_amount * 4, 2)
    out: dict[str, Any] = {
        "dividendRate": rate,
        "dividendYield": round(rate / q.price, 4),
        "exDividendDate": epoch(last_day),
    }
    if trailing_eps > 0:
        out["payoutRatio"] = round(rate / trailing_eps, 4)
    out["fiveYearAvgDividendYield"] = round(100 * rate / q.avg_200 * 0.9, 2)
    return out


def identity(rng: random.Random, sec: Security, founded: int = 0) -> dict[str, Any]:
    """exchange … gmtOffSetMilliseconds: who the security is; shortName is the truncated issuer. The first
    trade date is never before the year the company was `founded` (no listing before the company exists)."""
    return {
        "exchange": rng.choice(EXCHANGES),
        "quoteType": "EQUITY",
        "symbol": sec.ticker,
        "underlyingSymbol": sec.ticker,
        "shortName": sec.issuer[:32],
        "longName": sec.name if sec.kind != "common" else sec.issuer,
        "firstTradeDateEpochUtc": epoch(
            dt.date(rng.randint(max(1980, founded), 2022), rng.randint(1, 12), rng.randint(1, 28))
        )
        + 14 * 3600
        + 1800,
        "timeZoneFullName": "America/New_York",
        "timeZoneShortName": "EDT",  # the clock (mid-March 2024) is after the switch to daylight time
        "uuid": "%08x-%04x-%04x-%04x-%012x" % tuple(rng.getrandbits(b) for b in (32, 16, 16, 16, 48)),  # noqa: UP031 (fixed-width hex fields)
        "messageBoardId": f"finmb_{rng.randint(10_000, 999_999_999)}",
        "gmtOffSetMilliseconds": -14_400_000,
    }
