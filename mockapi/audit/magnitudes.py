"""Numbers out of their era or kind: a film's money, awards, crowds and estates no real record shows.

The g21 reader found budgets of $298m for films of the 1970s, grosses of $1.1-2.2bn for 7 of one director's 9
films, 16 Grammys for an indie singer, "crowds" of 13-44 for professional teams and living people who "left
$465,000". Each rule is a ceiling (or floor) no real record crosses, so a real page reads 0:

- **film money by era** (KG rows and page sentences): a budget above the largest of its release decade, a
  worldwide gross above the largest (re-releases included). The ceilings, in nominal US$ (no inflation: the
  pages and the KG state nominal figures), from the well-known record holders: budgets Ben-Hur (1959) $15m,
  Cleopatra (1963) $31-44m, Superman (1978) $55m, Terminator 2 (1991) ~$100m, True Lies (1994) ~$115m,
  Titanic (1997) $200m, Pirates of the Caribbean 3 (2007) ~$300m, the 2010s' largest ~$450m; grosses Gone with
  the Wind (1939) ~$400m, Star Wars (1977) ~$775m and E.T. (1982) ~$790m, Jurassic Park (1993) ~$1.1bn,
  Titanic (1997) ~$2.26bn, Avatar (2009) ~$2.9bn (all cumulative). A page's film is the one the sentence names
  (its own stated release or the KG's), else the page's subject when the sentence names nothing else (since
  the g25 world: an invented peer's budget, "The Neon Lanterns was made on a budget of $101.0 million" on a
  1971 film's page, is the peer's, whose release the page does not give: not read).
- **award counts**: a page giving an artist more than `GRAMMYS` Grammys when the world's KG gives them fewer
  (a dozen is a career few reach; the KG's own counts are what the world's artists won). Needs a KG: real
  pages have none, so this rule reads 0 there by construction.
- **crowds**: a crowd, attendance or "N fans/locals/spectators ... sat through/watched/turned out" of a
  professional team's event under 100 (two digits).
- **estates of the living**: "X left $N" (a bequest) or "X's estate" of a person the KG says is alive (a
  birth date and no death date).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TypedDict

from mockapi.audit import awards, store
from mockapi.audit.data import table_names
from mockapi.audit.lifespans import Page, named
from mockapi.audit.rules import RuleCheck, empty_rule, note
from mockapi.audit.windows import Life

GRAMMYS = 12
MIN_CROWD = 100
# (release years before, the largest budget, the largest worldwide gross), nominal US$
_ERAS = (
    (1960, 20e6, 5e8), (1970, 50e6, 5e8), (1980, 60e6, 8e8), (1990, 100e6, 8e8), (1995, 150e6, 1.1e9),
    (1997, 150e6, 1.1e9), (2000, 250e6, 2.3e9), (2009, 400e6, 2.3e9), (10_000, 600e6, 3.0e9),
)  # fmt: skip
_MONEY = re.compile(
    r"(?:US\$|USD\s?|\$)\s?(?P<n>\d[\d,]*(?:\.\d+)?)\s*(?P<unit>billion|bn|b|million|mn|mil|m)?\b",
    re.I,
)
_UNITS = {"billion": 1e9, "bn": 1e9, "b": 1e9, "million": 1e6, "mn": 1e6, "mil": 1e6, "m": 1e6}
_BUDGET = re.compile(r"\bbudget(?:ed)?\b|\bcost (?:to make|to produce)\b|\bproduction cost\b", re.I)
_GROSS = re.compile(r"\b(?:gross(?:ed)?|box office|box-office|took in|earned worldwide|worldwide)\b", re.I)
_GRAMMYS = re.compile(r"\b(?P<n>\d{1,3}) (?:career |total )?Grammy(?:s| awards?)?\b", re.I)
_CROWD = re.compile(
    r"\b(?:crowds? of|attendance (?:of|was)|gate of|sell-out of)\s+"
    r"(?:just |only |nearly |about |roughly |some )?(?P<a>\d[\d,]*)\b(?![.%])|"
    r"\b(?P<b>\d[\d,]*) (?:fans|locals|supporters|spectators|season-ticket holders|onlookers|ticket holders)"
    r"\b[^.;]*?\b(?:sat through|endured|watched|turned out|attended|showed up|packed|braved|filled|looked on|"
    r"gathered|came out|cheered)\b",
    re.I,
)
_SPORTS = re.compile(
    r"\b(?:team|club|squad|side|league|season|game|match|home opener|workout|stadium|arena)\b", re.I
)
_LEFT = re.compile(
    r"(?P<name>[A-Z][\w'’.-]+(?: [A-Z][\w'’.-]+){1,3}) (?:left|bequeathed) (?:an estate of |a bequest of )?"
    r"(?:US\$|\$|€|£)\s?\d|(?P<own>[A-Z][\w'’.-]+(?: [A-Z][\w'’.-]+){1,3})'s? estate\b"
)


class MagnitudeFigures(TypedDict):
    violations: int
    rules: dict[str, RuleCheck]


def ceiling(year: int) -> tuple[float, float]:
    """The largest budget and worldwide gross a film released in `year` can have."""
    return next((budget, gross) for before, budget, gross in _ERAS if year < before)


def money(text: str) -> float | None:
    """The first US$ amount `text` states, in dollars."""
    found = _MONEY.search(text)
    if found is None:
        return None
    return float(found["n"].replace(",", "")) * _UNITS.get((found["unit"] or "").lower(), 1.0)


def kg_film_money(world: Path | None) -> RuleCheck:
    """The KG's films whose budget or revenue is above its release decade's ceiling."""
    rule = empty_rule()
    if world is None or not (world / "kg.duckdb").is_file():
        return rule
    with store.connect(world / "kg.duckdb") as con:
        tables = table_names(con)
        rows = con.execute("SELECT title, release_date, doc FROM movie_movies").fetchall() if (
            "movie_movies" in tables) else []  # fmt: skip
    for title, released, doc in rows:
        facts = json.loads(doc or "{}")
        if not str(released or "")[:4].isdigit():
            continue
        year = int(str(released)[:4])
        top_budget, top_gross = ceiling(year)
        budget, gross = float(facts.get("budget") or 0), float(facts.get("revenue") or 0)
        what = f"{title} ({year}): budget ${budget / 1e6:,.0f}m, gross ${gross / 1e6:,.0f}m"
        note(rule, budget > top_budget or gross > top_gross, what)
    return rule


def kg_people(world: Path | None) -> tuple[dict[str, int], set[str]]:
    """The Grammys each KG artist won (nominee or artist of a row) and the people the KG says are alive."""
    grammys: dict[str, int] = {}
    alive: set[str] = set()
    if world is None or not (world / "kg.duckdb").is_file():
        return grammys, alive
    with store.connect(world / "kg.duckdb") as con:
        tables = table_names(con)
        if "music_grammy" in tables:
            for nominee, artist in con.execute("SELECT nominee, artist FROM music_grammy").fetchall():
                for name in {nominee, artist} - {None}:
                    grammys[str(name)] = grammys.get(str(name), 0) + 1
        if "music_artists" in tables:
            sql = (
                "SELECT name FROM music_artists"
                " WHERE members IS NULL AND birth_date IS NOT NULL AND end_date IS NULL"
            )
            alive.update(str(n) for (n,) in con.execute(sql).fetchall())
        if "open_entities" in tables:
            for name, doc in con.execute("SELECT name, summary_structured FROM open_entities").fetchall():
                facts = json.loads(doc or "{}")
                if facts.get("birth_date") and not facts.get("death_date"):
                    alive.add(str(name))
    return grammys, alive


def magnitude_scan(
    pages: list[Page], known: dict[str, list[tuple[str, Life]]], world: Path | None
) -> MagnitudeFigures:
    """Every rule (module docstring) over the KG and the content sentences of the pages read."""
    grammys, alive = kg_people(world)
    rules = {
        "film money in the KG": kg_film_money(world),
        "film money on pages": empty_rule(),
        "award counts": empty_rule(),
        "crowds": empty_rule(),
        "estates of the living": empty_rule(),
        "Oscars per film and year": empty_rule(),
    }
    awards.oscar_scan(pages, known, rules["Oscars per film and year"])
    for page in pages:
        for s in page.lines:
            if "$" in s or "USD" in s:
                _film_money(s, page, known, rules["film money on pages"])
                _estate(s, alive, rules["estates of the living"])
            elif "estate" in s:
                _estate(s, alive, rules["estates of the living"])
            if grammys or alive:  # a world's KG: the award counts it holds are the measure
                for found in _GRAMMYS.finditer(s):
                    n = int(found[1])
                    first = [name for name, _ in named(s, page.own, known)[:1]]
                    won = max((grammys.get(x, 0) for x in first), default=0)
                    note(rules["award counts"], n > GRAMMYS and n > won, s)
            for found in _CROWD.finditer(s):
                if _SPORTS.search(s) or _SPORTS.search(page.head):
                    note(rules["crowds"], int((found["a"] or found["b"]).replace(",", "")) < MIN_CROWD, s)
    return {"violations": sum(r["violations"] for r in rules.values()), "rules": rules}


def _film_money(s: str, page: Page, known: dict[str, list[tuple[str, Life]]], rule: RuleCheck) -> None:
    budget, gross = _BUDGET.search(s) is not None, _GROSS.search(s) is not None
    if budget == gross:  # neither, or both in one sentence (which figure is which is unclear)
        return
    amount = money(s)
    if amount is None:
        return
    films = [life for _, life in named(s, page.own, known) if life.kind in ("movie", "work")]
    subject = page.subject(known) if not films else None
    if subject is not None and subject[1].kind in ("movie", "work") and not names_another(s, subject[0]):
        films = [subject[1]]
    if films:
        top_budget, top_gross = ceiling(films[0].start)
        note(rule, amount > (top_budget if budget else top_gross), f"({films[0].start}) {s}")


_CAPITALISED = re.compile(r"\b[A-Z][\w'’-]*")
# capitalised words that name no film: a sentence's opener, currencies, months, the money's own words
_NOT_A_NAME = frozenset({
    "As", "For", "The", "A", "An", "Its", "It", "Per", "According", "By", "In", "On", "At", "With", "This",
    "That", "Budget", "Worldwide", "Box", "US", "USD", "Oscar", "Oscars", "January", "February", "March",
    "April", "May", "June", "July", "August", "September", "October", "November", "December",
})  # fmt: skip


def names_another(s: str, subject: str) -> bool:
    """Whether a sentence names something other than the page's film (an invented peer, "As for Gentle
    Summer, the budget is $123.0 million" on a 1985 film's page: not the page film's money)."""
    rest = s.replace(subject, " ")
    return any(w not in _NOT_A_NAME for w in _CAPITALISED.findall(rest))


def _estate(s: str, alive: set[str], rule: RuleCheck) -> None:
    for found in _LEFT.finditer(s):
        words = (found["name"] or found["own"]).split()
        # the name may start after a capitalised opener ("Later Timothy Miller left ...")
        note(rule, any(" ".join(words[i:]) in alive for i in range(len(words) - 1)), s)
