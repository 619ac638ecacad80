"""Calendar and markets: trading on days the exchange is shut, profit above revenue, prices that never move.

The g22 reader found a question asking which insurance stock had "the highest trading volume on
2024-03-09" (a Saturday), pages where "Smith Inc. shed 40 percent on Sunday", operating profit above the
revenue of the same quarter on 12.5 of 100 rank-1 pages, and "real-time" prices identical to the cent on the
pages of two questions ten days apart. Each rule holds any world and any real page to what a market does:

- **trading days** (questions and page sentences): a stock's trading figure (volume, open/close/high/low,
  "closed at", a move of N percent) told of a day the exchange did not trade (`sessions`: weekends and the
  NYSE's full-day holidays from their rules), by a full date the figure is of ("On 2024-03-09", "At the
  close on ...", not a page's "Updated 9 Mar 2024:") or a weekday ("on Sunday");
- **profit above revenue**: on one page, a profit (net, operating, adjusted profit, income or earnings) of a
  company and period (a quarter, a half, a year) above a revenue of the same company and period (amounts
  compared in their units, currencies as stated: a real company's profit is well below its revenue);
- **frozen prices**: one company's stock price (or close) stated with the same value, to the cent, for two
  different trading sessions (the sentence's own date, else its question's query day; dates on a weekend
  count as the session before), over all the pages read.

Counted over the questions and the pages `lifespans.read_pages` reads. Target 0.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import TypedDict

from mockapi.audit.data import AuditQuestion
from mockapi.audit.lifespans import Page
from mockapi.audit.rules import RuleCheck, empty_rule, note
from mockapi.audit.sessions import closed, session_of
from mockapi.audit.windows import CLAUSE, date_spans, day_date

_TRADE_Q = re.compile(r"\b(?:volume|open(?:ing)?|clos(?:e|ing)|high|low|traded|trading)\b", re.I)
_TRADE = re.compile(
    r"\b(?:volume|closed at|opened at|closing price|opening price|session high|session low|intraday|"
    r"traded (?:at|between|as high|as low|up|down|higher|lower)|shares changed hands|"
    r"(?:ended|finished|wrapped up|concluded|completed) (?:its|the|this|that|last) "
    r"(?:trading day|session))\b",
    re.I,
)
_MOVE = re.compile(
    r"\b(?:rose|fell|jumped|climbed|slid|shed|gained|added|dropped|dipped|surged|tumbled|sank|rallied|lost|"
    r"advanced|declined|slumped|soared|edged (?:up|down)|finished|closed|ended)\b[^.;]{0,40}?"
    r"\d+(?:\.\d+)? ?(?:%|percent|per cent)",
    re.I,
)
_STOCK = re.compile(
    r"\b(?:shares?|stocks?|trading|volume|the close|listed|Inc|Corp|Ltd|plc|Holdings|Group|Systems|"
    r"Industries|Therapeutics|Technologies|Labs)\b|\b(?:firm|company|business)\b",
)
_CLOSE = re.compile(r"\bat the close\b", re.I)
_STOCK_FIGURE = re.compile(
    r"\b(?:stock|shares?|price|volume|trading|trades|market cap\w*|closed at|opened at)\b", re.I
)
_PREVIOUS = re.compile(r"\b(?:previous|prior|last|latest) (?:session|trading day)\b", re.I)
_WEEKDAY = re.compile(r"\b(?:on|last|this|Saturday's|Sunday's)\s?(Saturday|Sunday)\b", re.I)
# what a date before the figure says it is of: the page's update, not the trading day
_STAMP = re.compile(
    r"(?:updated|refreshed|checked|as of|through|by|update|said on|reported on|published|posted on|"
    r"listed on|retrieved|accessed|data from|per an?|since|until|(?:week|days|month|year|quarter)s? "
    r"(?:to|ending|ended|through))\W*(?:on\W+)?(?:\w{3,9},\s)?$",
    re.I,
)
_PERIOD = re.compile(
    r"\b(?:(?P<nth>first|second|third|fourth)[- ]quarter|Q(?P<q>[1-4])|(?P<half>first|second)[- ]half|"
    r"(?P<hy>half-year|half year)|(?P<fy>full-year|full year|annual|fiscal year|fiscal))\b",
    re.I,
)
_ARTICLES = frozenset({"The", "A", "An", "Its", "Shares"})
# words one of the patterns below needs (in either case where they may open a sentence)
_TRADE_HINTS = ("olume", "lose", "losing", "pen", "raded", "rading", "ession", "intraday", "hands",
                "percent", "%", "per cent")  # fmt: skip
_RESULT_HINTS = ("evenue", "ales", "urnover", "rofit", "ncome", "arnings")
_PRICE_HINTS = ("price", "trading at", "traded at", "closed at", "trades at")
_NTH = {"first": "1", "second": "2", "third": "3", "fourth": "4"}
# "sales" naming staff is no revenue: "SOHM booked cash flow for the first quarter of £3m ... — SOHM added
# 160 sales employees in Tucson" read the cash flow as revenue, below the quarter's operating earnings of $31m
# (the g29 default world, world30 07e1abf: the line's one count)
_REVENUE = re.compile(
    r"\b(?:revenue|revenues|sales(?! (?:employees|staff|staffers|teams?|force|people|reps|representatives|"
    r"agents|managers|workers|associates|jobs|roles|offices?|director|chief|executives?))|turnover)\b",
    re.I,
)
_PROFIT = re.compile(
    r"\b(?:net income|net profit|net earnings|operating (?:profit|income|earnings)|adjusted (?:profit|income|"
    r"earnings)|pre-tax profit|profit|earnings)\b(?! per share| call)",
    re.I,
)
_NOT_PROFIT = re.compile(r"price-to-earnings|earnings per share|turn (?:a|an) (?:profit|earnings)", re.I)
# a company's name inside a sentence: capitalised words ending in a legal form ("Schaefer Corp.")
_NAMED = re.compile(
    r"\b[A-Z][\w&'’-]*(?: [A-Z][\w&'’-]*)* "
    r"(?:Corp\.|Corporation|Inc\.|Group|Holdings|Ltd\.|plc|Co\.|Industries|Technologies|Systems|Partners)"
)
_LEAD = re.compile(r"^(?:Shares of )?(?P<co>[A-Z][\w&.'’-]*(?: [A-Z][\w&.'’-]*)*)")
_PRICE = re.compile(
    r"(?:stock price of|share price of) (?P<a>[A-Z][^,;]*?) (?:was|is|stood at|came to|as|at|reached)\b|"
    r"(?P<b>[A-Z][\w&.'’ -]*?)(?:'s?|’s?) (?:stock|share) price\b|"
    r"(?P<c>[A-Z][\w&.'’ -]*?) "
    r"(?:shares are trading at|shares traded at|closed at|trades at \$|is trading at)|"
    r"is the (?:stock|share) price of (?P<d>[A-Z][\w&.'’ -]*?)\b(?:[,.;]|$)"
)


class MarketFigures(TypedDict):
    violations: int
    rules: dict[str, RuleCheck]


def market_scan(pages: list[Page], questions: list[AuditQuestion]) -> MarketFigures:
    """Every rule (module docstring) over the questions and the pages read."""
    rules = {
        "trading on closed days (questions)": empty_rule(),
        "trading on closed days (pages)": empty_rule(),
        "profit above revenue": empty_rule(),
        "frozen prices": empty_rule(),
    }
    for q in questions:
        if _TRADE_Q.search(q.query) and (days := _figure_days(q.query)):
            why = [closed(d) for d in days if closed(d)]
            note(rules["trading on closed days (questions)"], bool(why), f"({', '.join(why)}) {q.query}")
    prices: dict[tuple[str, float], dict[dt.date, str]] = {}
    for page in pages:
        for s in page.lines:
            if not any(word in s for word in _TRADE_HINTS):  # (plain substrings first: 1 in 30 sentences)
                continue
            # a clause at a time: "X was audited on Sat, 17 Feb 2024, and the firm climbed 9 percent"
            for c in clauses(s):
                if _is_trading(c):
                    _trading_day(c, rules["trading on closed days (pages)"])
        _profit(page, rules["profit above revenue"])
        _prices(page, prices)
    frozen = rules["frozen prices"]
    for (company, value), told in sorted(prices.items()):
        sessions = sorted(told)
        note(frozen, len(sessions) > 1, f"{company} at {value:g} on {len(sessions)} sessions "
             f"({sessions[0]}, {sessions[-1]}): {told[sessions[-1]]}")  # fmt: skip
    return {"violations": sum(r["violations"] for r in rules.values()), "rules": rules}


# two sentences the splitter keeps as one after an abbreviation ("... sided with Dalstone Inc. Shipments at
# Dalstone Inc. fell 9 percent in September"): each is read alone
_JOINED = re.compile(r"\b((?:Inc|Corp|Co|Ltd|Bros|Jr|Sr|St|plc)\.) (?=[A-Z])")
# a figure's own period: a month, quarter or year it is over, not a day's session
_OWN_PERIOD = re.compile(
    r"\b(?:in|during|over|for|through|across|since) (?:the |its |this |last |that )?(?:(?:first|second|third|"
    r"fourth) )?(?:Jan\w*|Feb\w*|Mar\w*|Apr\w*|May|June?|July?|Aug\w*|Sep\w*|Oct\w*|Nov\w*|Dec\w*|quarter|"
    r"half|year|month|week|period|(?:19|20)\d\d)\b|\byear[- ]to[- ]date\b|\bQ[1-4]\b",
    re.I,
)


def clauses(s: str) -> list[str]:
    """The clauses of a sentence, each with its own date; a joined sentence's second part with no date or
    period of its own is of the first part's day ("Just before 4 a.m. on Saturday, analysts ... started
    coverage of North Synbridge Inc. The stock added 29 percent into the close": Saturday's close)."""
    out: list[str] = []
    for part in _JOINED.sub("\\1\n", s).split("\n"):
        first, *rest = CLAUSE.split(part)
        if out and not date_spans(first) and not _WEEKDAY.search(first) and not _OWN_PERIOD.search(first):
            day, dated = _WEEKDAY.search(out[-1]), [d for d, _ in date_spans(out[-1]) if d[2]]
            lead = day[0] if day else "On {:04d}-{:02d}-{:02d}".format(*dated[-1]) if dated else ""
            first = f"{lead}, {first}" if lead else first
        out += [first, *rest]
    return out


