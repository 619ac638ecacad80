"""Pro rosters of both sexes: a team's roster or starters listing men's and women's first names together.

The g27 reader found a pro starting five "Joanna Taylor / Rodney Long / Jessica Obrien / Melissa Stewart /
Mary Gross" and a six-player roster of "Ricky Marshall ... Jillian Reynolds ... Kayla Sharp". Professional
teams are of one sex. On the top 10 of a sports question, a **roster list** is a line saying roster,
starters, starting five or lineup followed by ":" and three or more "First Last" names in the same sentence
(the next sentence's names are not the list's), or a run of three or
more consecutive short lines each opening with such a name (its first name one of Faker's) within three
lines after such a word. A list
breaks the rule when its first names include one that only Faker's male first-name list holds and one that
only its female list holds (Faker's en_US lists are the lexicon: a declared dependency, read the same for any
corpus; names in both lists, "Jordan", "Taylor", count for neither). Each distinct list on a page counts
once. Target 0.
"""

from __future__ import annotations

import re
from functools import cache

from mockapi.audit.results import Read
from mockapi.audit.rules import RuleGroup, empty_rule, note
from mockapi.audit.text import sentences

RULE = "rosters of both sexes"
_CONTEXT = re.compile(
    r"\b(?:rosters?|starters|starting (?:five|lineup|line-up|xi)|lineups?|line-ups?)\b", re.I
)
_PERSON = re.compile(r"\b([A-Z][a-z]+) [A-Z][a-z'’]+(?:-[A-Z][a-z]+)?\b")
_ROW = re.compile(r"^(?:\d+\.?\s+)?([A-Z][a-z]+) [A-Z][a-z'’-]+\b")
MIN_NAMES = 3
_BOTH: set[str] = set()  # first names of both lists, filled with them
NEAR = 3


@cache
def first_names() -> tuple[frozenset[str], frozenset[str]]:
    """First names only Faker's male list holds, and only its female list (imported here: only this rule
    reads them)."""
    from faker.providers.person.en_US import Provider

    male, female = set(Provider.first_names_male), set(Provider.first_names_female)
    _BOTH.update(male & female)
    return frozenset(male - female), frozenset(female - male)


def _known(first: str) -> bool:
    male, female = first_names()
    return first in male or first in female or first in _BOTH


def roster_lists(lines: list[str]) -> list[list[str]]:
    """The first names of every roster list on a page (module docstring)."""
    out: list[list[str]] = []
    context = -NEAR - 1
    run: list[str] = []
    for i, line in enumerate([*lines, ""]):
        row = _ROW.match(line)
        if row and len(line.split()) <= 8 and _known(row[1]):
            run.append(row[1])
            continue
        if len(run) >= MIN_NAMES and i - len(run) - context <= NEAR:
            out.append(run)
        run = []
        if _CONTEXT.search(line):
            context = i
            # the names after the colon of the sentence that says roster or starters, not the next ones':
            # "Last checked 8 Jan 2024: the starters ... were Tim Navarro, ... and Alexander Larson. The
            # official listing ... lists Jacqueline Maldonado as the head coach." read the coach as a starter
            # (g28, the line's one count)
            for said in (s for s in sentences(line) if ":" in s and _CONTEXT.search(s)):
                named = [m[1] for m in _PERSON.finditer(said.split(":", 1)[1]) if _known(m[1])]
                if len(named) >= MIN_NAMES:
                    out.append(named)
    return out


class RosterScan:
    """The rule over the pages `results.read_results` reads (fed one by one)."""

    def __init__(self) -> None:
        self.rule = empty_rule()
        self._seen: set[tuple[str, tuple[str, ...]]] = set()

    def add(self, read: Read) -> None:
        if read.question.domain != "sports" or not any(_CONTEXT.search(line) for line in read.lines):
            return
        male, female = first_names()
        for names in roster_lists(read.lines):
            key = (read.result.page_id, tuple(names))
            if key in self._seen:
                continue
            self._seen.add(key)
            men, women = [n for n in names if n in male], [n for n in names if n in female]
            note(self.rule, bool(men and women), f"{', '.join(names)} ({read.result.name})")

    def result(self) -> RuleGroup:
        return {"violations": self.rule["violations"], "rules": {RULE: self.rule}}
