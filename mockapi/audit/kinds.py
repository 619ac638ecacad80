"""Kinds: a concept of the KG (a principle, theorem, paradox, ...) told as if it were a place to visit.

The g22 reader found "Lonely Valley principle" (the KG: "In physics, the Lonely Valley principle is a result
first described by Hansjörg Tielemans in 1877") on pages where "Parking at Lonely Valley principle sets
visitors back £13", "A heatwave closed a gallery at Lonely Valley principle" and it "reopened its north gate".
The KG's open-domain concepts (`entities` of kind `concept` whose name holds a concept noun: principle,
theorem, conjecture, hypothesis, paradox, effect, cycle, equation, scale, law, theory, model, method; no
"(city)"-style qualifier) are ideas: a content sentence that names one with a place's amenities (parking,
opening hours, admission, tickets, visitors, a gallery, a gift shop, a gate, guided tours, a café, "reopened")
is a violation, and so are a place's upkeep and people (trails, paths, rangers, curators, repairs, benches, a
school group's visit, a founding: an idea is "first described", not founded; but a founding year that is the
KG's own year of the concept is a wrong word for its origin, not a place, and is not counted). Real pages have
no such KG and read 0 by construction; the amenity words are those a page about an idea never needs. Counted
over the pages `lifespans.read_pages` reads. Target 0.

Since the g24 reading a second rule, **places sold with tickets**: a KG place (an open-domain `place`: a town,
village or area, "Saint Larkridge, 309 km²") named in a sentence with an admission price ("Entry to Saint
Larkridge costs €30", "A day ticket for Saint Larkridge comes to £20", "An annual pass at X is priced at
$11.50"): a town is lived in, not entered with a ticket (a museum or park in it is named as such, "the X
museum", and is not the place).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TypedDict

from mockapi.audit import store
from mockapi.audit.data import kg_rows, table_names
from mockapi.audit.lifespans import Page, whole
from mockapi.audit.rules import RuleCheck, empty_rule, note

_NOUN = re.compile(
    r"\b(principle|theorem|conjecture|hypothesis|paradox|effect|cycle|equation|scale|law|theory|model|method)\b"
)
_AMENITY = re.compile(
    r"\b(?:parking|car park|opening hours|open daily|admission|entry fee|entrance fee|tickets?|visitors?|"
    r"galler(?:y|ies)|gift shop|(?:north|south|east|west|main) gate|gates|guided tours?|café|cafe|reopened|"
    r"annual pass|season pass|restrooms|picnic|trails?|paths|walkways|guided (?:walk|hike)s?|rangers|wardens|"
    r"curators|entrance|entry (?:for|fee)|free entry|repairs|upkeep|benches|footbridge|busiest|crowds?|"
    r"school group|visited|stopped at|spent \d+ days at|founding year|founded|established|grounds|"
    r"new building|invasive scrub|seeds|crowded|quietest|emptiest|night tours|halls?|wing|footpath|pier|"
    r"volunteers|membership scheme)\b",
    re.I,
)


_TICKET = re.compile(
    r"\b(?:entry|admission|entrance|(?:day|family|annual|season|adult|child) (?:ticket|pass)(?:es)?|"
    r"entry fee|entrance fee|admission fee)\b",
    re.I,
)
_PRICE = re.compile(r"[$€£]\s?\d|\b\d+(?:\.\d+)? (?:dollars|euros|pounds)\b")
# a sight inside the place, named as such: its tickets are the sight's
_SIGHT = re.compile(
    r"\b(?:museum|gallery|zoo|park|castle|cathedral|palace|aquarium|stadium|arena|theatre|theater|exhibition|"
    r"festival|fair|tour|cruise|garden|observatory|library)\b",
    re.I,
)
PLACES = "places sold with tickets"


class KindFigures(TypedDict):
    violations: int
    rules: dict[str, RuleCheck]


# "The founding year of Red cycle is 1837" states the KG's own year of a concept first described in 1837:
# a wrong word for its origin (a question's wording), not an amenity; a founding with any other year is one
_FOUNDING = re.compile(r"\b(?:founding year|founding date|founded|established)\b", re.I)


def kg_years(world: Path | None) -> dict[str, str]:
    """The year each KG concept was first described (`open_entities`' "year"), by name."""
    rows = kg_rows(
        world, {"open_entities"}, "SELECT name, summary_structured FROM open_entities ORDER BY ord"
    )
    out: dict[str, str] = {}
    for name, doc in rows:
        try:
            year = json.loads(doc or "{}").get("year")
        except json.JSONDecodeError:
            continue
        if year:
            out.setdefault(str(name), str(year))
    return out


def _amenity(s: str, name: str, years: dict[str, str]) -> bool:
    """Whether `s` gives the concept `name` a place's amenity (its own KG year called a founding is not)."""
    found = [m[0] for m in _AMENITY.finditer(s)]
    if found and all(_FOUNDING.fullmatch(f) for f in found) and years.get(name, "-") in s:
        return False
    return bool(found)


def kg_concepts(world: Path | None) -> dict[str, list[str]]:
    """The KG's concept names by the concept noun they hold."""
    out: dict[str, list[str]] = {}
    if world is None or not (world / "kg.duckdb").is_file():
        return out
    with store.connect(world / "kg.duckdb") as con:
        if "entities" not in table_names(con):
            return out
        sql = "SELECT DISTINCT name FROM entities WHERE domain = 'open' AND kind = 'concept' ORDER BY name"
        names = [str(n) for (n,) in con.execute(sql).fetchall()]
    for name in names:
        noun = _NOUN.search(name)
        if noun is not None and "(" not in name and len(name) > len(noun[1]):
            out.setdefault(noun[1], []).append(name)
    return out


def kg_places(world: Path | None) -> list[str]:
    """The KG's open-domain places (towns, villages, areas), by name, longest first."""
    sql = "SELECT DISTINCT name FROM entities WHERE domain = 'open' AND kind = 'place'"
    names = {str(n) for (n,) in kg_rows(world, {"entities"}, sql) if n and " " in str(n)}
    return sorted(names, key=lambda n: (-len(n), n))


def place_scan(pages: list[Page], world: Path | None) -> RuleCheck:
    """Content sentences with an admission price naming a KG place (module docstring)."""
    rule = empty_rule()
    places = kg_places(world)
    by_word: dict[str, list[str]] = {}
    for name in places:
        by_word.setdefault(name.split()[0], []).append(name)
    for page in pages:
        for s in page.lines:
            if _TICKET.search(s) is None or _PRICE.search(s) is None:
                continue
            named = [n for w in dict.fromkeys(s.split()) for n in by_word.get(w, ()) if whole(n, s)]
            if named:
                note(rule, _SIGHT.search(s) is None, f"{named[0]}: {s}")
    return rule


def kind_scan(pages: list[Page], world: Path | None) -> KindFigures:
    """Content sentences naming a KG concept; those that give it a place's amenities (and KG places sold
    with tickets)."""
    concepts = kg_concepts(world)
    years = kg_years(world) if concepts else {}
    rule = empty_rule()
    if concepts:
        for page in pages:
            for s in page.lines:
                nouns = {m[1] for m in _NOUN.finditer(s)} & concepts.keys()
                names = [n for noun in sorted(nouns) for n in concepts[noun] if n in s and whole(n, s)]
                if names:
                    name = max(names, key=len)
                    note(rule, _amenity(s, name, years), f"{name}: {s}")
    rules = {"concepts told as places": rule, PLACES: place_scan(pages, world)}
    return {"violations": sum(r["violations"] for r in rules.values()), "rules": rules}