def _is_trading(clause: str) -> bool:
    """Whether a clause tells a trading figure ("At the close on ..., X holds an audience rating" does not;
    "closed at $41 in the previous session" is of the session before its date: no day of its own)."""
    if _NOT_PROFIT.search(clause) or _PREVIOUS.search(clause):
        return False
    if _CLOSE.search(clause):
        return _STOCK_FIGURE.search(clause) is not None
    return _TRADE.search(clause) is not None or (_MOVE.search(clause) and _STOCK.search(clause)) is not None


def _figure_days(text: str) -> list[dt.date]:
    """The full dates a trading figure in `text` is of (not a stamp of the page's update before it)."""
    out = []
    for (year, month, day), at in date_spans(text):
        if day and not _STAMP.search(text[max(0, at - 30) : at]):
            try:
                out.append(dt.date(year, month, day))
            except ValueError:  # "31 February": a bad date is not this line's
                continue
    return out


def _trading_day(s: str, rule: RuleCheck) -> None:
    days = _figure_days(s)
    why = [closed(d) for d in days if closed(d)]
    weekday = _WEEKDAY.search(s)
    if weekday is not None and not days:
        why.append(weekday[1].capitalize())
    if days or weekday is not None:
        note(rule, bool(why), f"({', '.join(why)}) {s}")


