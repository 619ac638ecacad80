"""Small prices out of scale: everyday things at prices beyond a plausible range, and day tickets of places
that sell none.

The g27 reader found "A coffee on the high street for Deborahborough comes to $40.50." and an institute of
technology sold like a park: "A day ticket for the institute sets visitors back €5." / "A day ticket at
Buckbury Institute of Technology is still priced at $3.50." Two rules over the content sentences of every
question's top-10 pages (amounts in dollars, euros or pounds, read at face value):

- **everyday prices out of scale**: a sentence pricing one everyday thing, with the first amount after it
  outside the thing's range: a coffee (an espresso, a latte) 0.50-12, a beer (a pint) 1-20, a bus, tram or
  metro ticket or fare 0.50-10, a museum's day ticket or admission 0-60;
- **day tickets of places that sell none**: a sentence giving a day ticket, an annual or season pass, an
  entry or admission fee with its price (or free entry) of a place named as a university, a college or an
  institute of technology, with no sight of it named (a museum, gallery, stadium, arena, theatre,
  observatory, garden, library, exhibition, game, match, concert, show or tour, whose tickets those are).

Target 0.
"""

from __future__ import annotations

import re

from mockapi.audit.results import Read
from mockapi.audit.rules import RuleGroup, empty_rule, note
from mockapi.audit.text import sentences

RULES = ("everyday prices out of scale", "day tickets of places that sell none")
_ITEMS = (
    (re.compile(r"\b(?:a|one|the) (?:cup of )?(?:coffee|espresso|latte|cappuccino|flat white)\b", re.I),
     "a coffee", 0.5, 12.0),
    (re.compile(r"\b(?:a|one|the) (?:pint|beer|pint of beer|bottle of beer)\b", re.I), "a beer", 1.0, 20.0),
    (re.compile(r"\b(?:bus|tram|metro|subway) (?:ticket|fare|ride)s?\b", re.I), "a bus ticket", 0.5, 10.0),
    (re.compile(r"\bmuseum\b[^.;]{0,40}\b(?:day ticket|admission|entry|ticket)s?\b|"
                r"\b(?:day ticket|admission|entry)\b[^.;]{0,40}\bmuseum\b", re.I),
     "a museum day ticket", 0.0, 60.0),
)  # fmt: skip
_MONEY = re.compile(
    r"(?:US\$|[$€£])\s?(\d[\d,]*(?:\.\d+)?)|\b(\d[\d,]*(?:\.\d+)?) (?:dollars|euros|pounds|USD|EUR|GBP)\b"
)
_HINTS = ("coffee", "espresso", "latte", "cappuccino", "flat white", "beer", "pint", "ticket", "fare", "ride",
          "admission", "entry", "pass", "museum", "Museum")  # fmt: skip
_TICKET = re.compile(
    r"\b(?:(?:day|family|annual|season|adult|child) (?:ticket|pass)(?:es)?|entry fee|entrance fee|"
    r"admission(?: fee)?|free entry|entry (?:for|to|at))\b",
    re.I,
)
_FREE = re.compile(r"\bfree (?:entry|admission)\b", re.I)
_NO_TICKETS = re.compile(
    r"\b(?:Institute of Technology|University|College)\b|\bthe (?:institute|university)\b"
)
_SIGHT = re.compile(
    r"\b(?:museum|gallery|stadium|arena|theatre|theater|observatory|garden|library|exhibition|game|match|"
    r"concert|show|tour|planetarium|zoo|festival)s?\b",
    re.I,
)


_CLAUSE_END = re.compile(r"[;—–]|, (?:while|whereas|and|but)\b|\bmeanwhile\b")


def _clause_end(s: str, at: int) -> int:
    """Where the clause that goes on at `at` ends (a semicolon, a dash, ", while", "meanwhile")."""
    end = _CLAUSE_END.search(s, at)
    return end.start() if end else len(s)


class EverydayScan:
    """Both rules over the pages `results.read_results` reads (fed one by one)."""

    def __init__(self) -> None:
        self.rules = {rule: empty_rule() for rule in RULES}
        self._seen: set[str] = set()

    def add(self, read: Read) -> None:
        if read.result.page_id in self._seen:
            return
        self._seen.add(read.result.page_id)
        for line in read.lines:
            if any(h in line for h in _HINTS):
                for s in sentences(line):
                    self._sentence(s)

    def _sentence(self, s: str) -> None:
        for pattern, item, low, high in _ITEMS:
            m = pattern.search(s)
            # the thing's own amount: in its clause, not a grant after "; meanwhile," (g30's "Councillors in X
            # shelved lower bus fares; meanwhile, a trust approved $455,000 towards repairs")
            money = _MONEY.search(s, m.end(), _clause_end(s, m.end())) if m else None
            if m and money:
                value = float((money[1] or money[2]).replace(",", ""))
                note(self.rules[RULES[0]], not low <= value <= high, f"{item} at {value:g}: {s}")
                break
        if _TICKET.search(s) and _NO_TICKETS.search(s) and (_MONEY.search(s) or _FREE.search(s)):
            note(self.rules[RULES[1]], not _SIGHT.search(s), s)

    def result(self) -> RuleGroup:
        return {"violations": sum(r["violations"] for r in self.rules.values()), "rules": self.rules}
