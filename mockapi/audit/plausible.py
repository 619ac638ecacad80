"""Plausibility scan: facts of the world's KG that cannot all be true, and totals that shrink over time.

Read from kg.duckdb (a world's; real records have no KG, so only the page rule runs on them). Years are the
first 4-digit year of a field ("{{birth date|1910|5|17}}", "1975-05-13", "1981").

- **born before founding**: an organisation's `founded_by` person was born after its founding year.
- **alive when founding**: its founder died before that year.
- **founded before listed**: a company's first trade date (`firstTradeDateEpochUtc`) is before the year its
  business summary says it was "founded in".
- **alive when acting**: a film person acted in (`acted_in`) a film released before the person's birth.
- **performed after forming**: an artist or band performed (`performed`) a song released before the
  artist's birth or the band's forming.
- **monotone totals** (pages): on one page, two sentences give a running total ("as of 2021 it had won 20
  Grammy awards": a count of awards, titles, championships, trophies, with a word that makes it a total) of
  the same noun about the same named things (a list page gives several artists' totals), each with one year,
  and the later year has the smaller count. Measured on the gold pages
  of the sampled questions.
"""

from __future__ import annotations

import itertools
import json
import re
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TypedDict

import duckdb

from mockapi.audit import store
from mockapi.audit.amounts import AmountFigures
from mockapi.audit.anatomy import Anatomy
from mockapi.audit.consistency import Contradictions, names, tokens
from mockapi.audit.eras import EraFigures
from mockapi.audit.hops import HopFigures
from mockapi.audit.kinds import KindFigures
from mockapi.audit.labels import LabelFigures
from mockapi.audit.lifespans import AgeFigures, LifeFigures
from mockapi.audit.lookalikes import LookalikeFigures
from mockapi.audit.magnitudes import MagnitudeFigures
from mockapi.audit.markets import MarketFigures
from mockapi.audit.offsets import OffsetFigures
from mockapi.audit.rules import EXAMPLES, RuleCheck, RuleGroup, empty_rule
from mockapi.audit.sequels import SequelFigures
from mockapi.audit.text import sentences

_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
_FOUNDED = re.compile(r"founded in (\d{4})", re.I)
_TOTAL = re.compile(
    r"\b(\d{1,4})\s+(?:career\s+|total\s+)?((?:grammy|oscar|academy|emmy)?\s?(?:awards?|titles|"
    r"championships|trophies|grammys|oscars))\b",
    re.I,
)
# a count is a running total only when the sentence says so (a season's titles may fall from year to year)
_CUMULATIVE = re.compile(
    r"\b(?:as of|by|career|total|in all|to date|so far|tally|(?:has|have|had) (?:won|collected|earned))\b",
    re.I,
)


class Plausibility(TypedDict):
    violations: int
    rules: dict[str, RuleCheck]


class ConsistencyFigures(TypedDict):
    """The audit's `consistency` group."""

    contradictions: Contradictions
    plausibility: Plausibility
    lifespan: LifeFigures
    ages: AgeFigures
    anachronisms: EraFigures
    magnitudes: MagnitudeFigures
    markets: MarketFigures
    sequels: SequelFigures
    kinds: KindFigures
    offsets: OffsetFigures  # joins the future line (report.py), with `relative`'s late dates
    labels: LabelFigures
    amounts: AmountFigures
    hops: HopFigures
    lookalikes: LookalikeFigures
    ages_asked: RuleGroup  # the g25 reading's classes (`asked`, `headcounts`, `media`)
    repeats: RuleGroup
    sizes: RuleGroup
    media: RuleGroup
    buildings: RuleGroup
    quotes: RuleGroup  # the g26 reading's classes (`quotes`, `founding`, `golds`, `boxes`)
    founding: RuleGroup
    lists: RuleGroup
    twins: RuleGroup
    boxes: RuleGroup
    sessions: RuleGroup  # the g27 reading's classes (`sessionfigs`, `rosters`, `seasons`, `everyday`, ...)
    rosters: RuleGroup
    seasons: RuleGroup
    everyday: RuleGroup
    partials: RuleGroup
    places: RuleGroup  # the g29 reading's class (`places`): its two rules are two lines of the report
    # the g30/g32 readings' classes: falling running totals, animated films shot live, awards past a record
    cumulative: RuleGroup
    animated: RuleGroup
    records: RuleGroup


def _year(text: Any) -> int | None:
    match = _YEAR.search(str(text or ""))
    return int(match.group(1)) if match else None