def _period(s: str) -> str:
    found = _PERIOD.search(s)
    if found is None:
        return ""
    if found["nth"] or found["q"]:
        return "Q" + (found["q"] or _NTH[found["nth"].lower()])
    return "H" + _NTH[found["half"].lower()] if found["half"] else "half" if found["hy"] else "year"


def _profit(page: Page, rule: RuleCheck) -> None:
    """Revenue and profit amounts per (company, period); a profit above a revenue of the same is one."""
    told: dict[tuple[str, str], tuple[list[float], list[float], list[str]]] = {}
    for s in page.lines:
        if not any(word in s for word in _RESULT_HINTS):
            continue
        word = _REVENUE.search(s) or _PROFIT.search(s)
        revenue, profit = _REVENUE.search(s) is not None, _PROFIT.search(s) is not None
        if word is None or revenue == profit or _NOT_PROFIT.search(s) or not (period := _period(s)):
            continue  # neither, or both in one sentence (which amount is which is unclear)
        amount = amount_after(s, word.end())
        if amount is None:
            continue
        lead = _LEAD.match(s)
        company = lead["co"] if lead is not None and lead["co"].split()[0] not in _ARTICLES else ""
        if not company and (inside := _NAMED.search(s)):
            # "The stock added 4 percent — Schaefer Corp. reported first-quarter revenue of $43 million": a
            # company named after the lead is the sentence's, not the page's (g44k read it as Miller
            # Technologies', the one company of its page with a profit)
            company = inside[0]
        entry = told.setdefault((company, period), ([], [], []))
        (entry[0] if revenue else entry[1]).append(amount)
        entry[2].append(s)
    named = {c for c, _ in told if c}
    if len(named) == 1:  # "the lean business" on a one-company page is that company
        (only,) = named
        for (company, period), entry in list(told.items()):
            if not company:
                main = told.setdefault((only, period), ([], [], []))
                main[0].extend(entry[0])
                main[1].extend(entry[1])
                main[2].extend(entry[2])
    for (company, period), (revenues, profits, said) in sorted(told.items()):
        if (company or not named) and revenues and profits:
            bad = max(profits) > min(revenues)
            note(rule, bad, f"{company} {period}: profit {max(profits):,.0f} > revenue {min(revenues):,.0f}: "
                 + " / ".join(x[:80] for x in said[:2]))  # fmt: skip


