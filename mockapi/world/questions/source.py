"""Where facts come from: the KG (kg_facts.KgSource) or invention (WebSource), behind one small protocol."""

from __future__ import annotations

import datetime as dt
import random
from typing import Protocol

from mockapi.world.questions import invent
from mockapi.world.questions.kinds import KINDS, RELATIONS, Kind
from mockapi.world.questions.model import Fact, Subject


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


class WebSource:
    """Invents everything: web-only facts that exist only in the pages written for them.

    A value once invented is kept: asking the same subject's same attribute again (a question that describes
    its subject by the fact it then asks, "the members of the group whose members include ...") gets the same
    value, so a fact has one history and no answer page states two member lists of one band."""

    name = "web"

    def __init__(self) -> None:
        self._facts: dict[tuple[str, str, str, str], Fact] = {}

    def kinds(self, domain: str) -> list[Kind]:
        """Every kind of the domain (persons are reachable through relations only)."""
        return [k for k in KINDS.values() if k.domain == domain and k.subject != "person"]

    def subject(self, domain: str, subject_kind: str, rng: random.Random) -> Subject:
        """A fresh fictional subject."""
        return invent.invent_subject(domain, subject_kind, rng)

    def fact(self, subject: Subject, kind: Kind, day: dt.date, rng: random.Random) -> Fact:
        """The invented value of `kind` for `subject` (static kinds: one per subject; others: one per day)."""
        when = "" if kind.dynamism == "static" else day.isoformat()
        key = (subject.domain, subject.name, kind.key, when)
        if key not in self._facts:
            self._facts[key] = invent.invent_fact(kind, subject, day, rng)
        return self._facts[key]

    def related(self, subject: Subject, rng: random.Random) -> tuple[str, Subject] | None:
        """An invented related entity along the subject kind's relation."""
        if subject.kind not in RELATIONS:
            return None
        phrase, target_kind = RELATIONS[subject.kind]
        return phrase, invent.invent_subject(subject.domain, target_kind, rng)

    def chain(self, domain: str, rng: random.Random) -> tuple[Subject, list[tuple[str, Subject]]] | None:
        """None: invented subjects have no graph to walk (their multi-hop questions take one step)."""
        return None
