"""Where facts come from: the KG (kg_facts.KgSource) or invention (WebSource), behind one small protocol."""

from __future__ import annotations

import datetime as dt
import random
from typing import Protocol

from mockapi.world.questions import invent, starts
from mockapi.world.questions.kinds import KINDS, RELATIONS, Kind
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.real.film_money import records


class Source(Protocol):
    """What question templates need from a fact source."""

    name: str  # 'kg' | 'web'

    def kinds(self, domain: str) -> list[Kind]:
        """Kinds this source can state facts of, for a domain."""
        ...

    def subject(self, domain: str, subject_kind: str, rng: random.Random) -> Subject | None:
        """A subject of that kind to ask about."""
        ...

    def fact(self, subject: Subject, kind: Kind, day: dt.date, rng: random.Random) -> Fact | None:
        """The value of `kind` for `subject` as of `day`."""
        ...

    def related(self, subject: Subject, rng: random.Random) -> tuple[str, Subject] | None:
        """A relation phrase and the entity it leads to (multi-hop)."""
        ...

    def chain(self, domain: str, rng: random.Random) -> tuple[Subject, list[tuple[str, Subject]]] | None:
        """A subject and a walk of two or three relation steps from it (relation phrase, entity reached)."""
        ...


# (earlier kind, later kind, at least this many years between): an artist debuts after growing up, a company
# goes public after its founding
ORDER = (("mu.birth", "mu.debut", 14), ("fin.founded", "fin.ipo_year", 0))


def year_of(fact: Fact) -> int | None:
    """The year a year or date fact says (dates keep their proleptic ordinal in `number`)."""
    vtype = KINDS[fact.kind].vtype
    if fact.number is None or vtype not in ("year", "date"):
        return None
    return int(fact.number) if vtype == "year" else dt.date.fromordinal(int(fact.number)).year


# A film's amounts on its release year's scale (as the KG's budgets, domains/movie.py): a 1963 film grossing
# $945M read absurd (g16 reader). The cap in dollars for a film released in `year`.
ERA_AMOUNTS = ("mv.gross", "mv.budget", "mv.weekend")


def era_cap(kind: str, year: int) -> float:
    """The largest amount of `kind` a film of `year` plausibly has: the kind's range scaled as the KG's."""
    top = {"mv.gross": 2_400e6, "mv.budget": 320e6, "mv.weekend": 160e6}[kind]
    scale = float(min(1.0, max(0.0, (year - 1920) / 100)) ** 2.5)
    budget, gross = records(year)  # and never above its era's record, as the KG's (g22: a 1980 film's $150m)
    return max(min(top * scale, {"mv.gross": gross, "mv.budget": budget}.get(kind, top)), 8e6)


def plausible(fact: Fact, known: dict[tuple[str, str, str], Fact]) -> bool:
    """Whether `fact` keeps the order of years with the facts already known about its subject, and a film's
    amounts fit its release year."""
    name, kind = fact.subject.name, fact.subject.kind
    release = fact if fact.kind == "mv.release" else known.get((name, kind, "mv.release"))
    year = year_of(release) if release is not None else None
    if year is None and kind == "movie":  # the start its pages date it by (g21: "shot in 1972", $1.8bn)
        year = starts.drawn_start(name, kind)
    if year is not None:
        for amount in ERA_AMOUNTS:
            held = fact if fact.kind == amount else known.get((name, kind, amount))
            if held is not None and held.number is not None and held.number > era_cap(amount, year):
                return False
    for early, late, gap in ORDER:
        other = {early: late, late: early}.get(fact.kind)
        if other is None or (name, kind, other) not in known:
            continue
        them = known[(name, kind, other)]
        a, b = (year_of(fact), year_of(them)) if fact.kind == early else (year_of(them), year_of(fact))
        if a is not None and b is not None and b - a < gap:
            return False
    return True


class WebSource:
    """Invents everything: web-only facts that exist only in the pages written for them."""

    name = "web"

    def __init__(self, taken: frozenset[str] = frozenset()) -> None:
        # one value per (invented subject, kind) in the whole world: a question may fetch a fact twice (a
        # description and the asked value: "the members of the band with a and b"), and invented names can
        # recur across questions; two draws would put two values of one fact on the pages
        self._facts: dict[tuple[str, str, str], Fact] = {}
        # the KG's dated names (films, songs, people): an invented film under a KG film's title had the
        # question's release on its pages and the KG's in every reader's mind (g21: 11 events outside a life)
        self._names: set[str] = set(taken)

    def kinds(self, domain: str) -> list[Kind]:
        """Every kind of the domain (persons are reachable through relations only)."""
        return [k for k in KINDS.values() if k.domain == domain and k.subject != "person"]

    def subject(self, domain: str, subject_kind: str, rng: random.Random) -> Subject:
        """A fresh fictional subject, under a name no other invented subject has (a film of a director's set
        and a film asked about alone would otherwise share a name and have two directors)."""
        subject = invent.invent_subject(domain, subject_kind, rng)
        for _ in range(20):
            if subject.name not in self._names:
                break
            subject = invent.invent_subject(domain, subject_kind, rng)
        self._names.add(subject.name)
        return subject

    def fact(self, subject: Subject, kind: Kind, day: dt.date, rng: random.Random) -> Fact:
        """An invented value, the same every time it is asked for."""
        key = (subject.name, subject.kind, kind.key)
        if key not in self._facts:
            fact = invent.invent_fact(kind, subject, day, rng)
            for _ in range(400):  # drawn independently: redraw until years and amounts fit the others
                if plausible(fact, self._facts):
                    break
                fact = invent.invent_fact(kind, subject, day, rng)
            self._facts[key] = fact
        return self._facts[key]

    def redraw(self, subject: Subject, kind: Kind, day: dt.date, rng: random.Random) -> Fact:
        """Another value in place of the one drawn (a set's ranking wants no ties)."""
        self._facts.pop((subject.name, subject.kind, kind.key), None)
        return self.fact(subject, kind, day, rng)

    def remember(self, fact: Fact) -> None:
        """Take `fact` as the subject's value of its kind (what makes a member one of a set: its director)."""
        self._facts[(fact.subject.name, fact.subject.kind, fact.kind)] = fact

    def related(self, subject: Subject, rng: random.Random) -> tuple[str, Subject] | None:
        """An invented related entity along the subject kind's relation."""
        if subject.kind not in RELATIONS:
            return None
        phrase, target_kind = RELATIONS[subject.kind]
        related = invent.invent_subject(subject.domain, target_kind, rng)
        for _ in range(20):
            if related.name not in self._names:
                break
            related = invent.invent_subject(subject.domain, target_kind, rng)
        return phrase, related

    def chain(self, domain: str, rng: random.Random) -> tuple[Subject, list[tuple[str, Subject]]] | None:
        """None: invented subjects have no graph to walk (their multi-hop questions take one step)."""
        return None