_UNITS = {"billion": 1e9, "bn": 1e9, "b": 1e9, "million": 1e6, "mn": 1e6, "mil": 1e6, "m": 1e6}


# a sentence the splitter keeps whole before a figure ("... ahead of outlook. $3.91 is the dividend of Boyer
# Corp.": the g25 world's "4 percent" read as revenue was this $3.91)
_NEXT_SENTENCE = re.compile(r"[.!?]\s+(?=[$€£])")
_ANY_MONEY = re.compile(
    r"(?:US\$|USD\s?|\$|€|£|EUR\s?|GBP\s?)\s?(?P<n>\d[\d,]*(?:\.\d+)?)\s*"
    r"(?P<unit>billion|bn|b|million|mn|mil|m)?\b",
    re.I,
)


# a clause's end: an amount before the word of revenue or profit is that word's only within its clause. The
# 20,000-question train world's "Brown Group posted cash flow for the fourth quarter worth $4m, a modest short
# of the consensus, while margins at Brown Group grew on calmer sales in the Nordics" read the cash flow's $4m
# as revenue ("sales" with no amount after it), below the quarter's operating profit of €22m
_CLAUSE = re.compile(r"[,;:—–]|\s-\s|\b(?:while|whereas|but|meanwhile|although|though)\b", re.I)


def amount_after(s: str, at: int) -> float | None:
    """The first amount in any of $, €, £ after position `at` of `s` (the word of revenue or profit), else the
    last before it in its clause ("booked $94m of operating income"; `_CLAUSE`), in its own sentence: never a
    glued next sentence's."""
    found = _ANY_MONEY.search(_NEXT_SENTENCE.split(s[at:], maxsplit=1)[0])
    if found is None:
        before = list(_ANY_MONEY.finditer(_CLAUSE.split(_NEXT_SENTENCE.split(s[:at])[-1])[-1]))
        found = before[-1] if before else None
    if found is None:
        return None
    return float(found["n"].replace(",", "")) * _UNITS.get((found["unit"] or "").lower(), 1.0)


_RELATIVE = re.compile(r"\b(?:yesterday|last \w+day|\d+ days ago|last week|earlier this week)\b", re.I)
_VALUE = re.compile(r"(?:US\$|USD\s?|\$)\s?(\d[\d,]*\.\d\d)\b|\b(\d[\d,]*\.\d\d) (?:USD|dollars)\b")


def _prices(page: Page, prices: dict[tuple[str, float], dict[dt.date, str]]) -> None:
    """Each company's price statements of the page with the session they are of."""
    for company, amount, session, s in price_statements(page):
        prices.setdefault((company, amount), {}).setdefault(session, s[:120])


def price_statements(page: Page) -> list[tuple[str, float, dt.date, str]]:
    """The page's stock prices: (company as written, amount, the session it is of, the sentence); the
    session is the sentence's own full date's, else the query day's (a weekend's is the Friday before)."""
    asked = day_date(page.asked)
    out = []
    for s in page.lines:
        if not any(word in s for word in _PRICE_HINTS):
            continue
        found, value = _PRICE.search(s), _VALUE.search(s)
        if found is None or value is None or "price-to-earnings" in s:
            continue
        company = (
            next(g for g in found.groups() if g).strip().removesuffix(" shares").removeprefix("Shares of ")
        )
        days = [d for (y, m, dd), _ in date_spans(s) if dd and (d := day_date((y, m, dd)))]
        if not days and _RELATIVE.search(s):
            continue  # "yesterday", "last Monday": a day before the query's, which one is loose
        when = days[0] if days else asked
        if when is not None:
            out.append((company, float((value[1] or value[2]).replace(",", "")), session_of(when), s))
    return out
