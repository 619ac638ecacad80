"""Prices faithful to the KG: a page's stock price or move for a KG company against the KG's series.

The g23 reader found "7.81 by 03/01/2024" on a page where the KG's close was 7.24 on 1 Mar (and 7.81 on
14 Mar), and daily moves of 11-39 % on 7 of 8 finance pages where the KG's series moves under 4 % a day. Both
rules read the KG's daily series (`fin_prices`) of the companies the KG lists, named on a page as the KG
names them up to the security's class ("Halwell Corporation" for "Halwell Corporation Common Stock"):

- **prices against the KG**: a price the page gives for a session the series holds
  (`markets.price_statements`: the sentence's own date, else the query day; a weekend's is the Friday
  before; "in the previous session", the one before) outside that session's low-high range widened by
  `TOLERANCE` (a price "as of" a day is its close, open or a trade in between);
- **moves against the KG**: a clause telling a company's move of more than `MOVE` percent to a dated
  session, over a day (unless it says a longer span), a week (5 sessions) or a month (21): "Halwell
  Corporation stock added 37 percent in the week to January 24, 2024"), where the KG's close moved less than
  half as much over as many sessions (19.8 % told of a week the KG moved 13.6 % is a rounder telling, not a
  fault). (The g23 reader read 11-39 % "a day"; the pages tell most of them as a
  week's: against the KG's week they are as wrong.)

Counted over the pages `lifespans.read_pages` reads, in the "calendar and markets" line. A corpus without a
KG (real CRAG records) checks nothing. Target 0.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from pathlib import Path

from mockapi.audit import store
from mockapi.audit.data import kg_rows
from mockapi.audit.lifespans import Page
from mockapi.audit.markets import MarketFigures, clauses, price_statements
from mockapi.audit.rules import RuleCheck, empty_rule, note
from mockapi.audit.sessions import session_of
from mockapi.audit.windows import date_spans

TOLERANCE = 0.03
MOVE = 15.0
RULES = ("prices against the KG", "moves against the KG")
_CLASS = re.compile(
    r"\s+(?:Common|Class [A-Z]|Ordinary|American Depositary|Depositary|Unit|Units|Right|Rights|Warrant|"
    r"Warrants|Series|\d[\d.]*%).*$"
)
_PERCENT = re.compile(
    r"\b(?:rose|fell|jumped|climbed|slid|shed|gained|added|dropped|dipped|surged|tumbled|sank|rallied|lost|"
    r"advanced|declined|slumped|soared|plunged|spiked)\b[^.;]{0,30}?(\d+(?:\.\d+)?) ?(?:%|percent|per cent)",
    re.I,
)

_PREVIOUS = re.compile(r"\b(?:previous|prior|last) (?:session|trading day)\b", re.I)
# a move's span ("over the week ending 3 Oct", "in the seven days to", "in the month to"): the KG's move
# over as many sessions is its measure
_SPANS = (
    (re.compile(r"\b(?:week|seven days|five sessions|5 sessions)\b", re.I), 5),
    (re.compile(r"\b(?:month|30 days|four weeks)\b", re.I), 21),
)
_LONGER = re.compile(r"\b(?:quarter|year|since|months|weeks|half)\b", re.I)

Series = dict[dt.date, tuple[float, float, float]]  # session: (low, high, close)


def strip_class(name: str) -> str:
    """A security's name up to its class ("Halwell Corporation" of "Halwell Corporation Common Stock")."""
    return _CLASS.sub("", name).strip()


def kg_companies(world: Path | None) -> dict[str, str]:
    """The KG's companies by name up to the security's class, each with its ticker (a name two securities
    share keeps the first listed: the common stock comes first)."""
    sql = "SELECT name, symbol FROM fin_companies ORDER BY ord"
    rows = kg_rows(world, {"fin_companies", "fin_prices"}, sql)
    out: dict[str, str] = {}
    for name, symbol in rows:
        out.setdefault(strip_class(str(name)), str(symbol))
    return out


def _series(world: Path, tickers: set[str]) -> dict[str, Series]:
    out: dict[str, Series] = defaultdict(dict)
    if not tickers:
        return out
    with store.connect(world / "kg.duckdb") as con:
        sql = "SELECT ticker, ts, low, high, close FROM fin_prices WHERE ticker IN ? ORDER BY ticker, ts"
        for ticker, ts, low, high, close in con.execute(sql, [sorted(tickers)]).fetchall():
            try:
                day = dt.date.fromisoformat(str(ts)[:10])
            except ValueError:
                continue
            out[str(ticker)][day] = (float(low), float(high), float(close))
    return out


def with_prices(found: MarketFigures, pages: list[Page], world: Path | None) -> MarketFigures:
    """The markets line with the KG's price rules beside its own (one line, one count)."""
    rules = {**found["rules"], **price_scan(pages, world)}
    return {"violations": sum(r["violations"] for r in rules.values()), "rules": rules}


def price_scan(pages: list[Page], world: Path | None) -> dict[str, RuleCheck]:
    """Both rules (module docstring) over the pages read."""
    rules = {rule: empty_rule() for rule in RULES}
    companies = kg_companies(world)
    if not companies or world is None:
        return rules
    told = [
        (companies[c], c, v, day, s) for p in pages for c, v, day, s in price_statements(p) if c in companies
    ]
    moves = [m for p in pages for m in _moves(p, companies)]
    series = _series(world, {t for t, *_ in told} | {t for t, *_ in moves})
    for ticker, company, value, day, s in told:
        if _PREVIOUS.search(s):  # "closed at $41 in the previous session (13 Feb)": the session before
            day = max((d for d in series[ticker] if d < day), default=day)
        if day in series[ticker]:
            low, high, close = series[ticker][day]
            bad = not low * (1 - TOLERANCE) <= value <= high * (1 + TOLERANCE)
            note(
                rules[RULES[0]],
                bad,
                f"{company} {value:g} on {day} (KG {low:g}-{high:g}, close {close:g}): {s}",
            )
    for ticker, company, pct, day, span, s in moves:
        days = sorted(d for d in series[ticker] if d <= day)
        if len(days) <= span or days[-1] != day:
            continue
        before, now = series[ticker][days[-1 - span]][2], series[ticker][day][2]
        kg = abs(now / before - 1) * 100 if before else 0.0
        note(
            rules[RULES[1]],
            kg < pct / 2,
            f"{company} {pct:g}% over {span} session(s) to {day} (KG {kg:.1f}%): {s}",
        )
    return rules


def _span(clause: str) -> int | None:
    """Sessions a move is over: a day's 1, a week's 5, a month's 21; None for longer or unclear spans."""
    for pattern, sessions in _SPANS:
        if pattern.search(clause):
            return sessions
    return None if _LONGER.search(clause) else 1


def _moves(page: Page, companies: dict[str, str]) -> list[tuple[str, str, float, dt.date, int, str]]:
    """(ticker, company, percent, session, sessions it is over, sentence) of each dated move above `MOVE`
    of a KG company."""
    out = []
    for s in page.lines:
        if "percent" not in s and "%" not in s and "per cent" not in s:
            continue
        for clause in clauses(s):
            move = _PERCENT.search(clause)
            if move is None or float(move[1]) <= MOVE:
                continue
            days = [d for d, _ in date_spans(clause) if d[2]]
            named = [c for c in companies if c in clause]
            if not days or not named:
                continue
            try:
                day = session_of(dt.date(*days[0]))
            except ValueError:
                continue
            company, span = max(named, key=len), _span(clause)
            if span is not None:
                out.append((companies[company], company, float(move[1]), day, span, s))
    return out
