"""Prices against the query's hour: a price that did not exist yet when a question was asked, or a stale one.

The g26 reader found "by what percent did feni move from the previous close?" asked at 01:13 PT (04:13 ET,
before the session opened) with the gold -0.60% computed from that day's close, "Refreshed 28 February 2024:
Fenira plc shares are trading at $24.75" (that close) on a gold page, "Pinecrest Ltd. shares are trading at
US$19.10 (2024-03-13)", the 13 March close, for a query at 10:58 ET, and "50 shares of maldonado" priced at a
close two sessions older than the last one (all from the KG's series, never from the generator). The rules,
with the query time read in US/Eastern (PT + 3 hours) and the exchange's sessions (`sessions`):

- a session's **close exists** from 16:00 ET of its day; the **last close** of a query is the latest session
  whose close exists at the query time;
- **gold prices against the query's hour**: a single-company price question (stock price, closing price,
  what N shares cost, the move from the previous close; real-time or fast-changing, not asking the open,
  high, low, volume, market cap, EPS, P/E or dividends) whose gold, read as a price (divided by the N shares
  the question names) or a percent move, equals the close (or the move to the close) of a session whose
  close did not exist yet at the query time, or, for a question naming no day of its own, of a session two
  or more sessions before the last close; unless it also equals a price that did exist (the last close,
  the one before, or the KG's minute price at the query time, where the KG holds minutes). The company is
  any KG company the question names by ticker or name, or its gold or gold pages' titles name; the gold
  breaks the rule when some candidate explains it only by a price that did not exist yet and none explains
  it by one that did;
- **page prices against the query's hour**: on the top 10 of such a question, a KG company's price
  statement ("trading at", "closed at", "stock price of", `markets.price_statements`) dated to a session
  whose close did not exist at the query time (its own date, else the query day) giving exactly that
  session's close (not the minute price at the query time), or a price statement whose own date is after
  the query day.

The **minute price at the query time** is the close of the last minute bar finished by then: a bar stamped
10:07 closes at 10:08:00, so a question asked at 10:08:16 has the 10:07 bar's close, not the 10:08 bar's
(which closes at 10:09:00). The world's "right now" golds are that price (g28: "25 shares of barber ltd." at
10:08:16 ET, $795.25 = 25 x the 10:07 bar's 31.81; the 10:08 bar's 31.79 did not exist yet): read at the
query minute's own bar, all three of g28's golds of this line were counted as closes not yet made.

A corpus without a KG (real CRAG records) checks nothing; target 0.
"""

from __future__ import annotations

import datetime as dt
import re
from bisect import bisect_right
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from mockapi.audit import store
from mockapi.audit.data import AuditQuestion
from mockapi.audit.lifespans import Page, query_day
from mockapi.audit.markets import price_statements
from mockapi.audit.prices import kg_companies
from mockapi.audit.results import Read
from mockapi.audit.rules import RuleGroup, empty_rule, note
from mockapi.audit.sessions import closed, session_of
from mockapi.audit.text import FUNCTION_WORDS, sentences
from mockapi.audit.windows import dates_in, day_date
from mockapi.audit.words import COMMON_WORDS

RULES = ("gold prices against the query's hour", "page prices against the query's hour")
STALE = 2  # sessions behind the last close
RECENT = 10  # a stale gold is one of the last few closes (an older equal close is chance)
CLOSE = dt.time(16, 0)
_BAR = dt.timedelta(minutes=1)  # a minute bar closes a minute after its stamp
PT_TO_ET = dt.timedelta(hours=3)
_DYNAMIC = frozenset({"real-time", "fast-changing"})
_ONE = frozenset({"simple", "simple_w_condition", "post-processing"})
_ASKS_PRICE = re.compile(
    r"\b(?:stock price|share price|price|closing price|close|closed|cost|worth|trading at|trade at|"
    r"percent|move|moved|change|changed|gain|gained|drop|dropped)\b"
)
_OTHER_FIGURE = re.compile(
    r"\b(?:open|opening|opened|high|highest|low|lowest|volume|market cap\w*|eps|earnings|p/e|dividends?|"
    r"ipo|holders|ratio|ceo|parent|founded by)\b"
)
_SHARES = re.compile(r"\b(\d[\d,]*) shares\b")
_MONEY = re.compile(r"(?:US\$|USD\s?|\$)\s?(-?\d[\d,]*(?:\.\d+)?)|\b(-?\d[\d,]*\.\d\d) (?:USD|dollars)\b")
_PERCENT = re.compile(r"(-?\d+(?:\.\d+)?)\s?(?:%|percent)")
# a day of its own ("yesterday", "this past friday", "a week ago"; not "the previous close")
_NAMES_DAY = re.compile(r"\b(?:yesterday|ago|week|month)\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b")
_QUERY_TIME = re.compile(r"(\d{1,2}):(\d\d)(?::(\d\d))? ?(PT|ET|UTC)?")
_EVERYDAY = FUNCTION_WORDS | COMMON_WORDS
_HINTS = ("price", "trading at", "traded at", "closed at", "trades at", "closing")
_PREVIOUS = re.compile(r"\b(?:previous|prior|last) (?:session|trading day)\b", re.I)


