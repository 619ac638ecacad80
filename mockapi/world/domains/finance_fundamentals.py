"""Assembles a security's full info dict: profile, quote, valuation, shares, analysts and financials.

Common shares get the ~120-key dict of an operating company; warrants, units, rights, preferred shares and
notes get the short dict yfinance returns for such listings (no fundamentals: get_eps/get_pe_ratio are null).
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from mockapi.world.domains.finance_dividends import Dividends
from mockapi.world.domains.finance_info import (
    Quote,
    dividend_fields,
    epoch,
    identity,
    officers,
    profile,
    trading,
    volumes,
)
from mockapi.world.domains.finance_securities import Security


def recommendation(mean: float) -> str:
    for bound, key in ((1.5, "strong_buy"), (2.5, "buy"), (3.5, "hold"), (4.5, "underperform")):
        if mean <= bound:
            return key
    return "sell"


def short_info(rng: random.Random, sec: Security, q: Quote) -> dict[str, Any]:
    """The sparse dict of a non-common listing."""
    doc: dict[str, Any] = {"maxAge": 86400, "priceHint": 4 if q.price < 1 else 2}
    doc |= trading(q) | volumes(rng, q)
    doc |= {
        "fiftyTwoWeekLow": q.low_52w,
        "fiftyTwoWeekHigh": q.high_52w,
        "fiftyDayAverage": q.avg_50,
        "twoHundredDayAverage": q.avg_200,
        "currency": "USD",
    }
    doc |= identity(rng, sec)
    doc |= {"currentPrice": q.price, "financialCurrency": "USD"}
    return doc


def full_info(
    rng: random.Random,
    sec: Security,
    q: Quote,
    divs: Dividends,
    shares: int,
    clock: dt.date,
    sp_change: float,
) -> dict[str, Any]:
    """The operating company's dict; every price-derived number comes from `q`, `divs` and `shares`."""
    fiscal_year = clock.year - 1
    market_cap = round(q.price * shares)
    revenue = int(market_cap / rng.uniform(0.4, 12.0))
    margin = rng.uniform(-0.3, 0.35)
    net_income = int(revenue * margin)
    trailing_eps = round(net_income / shares, 2)
    forward_eps = round(trailing_eps * rng.uniform(0.85, 1.35) + rng.uniform(-0.05, 0.05), 2) or 0.01
    ebitda = int(revenue * rng.uniform(0.05, 0.45))
    cash, debt = int(revenue * rng.uniform(0.05, 0.8)), int(revenue * rng.uniform(0.0, 1.2))
    enterprise = market_cap + debt - cash
    book_value = round(q.price / rng.uniform(0.8, 12.0), 3)
    target_mean = round(q.price * rng.uniform(0.95, 1.35), 2)
    rec_mean = round(rng.uniform(1.3, 3.6), 1)
    float_shares = int(shares * rng.uniform(0.6, 0.98))
    short = int(float_shares * rng.uniform(0.005, 0.08))
    officers_year = fiscal_year if rng.random() < 0.8 else fiscal_year - 1

    founded = rng.randint(1905, 2019)
    doc = profile(rng, sec, founded)
    doc["companyOfficers"] = officers(rng, officers_year)
    doc |= {
        k: rng.randint(1, 10) for k in ("auditRisk", "boardRisk", "compensationRisk", "shareHolderRightsRisk")
    }
    doc["overallRisk"] = rng.randint(1, 10)
    doc["governanceEpochDate"] = epoch(dt.date(clock.year, clock.month, 1))
    doc["compensationAsOfEpochDate"] = epoch(dt.date(fiscal_year, 12, 31))
    doc |= {"maxAge": 86400, "priceHint": 4 if q.price < 1 else 2}
    doc |= trading(q)
    doc |= dividend_fields(q, divs, trailing_eps)
    doc["beta"] = round(rng.gauss(1.1, 0.4), 3)
    if trailing_eps > 0:
        doc["trailingPE"] = q.price / trailing_eps
    doc["forwardPE"] = q.price / forward_eps
    doc |= volumes(rng, q)
    doc |= {
        "marketCap": market_cap,
        "fiftyTwoWeekLow": q.low_52w,
        "fiftyTwoWeekHigh": q.high_52w,
        "priceToSalesTrailing12Months": market_cap / revenue,
        "fiftyDayAverage": q.avg_50,
        "twoHundredDayAverage": q.avg_200,
    }
    trailing_div = round(sum(a for _, a in divs[-4:]), 4) if divs else 0.0
    doc |= {
        "trailingAnnualDividendRate": trailing_div,
        "trailingAnnualDividendYield": trailing_div / q.previous_close,
    }
    doc |= {"currency": "USD", "enterpriseValue": enterprise, "profitMargins": round(margin, 5)}
    doc |= {
        "floatShares": float_shares,
        "sharesOutstanding": shares,
        "sharesShort": short,
        "sharesShortPriorMonth": int(short * rng.uniform(0.8, 1.2)),
        "sharesShortPreviousMonthDate": epoch(clock - dt.timedelta(days=45)),
        "dateShortInterest": epoch(clock - dt.timedelta(days=15)),
        "sharesPercentSharesOut": round(short / shares, 4),
        "heldPercentInsiders": round(rng.uniform(0.001, 0.4), 5),
        "heldPercentInstitutions": round(rng.uniform(0.1, 0.95), 5),
        "shortRatio": round(short / max(1, q.avg_volume), 2),
        "shortPercentOfFloat": round(short / float_shares, 4),
        "impliedSharesOutstanding": shares,
        "bookValue": book_value,
        "priceToBook": q.price / book_value,
        "lastFiscalYearEnd": epoch(dt.date(fiscal_year, 12, 31)),
        "nextFiscalYearEnd": epoch(dt.date(fiscal_year + 1, 12, 31)),
        "mostRecentQuarter": epoch(dt.date(fiscal_year, 12, 31)),
        "earningsQuarterlyGrowth": round(rng.uniform(-0.5, 1.0), 3),
        "netIncomeToCommon": net_income,
        "trailingEps": trailing_eps,
        "forwardEps": forward_eps,
        "pegRatio": round(rng.uniform(0.4, 3.5), 2),
    }
    if rng.random() < 0.3:
        split_day = dt.date(rng.randint(1995, clock.year - 1), rng.randint(1, 12), rng.randint(1, 28))
        doc |= {
            "lastSplitFactor": rng.choice(["2:1", "3:1", "3:2", "4:1", "1:10"]),
            "lastSplitDate": epoch(split_day),
        }
    doc |= {
        "enterpriseToRevenue": round(enterprise / revenue, 3),
        "enterpriseToEbitda": round(enterprise / ebitda, 3),
    }
    doc |= {"52WeekChange": q.change_52w, "SandP52WeekChange": sp_change}
    if divs:
        doc |= {"lastDividendValue": divs[-1][1], "lastDividendDate": epoch(divs[-1][0])}
    doc |= identity(rng, sec, founded)
    doc |= {
        "currentPrice": q.price,
        "targetHighPrice": round(target_mean * rng.uniform(1.1, 1.6), 2),
        "targetLowPrice": round(target_mean * rng.uniform(0.5, 0.9), 2),
        "targetMeanPrice": target_mean,
        "targetMedianPrice": round(target_mean * rng.uniform(0.97, 1.03), 2),
        "recommendationMean": rec_mean,
        "recommendationKey": recommendation(rec_mean),
        "numberOfAnalystOpinions": rng.randint(2, 60),
        "totalCash": cash,
        "totalCashPerShare": round(cash / shares, 3),
        "ebitda": ebitda,
        "totalDebt": debt,
        "quickRatio": round(rng.uniform(0.3, 4.0), 3),
        "currentRatio": round(rng.uniform(0.5, 5.0), 3),
        "totalRevenue": revenue,
        "debtToEquity": round(rng.uniform(2.0, 250.0), 3),
        "revenuePerShare": round(revenue / shares, 3),
        "returnOnAssets": round(rng.uniform(-0.15, 0.25), 5),
        "returnOnEquity": round(rng.uniform(-0.3, 0.45), 5),
        "freeCashflow": int(ebitda * rng.uniform(-0.4, 0.8)),
        "operatingCashflow": int(ebitda * rng.uniform(0.5, 1.1)),
        "earningsGrowth": round(rng.uniform(-0.6, 1.2), 3),
        "revenueGrowth": round(rng.uniform(-0.2, 0.5), 3),
        "grossMargins": round(rng.uniform(0.2, 0.85), 5),
        "ebitdaMargins": round(ebitda / revenue, 5),
        "operatingMargins": round(margin + rng.uniform(0.0, 0.1), 5),
        "financialCurrency": "USD",
        "trailingPegRatio": round(rng.uniform(0.3, 4.0), 4),
    }
    return doc
