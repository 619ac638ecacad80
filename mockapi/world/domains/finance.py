"""Synthetic finance domain: listed securities, their prices, dividends, market caps and info dicts.

Fills fin_companies, fin_prices, fin_minute_prices, fin_dividends, fin_marketcap and fin_info, plus the
catalogue rows: one `entities` row per security and per CEO, `kg_edges` for ceo_of and parent_of.
"""

from __future__ import annotations

import itertools
import json
import math
import re

import numpy as np

from mockapi.formats.writer import TableWriter
from mockapi.world.context import WorldContext
from mockapi.world.domains.finance_dividends import dividend_history
from mockapi.world.domains.finance_fundamentals import full_info, short_info
from mockapi.world.domains.finance_info import quote
from mockapi.world.domains.finance_prices import (
    DailyBars,
    daily_bars,
    minute_bars,
    write_daily,
    write_minutes,
)
from mockapi.world.domains.finance_securities import Security
from mockapi.world.domains.finance_universe import universe
from mockapi.world.real.market_days import day_key, trading_days_until

DAILY_BARS = 252
MINUTE_DAYS = 5
# Beyond the targets, this share of the other securities also gets minute bars (CRAG's minute DB is large).
MINUTE_SHARE = 0.1
DIVIDEND_SHARE = 0.4
MINUTE_CHUNK = 500


def company_id(ticker: str) -> str:
    return f"finance:company:{ticker}"


def person_id(name: str, ticker: str) -> str:
    """Officers' names can repeat across companies, so the id carries the company's ticker."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return f"finance:person:{slug}-{ticker.lower()}"


def generate(ctx: WorldContext, out: TableWriter) -> None:
    """Write the finance tables, entities and edges."""
    scale = ctx.scale
    secs = universe(
        ctx.rng("finance", "names"), scale.targets["finance"], scale.lookalikes, scale.filler["finance"]
    )
    tickers = [s.ticker for s in secs]
    for i, sec in enumerate(secs):
        out.add("fin_companies", (i, sec.name, sec.ticker))
        lookalike = company_id(sec.lookalike_of) if sec.lookalike_of else None
        out.add("entities", (company_id(sec.ticker), "finance", "company", sec.name, sec.popularity,
                             sec.role == "target", lookalike))  # fmt: skip

    gen = np.random.default_rng(ctx.rng("finance", "prices").getrandbits(64))
    days = trading_days_until(ctx.clock.date(), DAILY_BARS)
    bars = daily_bars(secs, len(days), gen)
    pick = ctx.rng("finance", "minutes")
    rows = np.array([i for i, s in enumerate(secs) if s.role == "target" or pick.random() < MINUTE_SHARE])
    # in slices, so a full-scale world never holds every minute bar in memory at once; each slice also
    # rewrites its securities' last daily bars, so the daily table is written after all of them
    for start in range(0, len(rows), MINUTE_CHUNK):
        part = minute_bars(bars, rows[start : start + MINUTE_CHUNK], gen, MINUTE_DAYS)
        write_minutes(out, tickers, days[-MINUTE_DAYS:], part)
    write_daily(out, tickers, days, bars)
    write_documents(ctx, out, secs, bars)
    write_parents(ctx, out, secs)


def write_documents(ctx: WorldContext, out: TableWriter, secs: list[Security], bars: DailyBars) -> None:
    """Dividends, info dict, market cap and CEO per security, in ticker order."""
    rng = ctx.rng("finance", "documents")
    today = ctx.clock.date()
    sp_change = rng.uniform(0.2, 0.35)
    for i, sec in enumerate(secs):
        q = quote(bars, i)
        if sec.kind != "common":
            out.add("fin_info", (sec.ticker, json.dumps(short_info(rng, sec, q), ensure_ascii=False)))
            continue
        spac = "Acquisition Corp" in sec.issuer
        divs = dividend_history(rng, q.price, today) if not spac and rng.random() < DIVIDEND_SHARE else []
        for day, amount in divs:
            out.add("fin_dividends", (sec.ticker, day_key(day), amount))
        shares = int(math.exp(rng.uniform(16.0, 22.5)))
        doc = full_info(rng, sec, q, divs, shares, today, sp_change)
        out.add("fin_info", (sec.ticker, json.dumps(doc, ensure_ascii=False)))
        # a separate source in CRAG: computed at another moment, so it differs slightly from info.marketCap
        out.add("fin_marketcap", (sec.ticker, q.price * shares * (1 + rng.gauss(0.0, 0.002))))
        ceo = doc["companyOfficers"][0]["name"]
        pid = person_id(ceo, sec.ticker)
        out.add("entities", (pid, "finance", "person", ceo, "noise", False, None))
        out.add("kg_edges", (pid, "ceo_of", company_id(sec.ticker)))


def write_parents(ctx: WorldContext, out: TableWriter, secs: list[Security]) -> None:
    """Parent/subsidiary links between operating companies; every target has a parent or subsidiaries."""
    rng = ctx.rng("finance", "parents")
    operating = [s for s in secs if s.kind == "common" and s.role == "filler"]
    if not operating:
        return
    rng.shuffle(operating)
    # a subsidiary has one parent while the pool lasts: draw without replacement, then wrap around
    pool = itertools.cycle(operating)
    for sec in (s for s in secs if s.role == "target"):
        # a share class is no one's parent company (the reader's g14 read: "Y's parent is X Class B")
        if rng.random() < 0.5 or sec.kind != "common":
            out.add("kg_edges", (company_id(next(pool).ticker), "parent_of", company_id(sec.ticker)))
        else:
            for _ in range(rng.randint(1, 3)):
                out.add("kg_edges", (company_id(sec.ticker), "parent_of", company_id(next(pool).ticker)))
