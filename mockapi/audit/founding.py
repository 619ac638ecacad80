"""Events before their subject existed: a title, season, album or deal dated before the founding, birth or
release the KG, the question or the question's own pages state.

The g26 reader found "Remember that West Edwinchester Badgers won the championship in 1981, 2001, 2005 and
2000." on a gold page (and in the gold) of a question that asks about the club "founded in 1993", which a
page of the same list says too ("As for West Edwinchester Badgers, the founding year is 1993.";
"established 1993"). The lives line reads each page's starts alone and knows no club's start from the KG;
this rule reads a question's subject across its top-10 pages:

- the **subjects** of a question: the capitalised names on its pages that the question names (in any case),
  and the KG's dated entities it names;
- a subject's **start**: the earliest year the question ("X, founded in 1993", "X (founded 1943)"), the KG
  (`lifespans.kg_starts`) or any of the question's top-10 pages (a sentence naming the subject with a
  founding, forming, birth or release word and one year: "X; established 1993", "the founding year of X is
  1993") gives;
- an **event**: a sentence naming the subject with a dated act of its life (won, championship, title,
  trophy, cup, season, album, single, tour, deal, signed, award, record) and no start word; it breaks the rule
  when a year it gives is before the start. The gold of a question asking such events (championships,
  seasons, titles, albums, awards) breaks it when a year it gives is before its subject's start.

Target 0; the real fixture reads 0.
"""

from __future__ import annotations

import itertools
import re
from collections import defaultdict
from pathlib import Path

from mockapi.audit.data import AuditQuestion
from mockapi.audit.lifespans import kg_starts
from mockapi.audit.results import Read
from mockapi.audit.rules import RuleCheck, RuleGroup, empty_rule, note
from mockapi.audit.text import FUNCTION_WORDS, sentences
from mockapi.audit.windows import TOLD, Life, event_kind

RULES = ("events before their subject existed (pages)", "events before their subject existed (golds)")
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
_START = re.compile(
    r"\b(?:founded|founding|established|formed|incorporated|born|birth|date of birth|release date|"
    r"was released|were released|premiered|came into the world)\b"
)  # (read in lower case: a case-blind search costs 5 times as much on long lines)
_EVENT = re.compile(  # "won out" is an idea prevailing, no win ("the fourth version won out": g42's world)
    r"\b(?:won(?! out\b)|wins?(?! out\b)|champions?|championships?|titles?|trophy|trophies|cups?|seasons?|"
    r"albums?|singles?|"
    r"toured|tours?|deals?|(?<!-)signed|awards?|records?|premierships?|pennants?|medals?)\b"
)
_ASKS_EVENTS = re.compile(
    r"\b(?:championships?|champions|seasons?|titles?|trophies|albums?|awards?|cups?|pennants?|medals?)\b"
)
_WORKS = frozenset({"movie", "song"})  # `lifespans.kg_starts` kinds of works
# a name runs on over "in", "on", "at", "for", "from" before a capital ("A Kingdom in Willowdale"; cut
# at "in", the g38 default world's "A Kingdom in Fire was released on March 1, 2024" gave "A Kingdom" a start
# of 2024 and "A Kingdom in Willowdale"'s 2022 events were read as before it), never before a month or season
_WHEN = r"(?!(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|"
_WHEN += r"Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Spring|Summer|Autumn|Fall|Winter)\b)"
_WORD = r"[A-Z][\w'’&.-]*"
_NAME = re.compile(  # the run-on only after two words: "As for West Edwinchester Badgers" is not a name
    rf"\b{_WORD}(?: (?:(?:of|the|de|la|and) )?{_WORD})+"
    rf"(?: (?:in|on|at|for|from) {_WHEN}{_WORD}(?: {_WORD})*)*"
)
_ASKED_START = re.compile(
    r"(?P<name>[\w'’.&-]+(?: [\w'’.&-]+){0,5})(?:,| \()\s*(?:which was |who was |that was )?"
    r"(?:founded|established|formed|born|released)\s+(?:in\s+)?(?P<year>1[5-9]\d\d|20\d\d)"
)
_MAKING = re.compile(
    r"\b(?:engineered|produced|producer|mixed|co-wrote|takes?|drafts?|session player|argued|stressed|noted|"
    r"explained|suggested|conceded|admitted)\b"
)


