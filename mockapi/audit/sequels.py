"""Works in order and box office: a sequel before its original, a weekend gross long after the release.

The g22 reader found "Last Atlas II" released in 1973 before the 1998 "Last Atlas", "Crimson Kingdom II"
(1965) and films of 1957 and 1965 taking $27-86m "at the box office last weekend" in 2023-24. Two rules,
each what any reader holds a page to:

- **sequels in order**: a film titled "X II", "X 2" or "X Part 2/II/Two" released before a film "X" of the
  same world (the KG's films, and the works the pages read state, "X was released on ...", but the KG's
  songs), compared at the precision both give. Each pair once. Songs are not read: a song "X II" by another
  artist is another song, not a sequel (all 23 cases of g23's landed world were KG look-alike songs by other
  artists: "Chase Like a Tide II" by Theox, 2007, beside Rudolf Aguiló's "Chase Like a Tide", 2024).
- **weekend grosses in release**: a gross "at the box office last/this weekend" ("weekend box office") told
  more than `RUN_MONTHS` months after the film's release (a film's run is weeks; re-releases, anniversaries
  and restorations are exempt when the sentence says so). The film is the one the sentence names (its page's
  own stated release first, else the KG's), else the page's subject; the date told is the sentence's own,
  else its question's query day.

Counted over the pages `lifespans.read_pages` reads and the KG. Target 0.
"""

from __future__ import annotations

import re
from typing import TypedDict

from mockapi.audit.lifespans import Page, named
from mockapi.audit.rules import RuleCheck, empty_rule, note
from mockapi.audit.windows import WORKS, Day, Life, dates_in

RUN_MONTHS = 12
_SEQUEL = re.compile(r"^(?P<base>.+?):? (?:II|2|Part (?:2|II|Two))$")
_WEEKEND = re.compile(
    r"\b(?:box office (?:last|this|over the|on the) weekend|(?:last|this) weekend's box office|"
    r"weekend box office|(?:took|grossed|earned|made|pulled in|brought in) [^.;]{0,40}? "
    r"(?:last|this|over the) weekend|(?<!opening )(?<!debut )(?<!first )weekend gross(?:es)?)\b",
    re.I,
)
_ANAPHOR = re.compile(r"\b(?:[Tt]he (?:film|movie|picture|feature|sequel)|^It)\b")
_AGAIN = re.compile(r"\b(?:re-?releas\w*|reissu\w*|anniversary|restor\w*|revival|back in cinemas)\b", re.I)


class SequelFigures(TypedDict):
    violations: int
    rules: dict[str, RuleCheck]


def sequel_scan(pages: list[Page], known: dict[str, list[tuple[str, Life]]]) -> SequelFigures:
    """Both rules (module docstring) over the KG and the pages read."""
    rules = {"sequels before their original": empty_rule(), "weekend grosses after the run": empty_rule()}
    released: dict[str, set[Day]] = {}
    songs = {name for index in known.values() for name, life in index if life.kind == "song"}
    for index in known.values():  # the KG's films (names of two words or more)
        for name, life in index:
            if life.kind == "movie":
                released.setdefault(name, set()).add(life.begins)
    for page in pages:
        for index in page.own.values():
            for name, life in index:
                if life.kind in WORKS and name not in songs:
                    released.setdefault(name, set()).add(life.begins)
        for s in page.lines:
            if _WEEKEND.search(s) and not _AGAIN.search(s):
                _weekend(s, page, known, rules["weekend grosses after the run"])
    order = rules["sequels before their original"]
    for title, days in sorted(released.items()):
        found = _SEQUEL.match(title)
        if found is None or found["base"] not in released:
            continue
        early, first = min(days), min(released[found["base"]])
        note(
            order, _before(early, first), f"{title} ({_show(early)}) before {found['base']} ({_show(first)})"
        )
    return {"violations": sum(r["violations"] for r in rules.values()), "rules": rules}


def _weekend(s: str, page: Page, known: dict[str, list[tuple[str, Life]]], rule: RuleCheck) -> None:
    films = [(n, life) for n, life in named(s, page.own, known) if life.kind in WORKS]
    # the page's own film when the sentence says "the film" ("Distant Canyon took $3m" on another film's
    # page names a film the scan does not date)
    if not films and _ANAPHOR.search(s) and (subject := page.subject(known)) is not None:
        films = [subject] if subject[1].kind in WORKS else []
    told = next(iter(sorted(dates_in(s), reverse=True)), page.asked)
    if not films or not told[0]:
        return
    name, life = films[0]
    note(
        rule, _months(life.begins, told) > RUN_MONTHS, f"{name} ({_show(life.begins)}) at {_show(told)}: {s}"
    )


def _months(start: Day, told: Day) -> int:
    """Whole months from `start` to `told` at the precision both give (years only: 12 a year)."""
    if start[1] and told[1]:
        return (told[0] - start[0]) * 12 + told[1] - start[1] - (1 if start[2] > told[2] > 0 else 0)
    return (told[0] - start[0]) * 12


def _before(a: Day, b: Day) -> bool:
    for x, y in zip(a, b, strict=True):
        if not x or not y or x != y:
            return bool(x and y and x < y)
    return False


def _show(day: Day) -> str:
    return "-".join(str(x).zfill(2) for x in day if x)
