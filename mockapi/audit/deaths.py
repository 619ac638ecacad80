"""A KG person acting after his death at the precision a page gives: months, seasons, yearless dates, tables.

The g25 reader found Kumar Bertin, dead in 1957 by the KG, acting in December 1957 at rank 2. The lives line
holds a person's acts to his KG death by the year alone (`windows.violation`: an act in a year after the
death's) and reads content sentences with a year only. This rule reads what that leaves:

- an act of the person's own (`windows.NOW_ACTS` right after his name: told, performed, toured, hosted,
  spoke, ...) dated after the KG death day at the precision its date gives: a full date, a month ("In
  December 1957"), a season ("in the summer of 1957", "late 1957": its earliest day), or a month or season
  without a year ("in December", "last autumn": the latest day it can mean before the query day, as
  `relative` reads them);
- the same in a table row or line of the page's text that opens with a date ("1958-03-01 Kumar Bertin toured
  Oslo"), which no content-sentence scan reads.

An act in the death's own year is counted only when its date is after the death's day (a year alone, or a
month the person died in, may be before it: real people act in the year they die). Sentences the lives line
already counts (a year after the death's, in a content sentence) are left to it: no sentence is counted twice.
People are the KG's by exact name (case-variant twins are two people; a name two people share with
different deaths, or a place, work or organisation of the KG has too, is left out). A corpus without a KG
(real CRAG records) checks nothing. Target 0.
"""

from __future__ import annotations

import calendar
import datetime as dt
import json
import re
from pathlib import Path

from mockapi.audit import store
from mockapi.audit.data import kg_rows, table_names
from mockapi.audit.lifespans import LifeFigures, Page
from mockapi.audit.relative import latest_day
from mockapi.audit.rules import RuleCheck, empty_rule, note
from mockapi.audit.windows import CLAUSE, NOW_ACTS, Day, date_spans, dates_in, day_date

RULE = "acts after a KG death (months, seasons, tables)"
_SEASON = re.compile(
    r"\b(?:(?:the )?(?P<season>spring|summer|autumn|fall|winter)|(?P<part>late|early|mid)(?:[- ]in)?)"
    r"(?: of)?,? (?P<year>1[6-9]\d\d|20\d\d)\b",
    re.I,
)
_SEASON_START = {
    "spring": 3,
    "summer": 6,
    "autumn": 9,
    "fall": 9,
    "winter": 1,
    "late": 9,
    "early": 1,
    "mid": 5,
}
_DATED_ROW = re.compile(
    r"^(?:\d{4}-\d\d-\d\d|\d{1,2}/\d{1,2}/\d{4}|[A-Z][a-z]{2,8}\.? \d{1,2},? \d{4}|\d{4})\b"
)


def kg_deaths(world: Path | None) -> dict[str, Day]:
    """The KG's dead people by exact name: solo artists' end dates and open-domain people's deaths."""
    out: dict[str, Day] = {}
    clash: set[str] = set()
    if world is None or not (world / "kg.duckdb").is_file():
        return out

    def add(name: object, died: object) -> None:
        found = dates_in(str(died or ""))
        if name and found and out.setdefault(str(name), found[0]) != found[0]:
            clash.add(str(name))

    with store.connect(world / "kg.duckdb") as con:
        tables = table_names(con)
        if "music_artists" in tables:
            sql = "SELECT name, end_date FROM music_artists WHERE members IS NULL AND end_date IS NOT NULL"
            for name, end in con.execute(sql).fetchall():
                add(name, end)
        if "open_entities" in tables:
            for name, doc in con.execute("SELECT name, summary_structured FROM open_entities").fetchall():
                facts = json.loads(doc or "{}")
                if facts.get("birth_date") and facts.get("death_date"):
                    add(name, facts["death_date"])
    # a name a place, work or organisation of the KG also has ("ecologists from Segismundo Knox mapped the
    # walkways") names no person for sure
    sql = "SELECT name FROM entities WHERE kind NOT IN ('person', 'artist')"
    other = {str(n) for (n,) in kg_rows(world, {"entities"}, sql)}
    return {n: d for n, d in out.items() if n not in clash and n not in other and " " in n}


def earliest(day: Day) -> dt.date:
    """The first day a date at its precision can mean."""
    return dt.date(day[0], day[1] or 1, day[2] or 1)


def last(day: Day) -> dt.date:
    """The last day a date at its precision can mean (a death given as a year: its 31 December)."""
    month = day[1] or 12
    return dt.date(day[0], month, day[2] or calendar.monthrange(day[0], month)[1])


def act_day(clause: str, asked: dt.date | None) -> tuple[dt.date, bool] | None:
    """The earliest day the act of a clause can be on, and whether the clause wrote a year."""
    spans = [d for d, _ in date_spans(clause)]
    season = _SEASON.search(clause)
    if season is not None:
        start = _SEASON_START[(season["season"] or season["part"]).lower()]
        return dt.date(int(season["year"]), start, 1), True
    if spans:
        try:
            return max(earliest(d) for d in spans), True
        except ValueError:
            return None
    if asked is not None and (latest := latest_day(clause, asked)) is not None:
        return latest, False
    return None


def death_scan(pages: list[Page], world: Path | None) -> RuleCheck:
    """Acts of dead KG people after their death day (module docstring)."""
    rule = empty_rule()
    deaths = kg_deaths(world)
    if not deaths:
        return rule
    first: dict[str, list[str]] = {}
    for name in deaths:
        first.setdefault(name.split()[0], []).append(name)
    for page in pages:
        asked = day_date(page.asked)
        content = set(page.lines)
        rows = [line for line in page.text.split("\n") if _DATED_ROW.match(line) and line not in content]
        for line in [*page.lines, *rows]:
            for word in dict.fromkeys(w for w in line.split() if w in first):
                for name in first[word]:
                    if name in line:
                        _check(line, name, deaths[name], asked, line in content, rule)
    return rule


def _check(line: str, name: str, died: Day, asked: dt.date | None, content: bool, rule: RuleCheck) -> None:
    for clause in CLAUSE.split(line):
        after = clause.split(name, 1)
        if len(after) < 2 or NOW_ACTS.match(after[1].lstrip(" ,")) is None:
            continue
        found = act_day(clause, asked) or (act_day(line, asked) if not content else None)
        if found is None:
            continue
        day, with_year = found
        if content and with_year and day.year > died[0]:
            continue  # the lives line's (a year after the death's, in a content sentence)
        note(
            rule,
            day > last(died),
            f"{name} (died {'-'.join(str(x).zfill(2) for x in died if x)}; act {day}): {line}",
        )


def with_deaths(found: LifeFigures, pages: list[Page], world: Path | None) -> LifeFigures:
    """The lives line with `death_scan` added (its count, a first example, and the rule)."""
    rule = death_scan(pages, world)
    out: LifeFigures = {**found, "violations": found["violations"] + rule["violations"]}
    out["examples"] = [*found["examples"], *rule["examples"][:1]]
    out["rules"] = {**found.get("rules", {}), RULE: rule}
    return out
