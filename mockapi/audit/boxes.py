"""Facts under the wrong entity: a labelled fact box or row on C's page stating the KG's value of another D.

The g26 reader found, on three pages titled "Calmark Inc. Common Shares", the box "Chief executive officer
Ms. Shelley B. Berg" (Marova Corporation's CEO in the KG; Calmark's is Peter Chavez, as another page of the
list says). A real page's box is its subject's. The rule, from the KG's relations (never the generator):

- a **labelled row**: a line of a result page (a box row, a table row, a "Label: value" line) that opens
  with a relation's label (chief executive officer, chief executive, CEO; parent company; founder, founded
  by; mayor; headquarters) and gives a value, honorifics and middle initials dropped ("Ms. Shelley B. Berg"
  is "shelley berg");
- the page's **title entity** C: the longest KG subject of the relation (a company up to its class, an
  organisation, a place) the page's title names, the title's own words;
- the row breaks the rule when its value is the KG's value of the relation for another subject D and not
  C's (a row that names another subject itself, "Shown: Marova Corporation. Chief executive: ...", is
  labelled and is not counted).

Read over the top 10 of every question (`results`). A corpus without a KG checks nothing; target 0.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from mockapi.audit.data import kg_rows
from mockapi.audit.prices import strip_class
from mockapi.audit.results import Read
from mockapi.audit.rules import RuleGroup, empty_rule, note

RULE = "facts under the wrong entity"
# label -> (relation, the subject is the edge's source)
_LABELS = (
    ("chief executive officer", "ceo_of", False),
    ("chief executive", "ceo_of", False),
    ("ceo", "ceo_of", False),
    ("parent company", "parent_of", False),
    ("founded by", "founded_by", True),
    ("founder", "founded_by", True),
    ("mayor", "mayor", True),
    ("headquarters", "headquartered_in", True),
)
_HONORIFIC = re.compile(r"\b(?:mr|ms|mrs|dr|sir|prof)\.?\s+", re.I)
_INITIAL = re.compile(r"\b[a-z]\.\s*", re.I)
_SEGMENTS = re.compile(r"\s+[|–—-]\s+|:\s+")
_MAX_LINE = 90


def norm(value: str) -> str:
    """A value as compared: lower-cased, honorifics and initials dropped, a security up to its class."""
    v = _INITIAL.sub("", _HONORIFIC.sub("", strip_class(value.strip()).rstrip(".")))
    return " ".join(v.lower().replace("’", "'").split()).rstrip(".")


class BoxScan:
    """The rule over the pages fed (module docstring)."""

    def __init__(self, world: Path | None) -> None:
        self.rule = empty_rule()
        # relation -> subject -> values, and relation -> value -> subjects
        self.values: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        self.owners: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        sql = (
            "SELECT e.rel, s.name, d.name FROM kg_edges e JOIN entities s ON s.entity_id = e.src "
            "JOIN entities d ON d.entity_id = e.dst WHERE e.rel IN ('ceo_of', 'parent_of', 'founded_by', "
            "'mayor', 'headquartered_in')"
        )
        for rel, src, dst in kg_rows(world, {"kg_edges", "entities"}, sql):
            for _label, r, subject_is_src in _LABELS:
                if r == rel:
                    subject, value = (src, dst) if subject_is_src else (dst, src)
                    self.values[rel][norm(str(subject))].add(norm(str(value)))
                    self.owners[rel][norm(str(value))].add(norm(str(subject)))
                    break
        self.subjects = {s for rel in self.values.values() for s in rel}
        self.longest = max((s.count(" ") + 1 for s in self.subjects), default=0)
        self._seen: set[str] = set()

    def _title_entity(self, title: str) -> list[str]:
        found = []
        for segment in _SEGMENTS.split(title):
            words = segment.split()
            for i in range(len(words)):
                for j in range(i + 1, min(len(words), i + self.longest) + 1):
                    name = norm(" ".join(words[i:j]))
                    if name in self.subjects:
                        found.append(name)
        return sorted(set(found), key=len, reverse=True)

    def add(self, read: Read) -> None:
        if not self.subjects or read.result.page_id in self._seen:
            return
        self._seen.add(read.result.page_id)
        rows = []
        for line in read.lines:
            if len(line) > _MAX_LINE:
                continue
            head = line[:24].lower()
            for label, rel, _ in _LABELS:
                if head.startswith(label):
                    rows.append((rel, line, line[len(label) :].lstrip(" :\t-–")))
                    break
        if not rows:
            return
        titled = self._title_entity(read.result.name)
        for rel, line, value in rows:
            subjects = [t for t in titled if t in self.values[rel]]
            v = norm(value)
            if not subjects or not v or any(s in norm(line) for s in self.owners[rel].get(v, ())):
                continue
            c = subjects[0]
            owners = self.owners[rel].get(v, set())
            bad = bool(owners) and c not in owners
            note(self.rule, bad, f"on {c!r}'s page, {line!r} is the KG's of {sorted(owners)[:2]}")

    def result(self) -> RuleGroup:
        return {"violations": self.rule["violations"], "rules": {RULE: self.rule}}
