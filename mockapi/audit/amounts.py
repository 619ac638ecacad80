"""Finance amounts against the company's size: a buyback, deal, loan, revenue, profit or dividend total no
company of the KG's market value could state.

The g24 reader found "Fenova Holdings Inc. confirmed a $4 billion share buyback" for a company whose KG market
cap is $0.33bn (a buyback twelve times the company), a €6bn term loan and $6bn of quarterly revenue at
companies worth $0.33-1.7bn. A clause of a page's content sentence that names a KG company (its name up to
the security's class, or its ticker; "the firm", "the company", "the group" is the company the page's head
names) and states an amount of one of these kinds is held to the company's KG market cap
(`fin_marketcap`), the amount taken at face value in any of $, €, £ (a euro or a pound is worth more than a
dollar, so this under-reads) and spread over a year when the clause says a quarter (x4) or a half (x2). The
ratios a listed company never shows, each far from what real filings report:

- **buyback** above 1x the market cap: a company cannot buy back more than all of its shares (the largest
  programmes, Apple's $110bn of 2024, are a few percent of the company);
- **acquisition** above 5x: acquirers rarely pay more than their own value (Charter's $78bn for Time Warner
  Cable in 2015, about 3-4x Charter, is the famous stretch);
- **loan, bonds, notes, a convertible** above 5x in one issue (a whole balance sheet's debt of a few times
  equity is a distressed company's, not one deal);
- **revenue or sales** above 50x a year (a price/sales ratio under 0.02: only retailers in bankruptcy read so
  low; ordinary companies 0.3-10);
- **profit, net income, earnings** above 2x a year (a P/E under 0.5: no market prices a company so);
- **dividends paid** in total above 1x a year (a 100 % yield).

Counted over the pages `lifespans.read_pages` reads, a line of its own ("finance amounts against the KG's
size": the numbers line keeps its measured figures). A
corpus without a KG (real CRAG records) checks nothing; its finance pages were read for the forms and their
ratios (docs/audit.md). Target 0.
"""

from __future__ import annotations

import re
from pathlib import Path

from mockapi.audit.data import kg_rows
from mockapi.audit.lifespans import Page, whole
from mockapi.audit.markets import clauses
from mockapi.audit.prices import kg_companies, strip_class
from mockapi.audit.rules import RuleCheck, RuleGroup, empty_rule, note

RULE = "finance sizes against the KG market cap"
# (kind, the words that tell it, the most a year's amount can be in market caps)
KINDS = (
    ("buyback", re.compile(r"\b(?:buy-?backs?|repurchas\w+|buy back)\b", re.I), 1.0),
    ("acquisition", re.compile(r"\b(?:acqui\w+|takeover|take over|merger)\b", re.I), 5.0),
    (
        "debt",
        re.compile(r"\b(?:loans?|bonds?|notes|convertibles?|credit facility|commercial paper|debt)\b", re.I),
        5.0,
    ),
    ("revenue", re.compile(r"\b(?:revenues?|sales|turnover)\b", re.I), 50.0),
    ("profit", re.compile(r"\b(?:profits?|net income|earnings|operating income|ebitda)\b", re.I), 2.0),
    ("dividends", re.compile(r"\bdividends? (?:payout|payments?|totall?ing|of)\b|\bpaid out\b", re.I), 1.0),
)
# a year's revenue a page states (a quarter's x4) above this many times the KG's own trailing revenue
# (`fin_info.totalRevenue`): a real company's quarter, seasons included, is within a factor of two of a
# quarter of its trailing year
REVENUE = 5.0
_MONEY = re.compile(
    r"(?:US\$|USD ?|EUR ?|GBP ?|[$€£]) ?(?P<n>\d[\d,]*(?:\.\d+)?) ?"
    r"(?P<unit>trillion|billion|million|tn|bn|mn|m|b)?\b"
    r"|\b(?P<n2>\d[\d,]*(?:\.\d+)?) (?P<unit2>trillion|billion|million) (?:dollars|euros|pounds)\b",
    re.I,
)
_UNITS = {
    "trillion": 1e12,
    "tn": 1e12,
    "billion": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "million": 1e6,
    "mn": 1e6,
    "m": 1e6,
}
_QUARTER = re.compile(r"\b(?:quarter\w*|Q[1-4]|three months)\b", re.I)
_HALF = re.compile(r"\b(?:half-year|half year|first half|second half|six months|H[12])\b", re.I)
_PER_SHARE = re.compile(r"\bper share\b|\ba share\b", re.I)
_ANAPHOR = re.compile(r"\b[Tt]he (?:[a-z-]+ )?(?:firm|company|group|business|lender|insurer|bank)\b")
_TICKER = re.compile(r"\b[A-Z]{2,5}\b")
_REVENUE = re.compile(r'"totalRevenue": (-?\d+(?:\.\d+)?)')