def query_moment(query_time: str) -> dt.datetime | None:
    """The query time in US/Eastern, naive ("02/28/2024, 01:13:04 PT" is 04:13:04 on 28 Feb); None when the
    query time gives no full day."""
    day = day_date(query_day(query_time))
    clock = _QUERY_TIME.search(query_time.split(",", 1)[-1])
    if day is None:
        return None
    at = (
        dt.datetime.combine(day, dt.time(int(clock[1]), int(clock[2])))
        if clock
        else dt.datetime.combine(day, CLOSE)
    )
    zone = (clock[4] if clock else "PT") or "PT"
    return at + {"PT": PT_TO_ET, "ET": dt.timedelta(0), "UTC": dt.timedelta(hours=-5)}[zone]


@dataclass
class Series:
    """A ticker's daily closes (session order) and the KG's minute closes where it holds them."""

    days: list[dt.date] = field(default_factory=list)
    closes: list[float] = field(default_factory=list)
    minutes: list[tuple[dt.datetime, float]] = field(default_factory=list)

    def last_close(self, moment: dt.datetime) -> int:
        """Index of the latest session whose close exists at `moment` (-1 when none)."""
        i = bisect_right(self.days, moment.date()) - 1
        if i >= 0 and self.days[i] == moment.date() and moment.time() < CLOSE:
            i -= 1
        return i

    def minute_price(self, moment: dt.datetime) -> float | None:
        """The close of the KG's last minute bar finished by `moment` on its day (a bar stamped at minute m
        closes at m + 1 minute: module docstring), None where the KG holds no such minute. `moment` is
        `query_moment`'s, whole minutes: at 10:08 (a question of 10:08:00-10:08:59) the 10:07 bar."""
        at = bisect_right(self.minutes, (moment - _BAR, float("inf"))) - 1
        if at >= 0 and self.minutes[at][0].date() == moment.date():
            return self.minutes[at][1]
        return None

    def move(self, i: int) -> float | None:
        return (self.closes[i] / self.closes[i - 1] - 1) * 100 if i > 0 and self.closes[i - 1] else None


