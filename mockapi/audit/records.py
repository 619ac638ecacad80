"""Award counts beyond the real record: more Oscars than any film or person has won, more Grammys than any
artist.

The g32 reader found one tail director whose films won 11, 10, 9, 7 and 6 Oscars; the world's pages give
single films 12 to 15 ("Gentle Echoes won 14 Oscars in all", "As for Endless Circuit, the number of Oscar wins
is 15"). No film has won more than `OSCARS` (Ben-Hur, Titanic, The Return of the King: 11), no person but Walt
Disney either (Cedric Gibbons: 11), and no artist more than `GRAMMYS` Grammys by CRAG's query time (Beyoncé,
32 in February 2023). `awards` (the numbers line) reads the top 10 of the first 200 questions and sums a
page's films per ceremony; this line reads what one subject is said to have won, over every question's top-10
pages (the g26 pass), as a participant reads it: "X won/took home/collected/owns/has N Oscars (Academy Awards,
Grammys)", "the number of Oscar (Grammy) wins of X is N", "X's Oscar tally stands at N", a table row "Oscars
won N". Nominations are not wins; a sum over several films ("her films won 14 Oscars") is no one subject's and
is not read. Checked: counts read; a violation: a count above the record. The real fixture reads 0. Target 0.
"""

from __future__ import annotations

import re

from mockapi.audit.results import Read
from mockapi.audit.rules import RuleGroup, empty_rule, note
from mockapi.audit.text import sentences

RULE = "award counts beyond the real record"
OSCARS = 11
GRAMMYS = 32

_AWARD = r"(?P<award>Oscars?|Academy Awards?|Grammys?|Grammy Awards?)"
_ONE = r"(?P<award>Oscar|Academy Award|Grammy|Grammy Award)"  # an award's name before "wins"
_WON = r"(?:won|wins|win|took home|takes home|has taken home|collected|collects|picked up|earned|owns|holds|"
_WON += r"has|had|bagged|scooped|landed|claimed|carried off|received)"
_AT = r"(?:is|was|stands at|stood at|sits at|came to|of|at|as) (?:listed as |given as |put at )?"
_COUNTS = tuple(
    re.compile(p, re.I)
    for p in (
        rf"\b{_WON} (?:a (?:record|total of|haul of) |an? )?(?P<n>\d{{1,3}}) (?:competitive )?{_AWARD}"
        r"(?! nominations?)",
        rf"\b(?:number|count|tally|total) of {_ONE} wins\b[^.;]*?\b{_AT}(?P<n>\d{{1,3}})\b",
        rf"\b(?P<n>\d{{1,3}}) (?:is|was) the number of {_ONE} wins\b",
        rf"\b(?:shows|gives|lists|puts) (?P<n>\d{{1,3}}) as the number of {_ONE} wins\b",
        rf"\b{_ONE} (?:tally|count|haul|total) (?:stands at|stood at|is|was|of) (?P<n>\d{{1,3}})\b",
        r"^(?P<award>Oscars? won|Oscar wins|Academy Awards? won|Grammys? won|Grammy wins)\s*[:|\t]?\s*"
        r"(?P<n>\d{1,3})$",
    )
)
_HINTS = ("oscar", "academy award", "grammy")
# a sum over several subjects, or nominations: not one subject's wins
_NOT_ONE = re.compile(
    r"\b(?:films|movies|pictures|features|records|albums|songs|studio|studios|between them|combined|together|"
    r"in total across|nominat\w*|Disney)\b",
    re.I,
)


class RecordScan:
    """Award counts per subject over the reads."""

    def __init__(self) -> None:
        self.rule = empty_rule()

    def add(self, read: Read) -> None:
        for line in read.lines:
            low = line.lower()
            if not any(h in low for h in _HINTS):
                continue
            for sentence in sentences(line):
                for n, award in counts(sentence):
                    limit = GRAMMYS if award.lower().startswith("grammy") else OSCARS
                    note(self.rule, n > limit, f"{n} {award} (record {limit}): {sentence}")

    def result(self) -> RuleGroup:
        return {"violations": self.rule["violations"], "rules": {RULE: self.rule}}


def counts(sentence: str) -> list[tuple[int, str]]:
    """The (count, award) pairs `sentence` states one subject won."""
    out = []
    for pattern in _COUNTS:
        for m in pattern.finditer(sentence):
            clause = re.split(r";|\s[—–]\s|, (?:and|while|but|meanwhile) ", sentence[: m.end()])[-1]
            if _NOT_ONE.search(clause):
                continue
            award = m.group("award")
            out.append((int(m.group("n")), award))
    return out
