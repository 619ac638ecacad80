"""Oscars per film and per year: what a page gives its films, against what one ceremony can give.

The g22 reader found a "Films of 1998" page whose seven films won 11 + 10 + 9 + 8 + 3 + 2 + 1 = 44 Oscars.
One Academy Awards ceremony presents about two dozen competitive awards (`PER_CEREMONY`: 24 categories at
most since 1980s; a tie can add one) and no film has won more than `PER_FILM` (Ben-Hur, Titanic, The Return
of the King: 11). A page's Oscar counts are read from its tables (a column headed "Oscar wins", "Oscars" or
"Academy Awards", one row a film) and its sentences ("X won 3 Oscars", "the number of Oscar wins of X is 8").
The films' year is the page's own when its heading names one ("Films of 1998", "Action films of 1997",
"films released in 2014"), else each film's release (the page's stated one, else the KG's). Per page and
year: a film above `PER_FILM`, or the films' sum above `PER_CEREMONY`, is one violation. Part of the numbers
line (`magnitudes`).
"""

from __future__ import annotations

import re

from mockapi.audit.lifespans import Page, named
from mockapi.audit.rules import RuleCheck, note
from mockapi.audit.windows import WORKS, Life

PER_CEREMONY = 24
PER_FILM = 11
_HEADER = re.compile(r"\b(?:Oscar wins|Oscars(?: won)?|Academy Awards(?: won)?)\s*$", re.I)
_ROW = re.compile(r"^(?:\d{1,3}\s+)?(?P<name>\S.*?)\s+(?P<n>\d{1,2})$")
_SAID = (
    re.compile(r"(?P<n>\b\d{1,2}) (?:Oscars?|Academy Awards?)\b"),
    re.compile(
        r"\b(?:number of Oscar wins|Oscar count|Oscar tally)\b[^.;]*?\b(?:is|was|stands at|of) "
        r"(?P<n>\d{1,2})\b"
    ),
    re.compile(r"(?P<n>\b\d{1,2}) (?:is|was) the (?:number of Oscar wins|Oscar count)\b"),
    re.compile(r"\bgives (?P<n>\d{1,2}) as the (?:number of Oscar wins|Oscar count)\b"),
)
SET_YEAR = _SET_YEAR = re.compile(
    r"\b(?:films|movies|pictures) (?:of|from|released in) (?P<a>(?:19|20)\d\d)\b|"
    r"\b(?P<b>(?:19|20)\d\d) (?:films|movies)\b",
    re.I,
)


def oscar_counts(page: Page, known: dict[str, list[tuple[str, Life]]]) -> dict[str, tuple[int, Life | None]]:
    """The Oscar wins the page gives each film it names (the largest where it gives several)."""
    out: dict[str, tuple[int, Life | None]] = {}

    def add(text: str, n: int, row: bool) -> None:
        films = [(name, life) for name, life in named(text, page.own, known) if life.kind in WORKS]
        if not films and not row:
            return  # a sentence names its film, else it is not one this page counts
        name, life = films[0] if films else (text.strip(), None)
        if n > out.get(name, (-1, None))[0]:
            out[name] = (n, life)

    lines = page.text.splitlines()
    for i, line in enumerate(lines):
        if len(line) < 60 and _HEADER.search(line):
            for row in lines[i + 1 : i + 60]:
                found = _ROW.match(row.strip())
                if found is None:
                    break
                add(found["name"], int(found["n"]), True)
    for s in page.lines:
        if "Oscar" not in s and "Academy Award" not in s:
            continue
        for pattern in _SAID:
            found = pattern.search(s)
            if found is not None:
                add(s, int(found["n"]), False)
                break
    return out


def oscar_scan(pages: list[Page], known: dict[str, list[tuple[str, Life]]], rule: RuleCheck) -> None:
    """Per page and year the films' Oscars against one ceremony's (module docstring), into `rule`."""
    for page in pages:
        counts = oscar_counts(page, known)
        if not counts:
            continue
        heading = _SET_YEAR.search(page.head)
        set_year = int(heading["a"] or heading["b"]) if heading is not None else 0
        years: dict[int, list[tuple[str, int]]] = {}
        for name, (n, life) in counts.items():
            year = set_year or (life.start if life is not None else 0)
            if year:
                years.setdefault(year, []).append((name, n))
        for year, films in sorted(years.items()):
            total, most = sum(n for _, n in films), max(films, key=lambda f: f[1])
            bad = total > PER_CEREMONY or most[1] > PER_FILM
            shown = ", ".join(f"{name} {n}" for name, n in films[:8])
            note(rule, bad, f"films of {year}: {total} Oscars ({shown})")