def kg_series(world: Path | None, tickers: set[str]) -> dict[str, Series]:
    out: dict[str, Series] = defaultdict(Series)
    if world is None or not tickers or not (world / "kg.duckdb").is_file():
        return out
    with store.connect(world / "kg.duckdb") as con:
        tables = {t for (t,) in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
        if "fin_prices" not in tables:
            return out
        sql = "SELECT ticker, ts, close FROM fin_prices WHERE ticker IN ? ORDER BY ticker, ts"
        for ticker, ts, price in con.execute(sql, [sorted(tickers)]).fetchall():
            day = _date(str(ts))
            if day is not None and price is not None:
                out[str(ticker)].days.append(day)
                out[str(ticker)].closes.append(float(price))
        if "fin_minute_prices" in tables:
            sql = "SELECT ticker, ts, close FROM fin_minute_prices WHERE ticker IN ? ORDER BY ticker, ts"
            for ticker, ts, price in con.execute(sql, [sorted(tickers)]).fetchall():
                try:
                    at = dt.datetime.fromisoformat(str(ts)[:16])
                except ValueError:
                    continue
                out[str(ticker)].minutes.append((at, float(price)))
    return out


def _date(ts: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(ts[:10])
    except ValueError:
        return None


def _money(text: str) -> list[float]:
    return [float((m[1] or m[2]).replace(",", "")) for m in _MONEY.finditer(text)]


def is_price_question(q: AuditQuestion) -> bool:
    """A current-price question of one company (module docstring)."""
    low = q.query.lower()
    return (
        q.dynamism in _DYNAMIC
        and q.qtype in _ONE
        and not q.false_premise
        and bool(q.answers())
        and _ASKS_PRICE.search(low) is not None
        and _OTHER_FIGURE.search(low) is None
    )


class QuoteScan:
    """Both rules over every question (golds) and the pages `results.read_results` reads (fed one by one)."""

    def __init__(self, qs: list[AuditQuestion], world: Path | None) -> None:
        self.rules = {rule: empty_rule() for rule in RULES}
        self.companies = {name.lower().rstrip("."): (name, t) for name, t in kg_companies(world).items()}
        self.tickers = {t.lower(): t for _, t in self.companies.values()}
        self.asked = [q for q in qs if is_price_question(q)] if self.companies else []
        self.candidates = {q.qid: self._named(q) for q in self.asked}
        wanted = {t for found in self.candidates.values() for t in found}
        self.series = kg_series(world, wanted)
        self.by_name = dict(self.companies.values())
        self._titles: dict[str, set[str]] = defaultdict(set)
        self._told: dict[str, list[tuple[float, dt.date, str]]] = defaultdict(list)
        self._ids = {q.qid for q in self.asked}
        self._world = world

    def _named(self, q: AuditQuestion) -> set[str]:
        words = set(re.findall(r"[a-z0-9][a-z0-9.&'-]*", q.query.lower()))
        # a ticker that is an everyday word ("the", "cost", "can") names nothing
        found = {self.tickers[w] for w in words - _EVERYDAY if w in self.tickers}
        text = f" {q.query.lower()} | {q.answer.lower()} "
        for low, (_name, ticker) in self.companies.items():
            if low in text and re.search(rf"(?<![\w]){re.escape(low)}(?![\w])", text):
                found.add(ticker)
        return found

    def add(self, read: Read) -> None:
        """A result page: its title names candidates of a gold page; its price statements are checked."""
        q = read.question
        if q.qid not in self._ids:
            return
        if read.result.page_id in q.gold:
            for low, (_name, ticker) in self.companies.items():
                if low in read.result.name.lower():
                    self._titles[q.qid].add(ticker)
        self._page(q, read)

    def _page(self, q: AuditQuestion, read: Read) -> None:
        moment = query_moment(q.query_time)
        if moment is None:
            return
        lines = [s for line in read.lines if any(h in line for h in _HINTS) for s in sentences(line)]
        if not lines:
            return
        page = Page(moment.year, read.result.name, lines, lines, {}, query_day(q.query_time), read.text)
        for s in lines:
            own = [d for d in (day_date(x) for x in dates_in(s)) if d is not None]
            if own:
                day = session_of(own[0])
                if _PREVIOUS.search(s):  # "closed at $41 in the previous session"
                    day = session_of(day - dt.timedelta(days=1))
                self._told[q.qid] += [(v, day, s) for v in _money(s)]
        for company, value, session, s in price_statements(page):
            ticker = self.by_name.get(company)
            if ticker is None:
                continue
            series = self.series.get(ticker) or self._load(ticker)
            own = [d for d in (day_date(x) for x in dates_in(s)) if d is not None]
            late = next((d for d in own if d > moment.date()), None)
            i = bisect_right(series.days, session) - 1
            future = i > series.last_close(moment) and i >= 0 and series.days[i] == session
            bad = late is not None or (
                future and _same(value, series.closes[i]) and not _same(value, series.minute_price(moment))
            )
            why = f"dated {late}" if late else f"close of {session}"
            note(self.rules[RULES[1]], bad, f"{q.query_time} ({why}): {s}")

    def _load(self, ticker: str) -> Series:
        self.series[ticker] = kg_series(self._world, {ticker})[ticker]
        return self.series[ticker]

    def result(self) -> RuleGroup:
        for q in self.asked:
            self._gold(q)
        return {"violations": sum(r["violations"] for r in self.rules.values()), "rules": self.rules}

    def _gold(self, q: AuditQuestion) -> None:
        moment = query_moment(q.query_time)
        tickers = sorted(self.candidates[q.qid] | self._titles.get(q.qid, set()))
        if moment is None:
            return
        shares = _SHARES.search(q.query.lower())
        per = float(shares[1].replace(",", "")) if shares else 1.0
        percent = "%" in q.answer or "percent" in q.answer
        values = (
            [float(p) for p in _PERCENT.findall(q.answer)] if percent else [v / per for v in _money(q.answer)]
        )
        if not values:
            return
        # a day of its own, not a year that qualifies the company ("which went public in 1981")
        dated = any(d[1] for d in dates_in(q.query)) or _NAMES_DAY.search(q.query.lower()) is not None
        good = bad = ""
        for ticker in tickers:
            series = self.series.get(ticker) or self._load(ticker)
            last = series.last_close(moment)
            if last < 0:
                continue
            for value in values:
                verdict = _explain(series, value, last, moment, percent, dated)
                if verdict == "ok":
                    good = ticker
                elif verdict and not bad:
                    bad = f"{ticker} {verdict}"
        if not good and not bad and not percent:
            good, bad = _on_pages(self._told.get(q.qid, []), values, moment, dated)
        if good or bad:
            note(
                self.rules[RULES[0]],
                bool(bad) and not good,
                f"{bad} | {q.query} ({q.query_time}) -> {q.answer}",
            )


def _on_pages(
    told: list[tuple[float, dt.date, str]], values: list[float], moment: dt.datetime, dated: bool
) -> tuple[str, str]:
    """A gold price of a company the KG lacks, dated by its pages' price statements of that value: ('ok', '')
    when one dates it to a close that existed and was at most a session old (any day that existed for a
    question naming its own day), else ('', reason) when one dates it after the query or two sessions or
    more before the last close; ('', '') when no statement gives it."""
    last = moment.date() if moment.time() >= CLOSE else moment.date() - dt.timedelta(days=1)
    last = session_of(last)
    bad = ""
    for value, session, s in told:
        if not any(_same(value, v) for v in values):
            continue
        behind = _sessions_between(session, last)
        if session > last:
            bad = bad or f"a page's {session} close, after the query (last close {last}): {s[:60]}"
        elif dated or behind < STALE:
            return "page", ""
        else:
            bad = bad or f"a page's {session} close, {behind} sessions before the last close {last}: {s[:60]}"
    return "", bad


def _sessions_between(a: dt.date, b: dt.date) -> int:
    """Trading sessions after `a` up to `b`."""
    n, day = 0, a
    while day < b:
        day += dt.timedelta(days=1)
        n += not closed(day)
    return n


def _same(value: float, other: float | None, cents: float = 0.005) -> bool:
    return other is not None and abs(value - other) <= cents + 1e-9


def _explain(series: Series, value: float, last: int, moment: dt.datetime, percent: bool, dated: bool) -> str:
    """'ok' when `value` is a price (or move) that existed at `moment`, a reason when it is only one that
    did not yet (or a stale one), '' when it is neither."""
    minute = series.minute_price(moment)
    if percent:
        prev = series.closes[last] if last >= 0 else None
        now = (minute / prev - 1) * 100 if minute is not None and prev else None
        of = [series.move(i) for i in range(len(series.days))]
        fits = [i for i, m in enumerate(of) if m is not None and _same(value, round(m, 2), 0.006)]
        if _same(value, now, 0.006):
            return "ok"
    else:
        fits = [i for i, c in enumerate(series.closes) if _same(value, c)]
        if _same(value, minute):
            return "ok"
    if not fits:
        return ""
    if any(last - (0 if dated else STALE - 1) <= i <= last or (dated and i <= last) for i in fits):
        return "ok"
    later = [i for i in fits if i > last]
    if later:
        return f"is the close of {series.days[later[0]]}, after the query (last close {series.days[last]})"
    recent = [i for i in fits if i >= last - RECENT]
    if not dated and recent:
        i = max(recent)
        return (
            f"is the close of {series.days[i]}, {last - i} sessions before the last close {series.days[last]}"
        )
    return ""