class FoundingScan:
    """Both rules (module docstring): pages fed one by one, then the golds."""

    def __init__(
        self,
        qs: list[AuditQuestion],
        world: Path | None,
        known: dict[str, list[tuple[str, Life]]] | None = None,
    ) -> None:
        """`known`: the KG's starts by first word as `lifespans.read_pages` gave them (read again if not)."""
        self.rules = {rule: empty_rule() for rule in RULES}
        self.qs = qs
        by_lower: dict[str, int] = {}
        self._kinds: dict[str, set[str]] = defaultdict(set)  # a KG name (lower) -> the kinds of its entities
        starts = {n: life for found in known.values() for n, life in found} if known is not None else None
        for name, life in (starts if starts is not None else kg_starts(world)).items():
            if " " in name:
                # case-variant twins share a key: the earliest start (a later one would flag the other's)
                by_lower[name.lower()] = min(life.start, by_lower.get(name.lower(), life.start))
                self._kinds[name.lower()].add(life.kind)
        self._kg = by_lower
        self._first = defaultdict(list)
        for low in by_lower:
            self._first[low.split()[0]].append(low)
        # per question: subject (lower) -> earliest start; events told, checked when the question is done
        self.starts: dict[str, dict[str, int]] = {q.qid: self._asked(q) for q in qs}
        self.events: dict[str, list[tuple[str, list[int], str]]] = defaultdict(list)
        self._pairs: dict[str, set[str]] = {}

    def _asked(self, q: AuditQuestion) -> dict[str, int]:
        """The starts the question states and the KG gives of the names it holds."""
        low = q.query.lower()
        out: dict[str, int] = {}
        for m in _ASKED_START.finditer(low):
            out[m["name"].strip()] = int(m["year"])
        words = low.replace("?", " ").replace(",", " ").split()
        for i, w in enumerate(words):
            for name in self._first.get(w, ()):
                if " ".join(words[i : i + name.count(" ") + 1]) == name:
                    out[name] = min(out.get(name, 9999), self._kg[name])
        return out

    def _work_only(self, key: str, asked: str) -> bool:
        """Whether `key` is only the KG name of works (films, songs) and `asked` (an `_ASKS_EVENTS` word)
        events no work has: championships, seasons, titles, trophies, cups, pennants, medals, albums."""
        kinds = self._kinds.get(key, set())  # `get`: the defaultdict must not grow on a look-up
        return bool(kinds) and kinds <= _WORKS and not asked.startswith("award")

    def _subject(self, qid: str, name: str) -> str | None:
        """The question's subject `name` is (a start's key it ends, or itself when the question names it)."""
        low = name.lower()
        for key in self.starts[qid]:
            if key == low or key.endswith(" " + low) or low.endswith(" " + key):
                return key
        return None

    def add(self, read: Read) -> None:
        q = read.question
        query = q.query.lower()
        words = re.findall(r"[\w'’&.-]+", query)
        pairs = self._pairs.get(q.qid)
        if pairs is None:  # a subject is two words or more: a line holds two words of the question in a row
            pairs = self._pairs[q.qid] = {
                f"{a} {b}" for a, b in itertools.pairwise(words) if not {a, b} <= FUNCTION_WORDS
            }
        for line in read.lines:
            low = line.lower()
            if not any(p in low for p in pairs) or not _YEAR.search(line):
                continue
            if _START.search(low) is None and _EVENT.search(low) is None:
                continue
            if not any(n.lower() in query for n in _NAME.findall(line)):
                continue
            for s in sentences(line):
                years = [int(y) for y in _YEAR.findall(s)]
                if not years:
                    continue
                names = [n for n in _NAME.findall(s) if n.lower() in query]
                if not names:
                    continue
                if _START.search(s.lower()):
                    if len(set(years)) == 1:
                        for n in names:
                            key = self._subject(q.qid, n) or n.lower()
                            known = self.starts[q.qid].get(key, 9999)
                            self.starts[q.qid][key] = min(known, years[0])
                elif _EVENT.search(_outside(s.lower(), names)):
                    self.events[q.qid].append((names[0], years, s))

    def result(self) -> RuleGroup:
        pages, golds = self.rules[RULES[0]], self.rules[RULES[1]]
        for q in self.qs:
            starts = self.starts[q.qid]
            for name, years, s in self.events.get(q.qid, []):
                key = self._subject(q.qid, name)
                if key is None or TOLD.search(s) or _MAKING.search(s) or event_kind(s) == "made":
                    # a work's making ("the second take made the record") and someone's telling of it are
                    # the lives line's
                    continue
                start = starts[key]
                early = [y for y in years if y < start]
                note(pages, bool(early), f"{early[:1]} before {start} ({key}): {s}")
            asks = _ASKS_EVENTS.search(q.query.lower())
            # the asked events' subject: a KG work's name the question holds is not it when a work has no such
            # events ("find out the championship seasons of ... boydbury phoenix" held the song "Find Out")
            subjects = [k for k in starts if not (asks and self._work_only(k, asks[0]))]
            if asks and subjects and q.answers():
                years = [int(y) for a in q.answers() for y in _YEAR.findall(a)]
                subject = max(subjects, key=len)
                if years:
                    early = [y for y in years if y < starts[subject]]
                    said = f"{early[:1]} before {starts[subject]} ({subject}): {q.query} -> {q.answer}"
                    note(golds, bool(early), said)
        return {"violations": sum(r["violations"] for r in self.rules.values()), "rules": self.rules}


def _outside(low: str, names: list[str]) -> str:
    """`low` without the question's names in it: an event word inside a subject's name is no event ("In July
    2016, Luis Dalton, who worked on Gentle Season, confessed ..." told no season of the film Gentle Season,
    released 2018: the cut's default world, generator 40)."""
    for name in names:
        low = low.replace(name.lower(), " ")
    return low


def empty() -> dict[str, RuleCheck]:
    return {rule: empty_rule() for rule in RULES}