def kg_rules(world: Path) -> dict[str, RuleCheck]:
    """Violations per KG rule (module docstring), with a few examples each."""
    con = store.connect(world / "kg.duckdb")
    try:
        out = {
            **_founders(con),
            "founded before listed": _listing(con),
            "alive when acting": _pairs(
                con,
                "SELECT p.name, p.birthday, m.title, m.release_date FROM kg_edges e "
                "JOIN entities pe ON pe.entity_id = e.src JOIN entities me ON me.entity_id = e.dst "
                "JOIN movie_persons p ON p.name = pe.name JOIN movie_movies m ON m.title = me.name "
                "WHERE e.rel = 'acted_in'",
            ),
            "performed after forming": _pairs(
                con,
                "SELECT a.name, a.birth_date, s.name, s.date FROM kg_edges e "
                "JOIN entities ae ON ae.entity_id = e.src JOIN entities se ON se.entity_id = e.dst "
                "JOIN music_artists a ON a.name = ae.name JOIN music_songs s ON s.name = se.name "
                "WHERE e.rel = 'performed'",
            ),
        }
    finally:
        con.close()
    return out


def _founders(con: duckdb.DuckDBPyConnection) -> dict[str, RuleCheck]:
    rows = con.execute(
        "SELECT org.name, o.summary_structured, per.name, p.summary_structured FROM kg_edges e "
        "JOIN entities org ON org.entity_id = e.src JOIN entities per ON per.entity_id = e.dst "
        "JOIN open_entities o ON o.name = org.name JOIN open_entities p ON p.name = per.name "
        "WHERE e.rel = 'founded_by'"
    ).fetchall()
    born, alive = empty_rule(), empty_rule()
    for org, org_doc, person, person_doc in rows:
        o, p = json.loads(org_doc), json.loads(person_doc)
        founded = _year(o.get("founded") or o.get("established_date"))
        birth, death = _year(p.get("birth_date")), _year(p.get("death_date"))
        if founded is None:
            continue
        checks = ((born, birth, birth is not None and founded < birth),
                  (alive, death, death is not None and founded > death))  # fmt: skip
        for rule, year, bad in checks:
            if year is None:
                continue
            rule["checked"] += 1
            if bad:
                rule["violations"] += 1
                if len(rule["examples"]) < EXAMPLES:
                    rule["examples"].append(f"{org} founded {founded} by {person} ({birth}-{death or ''})")
    return {"born before founding": born, "alive when founding": alive}


def _listing(con: duckdb.DuckDBPyConnection) -> RuleCheck:
    out = empty_rule()
    for ticker, doc in con.execute("SELECT ticker, doc FROM fin_info").fetchall():
        info = json.loads(doc)
        founded = _FOUNDED.search(str(info.get("longBusinessSummary") or ""))
        first = info.get("firstTradeDateEpochUtc")
        if not founded or not isinstance(first, (int, float)):
            continue
        listed = datetime.fromtimestamp(first, tz=timezone.utc).year
        out["checked"] += 1
        if listed < int(founded.group(1)):
            out["violations"] += 1
            if len(out["examples"]) < EXAMPLES:
                out["examples"].append(f"{ticker} founded {founded.group(1)}, listed {listed}")
    return out


def _pairs(con: duckdb.DuckDBPyConnection, sql: str) -> RuleCheck:
    """(who, born, what, released) rows: a violation when the release year is before the birth year."""
    out = empty_rule()
    for who, born, what, released in con.execute(sql).fetchall():
        b, r = _year(born), _year(released)
        if b is None or r is None:
            continue
        out["checked"] += 1
        if r < b:
            out["violations"] += 1
            if len(out["examples"]) < EXAMPLES:
                out["examples"].append(f"{who} (born {b}) in {what} ({r})")
    return out


def monotone_totals(pages: dict[str, Anatomy]) -> RuleCheck:
    """Pages where a later year states a smaller cumulative total of the same noun (module docstring)."""
    out = empty_rule()
    for pid, page in sorted(pages.items()):
        totals: dict[str, list[tuple[int, int, str]]] = defaultdict(list)
        for sentence in sentences(page.content_text):
            years = set(_YEAR.findall(sentence))
            if len(years) != 1 or not _CUMULATIVE.search(sentence):
                continue
            for count, noun in _TOTAL.findall(sentence):
                if not _YEAR.fullmatch(count):
                    key = " ".join([noun.lower().strip(), *sorted(names(tokens(sentence)))])
                    totals[key].append((int(years.pop()), int(count), sentence))
                    break
        for noun, seen in totals.items():
            if len(seen) < 2:
                continue
            out["checked"] += 1
            ordered = sorted(seen)
            if any(a[0] < b[0] and a[1] > b[1] for a, b in itertools.pairwise(ordered)):
                out["violations"] += 1
                if len(out["examples"]) < EXAMPLES:
                    out["examples"].append(f"{pid[:16]} {noun}: {[(y, c) for y, c, _s in ordered]}")
    return out


def plausibility_scan(world: Path | None, pages: dict[str, Anatomy]) -> Plausibility:
    """Every rule's counts and the total of violations."""
    rules = kg_rules(world) if world is not None and (world / "kg.duckdb").is_file() else {}
    rules["monotone totals"] = monotone_totals(pages)
    return {"violations": sum(r["violations"] for r in rules.values()), "rules": rules}