AmountFigures = RuleGroup


def amount_figures(pages: list[Page], world: Path | None) -> AmountFigures:
    """`amount_scan` as the audit's group (its own line)."""
    rule = amount_scan(pages, world)
    return {"violations": rule["violations"], "rules": {RULE: rule}}


def amount_scan(pages: list[Page], world: Path | None) -> RuleCheck:
    """Amounts of KG companies against their market caps (module docstring)."""
    rule = empty_rule()
    companies = kg_companies(world)
    sql = "SELECT ticker, value FROM fin_marketcap"
    caps = {str(t): float(v) for t, v in kg_rows(world, {"fin_marketcap"}, sql) if v}
    if not companies or not caps:
        return rule
    revenue = kg_revenue(world)
    by_word: dict[str, list[str]] = {}
    for name in companies:
        by_word.setdefault(name.split()[0], []).append(name)
    tickers = set(companies.values())
    for page in pages:
        own = head_company(page.head, by_word, tickers, companies)
        for s in page.lines:
            if _MONEY.search(s) is None:
                continue
            for clause in clauses(s):
                found = _statement(clause, by_word, tickers, companies, own)
                if found is None or found[0] not in caps:
                    continue
                ticker, kind, amount, most = found
                ratio = amount / caps[ticker]
                sold = amount / revenue[ticker] if kind == "revenue" and revenue.get(ticker) else 0.0
                told = f" ({sold:.0f}x the KG's revenue)" if sold else ""
                said = (
                    f"{kind} {amount / 1e9:.2f}bn a year, {ratio:.1f}x the KG cap {caps[ticker] / 1e9:.2f}bn"
                )
                note(rule, ratio > most or sold > REVENUE, f"{said} of {ticker}{told}: {s}")
    return rule


def kg_revenue(world: Path | None) -> dict[str, float]:
    """The KG's trailing revenue per ticker (`fin_info`), where it gives one."""
    out: dict[str, float] = {}
    for ticker, doc in kg_rows(world, {"fin_info"}, "SELECT ticker, doc FROM fin_info"):
        found = _REVENUE.search(str(doc))
        if found is not None and float(found[1]) > 0:
            out[str(ticker)] = float(found[1])
    return out


def _named(
    text: str, by_word: dict[str, list[str]], tickers: set[str], companies: dict[str, str]
) -> str | None:
    """The ticker of the KG company `text` names first (the longest name at one place), else of a ticker."""
    found = [(text.find(n), -len(n), n) for w in dict.fromkeys(text.split()) for n in by_word.get(w, ())
             if whole(n, text)]  # fmt: skip
    if found:
        return companies[min(found)[2]]
    return next((t for t in _TICKER.findall(text) if t in tickers), None)


def head_company(
    head: str, by_word: dict[str, list[str]], tickers: set[str], companies: dict[str, str]
) -> str | None:
    """The ticker of the company a page's head is about: the one its first line names up to the security's
    class, else the first the head names. `whole` reads a capitalised word after a name as a longer name, so
    "Rynex Ltd. Ordinary Shares - Everything Explained | Parent company: Octvanta Therapeutics Inc." named
    only the parent (the 20,000-question train world's "430 of 191 staff at OCT" was Rynex Ltd.'s 430)."""
    first = head.split("\n", 1)[0]
    return _named(strip_class(first), by_word, tickers, companies) or _named(
        head, by_word, tickers, companies
    )


def _statement(
    clause: str, by_word: dict[str, list[str]], tickers: set[str], companies: dict[str, str], own: str | None
) -> tuple[str, str, float, float] | None:
    """(ticker, kind, amount over a year, the most it may be in market caps) of a clause, or None."""
    kind = next(((k, most) for k, words, most in KINDS if words.search(clause)), None)
    money = _MONEY.search(clause)
    if kind is None or money is None or _PER_SHARE.search(clause):
        return None
    ticker = _named(clause, by_word, tickers, companies)
    if ticker is None and _ANAPHOR.search(clause):
        ticker = own
    if ticker is None:
        return None
    number = float((money["n"] or money["n2"]).replace(",", ""))
    unit = (money["unit"] or money["unit2"] or "").lower()
    amount = number * _UNITS.get(unit, 1.0)
    if kind[0] in ("revenue", "profit", "dividends"):
        amount *= 4 if _QUARTER.search(clause) else 2 if _HALF.search(clause) else 1
    return ticker, kind[0], amount, kind[1]
