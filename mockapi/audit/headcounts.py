"""Sizes no team or company has: headcounts beyond a company's staff, points per game beyond a player's.

The g25 reader found "relocated 5.8K managers" at a company the KG gives 3,235 employees (the world engineer:
540 managers laid off at a 1,001-employee firm), and a roster at 55.01 / 49.76 / 40.28 points per game (the
world's largest 59.26, a roster summing to 261). Three rules, each a bound a real page keeps:

- **headcounts against the KG's staff**: a clause naming a KG company (as `amounts` finds it: its name up to
  the security's class, its ticker, or "the firm/company/group" of a page whose head names it) that lays off,
  cuts, hires, adds, moves, relocates, retrains or recruits N people (staff, workers, employees, managers,
  engineers, contractors, drivers, ...) above `HEADCOUNT` of the KG's full-time employees
  (`fin_info.fullTimeEmployees`): a one-site move or a year's hiring is a few percent of a company, and a
  cut above a twentieth is a restructuring the page would name as one;
- **a player's points per game** above `PLAYER_PPG` (the NBA's record season is 50.4, in 1962; no one has
  averaged 40 since 1963), read where a page gives a named player's figure ("X is averaging 28.10 points per
  game", "X's points per game is 14.17", "The points per game of X is 38.22") or a row of a table headed
  "points per game"/"PPG" ("1 Mike Walter 45.65"); team figures (a KG team's name, "The ...", team words),
  and figures of 75 or more (a team's) are not a player's;
- **a roster's points per game**: on a page about one team (its head names a KG team or says "roster"; the
  pages of any rank whose result title names a roster are read too, `roster_pages`), the players' figures
  summed above `ROSTER_PPG` (a real NBA team scores 100-125 a game; its players' averages sum
  to about that).

Counted over the pages `lifespans.read_pages` reads (the page-text pass the other dated scans share). The
headcount rule needs a KG (a real corpus checks nothing); the fixture reads 0 on the others. Target 0.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from mockapi.audit.amounts import _ANAPHOR, _named, head_company
from mockapi.audit.data import AuditQuestion, Corpus, kg_rows
from mockapi.audit.lifespans import Page, query_day
from mockapi.audit.markets import clauses
from mockapi.audit.prices import kg_companies
from mockapi.audit.rules import RuleCheck, RuleGroup, empty_rule, note
from mockapi.audit.text import sentences

HEADCOUNT = 0.05
PLAYER_PPG = 40.0
TEAM_PPG = 75.0
ROSTER_PPG = 140.0
ROSTER_PAGES = 300
RULES = (
    f"headcounts above {HEADCOUNT:.0%} of the KG's staff",
    f"a player's points per game above {PLAYER_PPG:g}",
    f"a roster's points per game summing above {ROSTER_PPG:g}",
)
_PEOPLE = (
    r"(?:staff(?:ers)?|workers|employees|managers|engineers|contractors|drivers|jobs|roles|positions|people|"
    r"hires|technicians|analysts|salespeople|nurses|recruits|developers|researchers|agents|clerks|"
    r"operators|specialists|consultants|executives|scientists|designers|programmers)"
)
_HEADCOUNT = re.compile(
    r"\b(?:laid off|lay off|lays off|laying off|cut|cuts|cutting|shed|sheds|shedding|hired|hires|hiring|"
    r"added|adds|adding|moved|moves|relocated|relocates|retrained|retrains|recruited|recruits|took on|"
    r"takes on|brought on|brings on|furloughed|let go|onboarded|transferred|reassigned|eliminated|axed|"
    r"trimmed)\s+"
    r"(?:about |around |roughly |nearly |some |over |more than |up to |another |a further )?"
    rf"(?P<n>\d[\d,]*(?:\.\d+)?)\s?(?P<k>[Kk]\b|thousand\b)?\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\b"
)
_NAME = r"(?P<name>[A-Z][\w'’.-]+(?: [A-Z][\w'’.-]+){0,3})"
_NUM = r"(?P<v>\d{1,3}(?:\.\d+)?)"
_PPG = (
    re.compile(rf"{_NAME}(?:'s?|’s?) (?:listed |reported |season )?(?:points per game|PPG|ppg)\b"
               rf"(?: average)? (?:is|was|stands at|stood at|came to|sits at|of)\D{{0,25}}?{_NUM}\b"),
    re.compile(rf"\b(?:points per game|PPG|ppg) (?:average )?(?:of|for) {_NAME} (?:is|was|stands at|stood at|"
               rf"came to)\D{{0,25}}?{_NUM}\b"),
    re.compile(rf"{_NAME} (?:is|was|has been) (?:averaging|putting up|scoring) {_NUM} (?:points|PPG|ppg)\b"
               r"(?: per game| a game| a night)?"),
    re.compile(rf"{_NAME} (?:averages|averaged) {_NUM} (?:points (?:per|a) (?:game|night)|PPG|ppg)\b"),
)  # fmt: skip
_PPG_HINTS = ("points per game", "PPG", "ppg", "averaging", "averages", "averaged", "points a game")
_TABLE_HEAD = re.compile(r"\b(?:points per game|PPG)\b", re.I)
_ROW = re.compile(
    r"^(?:\d{1,2}\.?\s+)?(?P<name>[A-Z][\w'’.-]+(?: [A-Z][\w'’.-]+){1,3})\s+(?P<v>\d{1,3}\.\d{1,2})$"
)
_TEAMISH = re.compile(
    r"^(?:The|Their|Its|Our|This|That)\b|\b(?:team|club|squad|side|offense|offence|unit)\b", re.I
)
_ROSTER = re.compile(r"\broster\b", re.I)


def size_scan(pages: list[Page], world: Path | None, rosters: Sequence[Page] = ()) -> RuleGroup:
    """Every rule (module docstring) over the pages read; the points-per-game rules also over `rosters`
    (`roster_pages`)."""
    rules = {rule: empty_rule() for rule in RULES}
    _headcounts(pages, world, rules[RULES[0]])
    teams = {str(n) for (n,) in kg_rows(world, {"entities"},
             "SELECT name FROM entities WHERE kind IN ('nba_team', 'soccer_team')")}  # fmt: skip
    for page in [*pages, *rosters]:
        players = page_ppg(page, teams)
        for name, value in players.items():
            note(rules[RULES[1]], value > PLAYER_PPG, f"{name} {value:g} points per game: {page.head[:60]!r}")
        if len(players) > 1 and (_ROSTER.search(page.head) or any(t in page.head for t in teams)):
            total = sum(players.values())
            said = f"{len(players)} players summing to {total:.1f} points per game: {page.head[:60]!r}"
            note(rules[RULES[2]], total > ROSTER_PPG, said)
    return {"violations": sum(r["violations"] for r in rules.values()), "rules": rules}


def roster_pages(corpus: Corpus, qs: list[AuditQuestion]) -> list[Page]:
    """The pages of any rank of any question whose result title names a roster (a team's page of players'
    figures: the top 10 of 200 questions hold few), each once, at most `ROSTER_PAGES`, by page id."""
    asked = {r.page_id: q.query_time for q in qs for r in q.results if _ROSTER.search(r.name)}
    wanted = sorted(asked)[:ROSTER_PAGES]
    out = []
    for pid, text in corpus.text(wanted).items():
        day = query_day(asked[pid])
        out.append(Page(day[0], text[:300], sentences(text), [], {}, day, text))
    return out


def page_ppg(page: Page, teams: set[str]) -> dict[str, float]:
    """Each named player's points per game a page gives (the first figure of each), from its sentences and
    its tables headed "points per game"."""
    out: dict[str, float] = {}

    def add(name: str, value: str) -> None:
        name = name.strip()
        v = float(value)
        if v < TEAM_PPG and name not in teams and not _TEAMISH.search(name):
            out.setdefault(name, v)

    for s in page.every:
        if any(h in s for h in _PPG_HINTS):
            for pattern in _PPG:
                for found in pattern.finditer(s):
                    add(found["name"], found["v"])
    lines = page.text.split("\n")
    for i, line in enumerate(lines):
        if _TABLE_HEAD.search(line) and len(line) < 80:
            for row in lines[i + 1 : i + 40]:
                cells = _ROW.match(row.strip())
                if cells is None:
                    break
                add(cells["name"], cells["v"])
    return out


def kg_staff(world: Path | None) -> dict[str, int]:
    """The KG's full-time employees per ticker, where it gives them."""
    out: dict[str, int] = {}
    for ticker, doc in kg_rows(world, {"fin_info"}, "SELECT ticker, doc FROM fin_info"):
        staff = json.loads(doc or "{}").get("fullTimeEmployees")
        if isinstance(staff, (int, float)) and staff > 0:
            out[str(ticker)] = int(staff)
    return out


def _headcounts(pages: list[Page], world: Path | None, rule: RuleCheck) -> None:
    companies = kg_companies(world)
    staff = kg_staff(world)
    if not companies or not staff:
        return
    by_word: dict[str, list[str]] = {}
    for name in companies:
        by_word.setdefault(name.split()[0], []).append(name)
    tickers = set(companies.values())
    for page in pages:
        own: str | bool | None = False  # the page head's company, read when a clause needs it
        for s in page.lines:
            if _HEADCOUNT.search(s) is None:
                continue
            for clause in clauses(s):
                found = _HEADCOUNT.search(clause)
                if found is None:
                    continue
                ticker = _named(clause, by_word, tickers, companies)
                if ticker is None and _ANAPHOR.search(clause):
                    if own is False:
                        own = head_company(page.head, by_word, tickers, companies)
                    ticker = own if isinstance(own, str) else None
                if ticker is None or ticker not in staff:
                    continue
                n = float(found["n"].replace(",", "")) * (1000 if found["k"] else 1)
                share = n / staff[ticker]
                note(rule, share > HEADCOUNT,
                     f"{n:,.0f} of {staff[ticker]:,} staff ({share:.0%}) at {ticker}: {s}")  # fmt: skip
