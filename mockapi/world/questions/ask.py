"""What every question composer shares: the draft it returns, the slot it fills (`Ask`), and how it picks a
kind, a fact and a way to name the subject."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from mockapi.world.questions import refer
from mockapi.world.questions.kinds import KINDS, Kind, fits_subject
from mockapi.world.questions.mix import DYNAMISM, Cell
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.questions.phrasing import pick
from mockapi.world.questions.premise import Premise, name_or_premise
from mockapi.world.questions.source import Source

# Whether the names of an "a or b" list may carry an aside. Without them (tried, question seeds 0 / 1 / 2
# of the default KG): name premises in comparisons 74-90 -> 21-22 of 147, but false premises, which must
# say a premise to bend, kept theirs (100 of 143 against 300 of 1,057 true): FP text AUC 0.734 / 0.742 /
# 0.766 (bar 0.75).
ASIDES_IN_LISTS = True


@dataclass
class Draft:
    """A question before ids, times and voice: text, gold answer and what gold pages must state."""

    query: str
    answer: str
    alts: list[str]
    facts: list[Fact]
    key_phrases: list[str]
    wrong_value: str | None = None
    subjects: list[Subject] = field(default_factory=list)
    refs: list[str] = field(default_factory=list)  # strings the voice must not touch (names, values)
    context: list[Fact] = field(default_factory=list)


@dataclass(frozen=True)
class Ask:
    """What every composer gets: the slot, where facts come from, the query day, randomness, the split."""

    cell: Cell
    src: Source
    day: dt.date
    rng: random.Random
    split: str = "dev"
    # a false-premise slot: every subject mention carries a premise (one of them is bent afterwards)
    force_premise: bool = False
    # a false-premise slot's drafts: a value asked "now" is asked of a year (`composers._qualify`), which a
    # year before the subject's start makes the premise of what is asked (outoftime.py)
    bending: bool = False
    # a train slot about a group that may take a set grown by year when no set is left (`set_years`)
    grows: bool = False
    premises: list[Premise] = field(default_factory=list)  # premises the question says (premise.py)
    # the frames this draft took, in order, with the options each was drawn from (`frame`)
    frames: list[tuple[tuple[str, ...], str]] = field(default_factory=list)
    # frames to take again where the same options come up (a false premise redrawn on a true draw's frames)
    pinned: tuple[tuple[tuple[str, ...], str], ...] = ()

    def frame(self, options: tuple[str, ...]) -> str:
        """One frame of the split's family, or the pinned one drawn from the same options."""
        taken = len([f for f in self.frames if f[0] == options])
        again = [chosen for opts, chosen in self.pinned if opts == options]
        chosen = again[taken] if taken < len(again) else pick(options, self.rng, self.split)
        self.frames.append((options, chosen))
        return chosen

    def skeleton(self) -> tuple[str, ...]:
        """The frames taken so far, in order."""
        return tuple(chosen for _opts, chosen in self.frames)

    def name(
        self, subject: Subject, asked: Sequence[Fact] = (), aside: bool = True, trails: bool = True
    ) -> str:
        """How the question names `subject`: its name, ticker or alias, maybe with a premise (not one that
        says what the question asks: `asked`; in a list or a chain's start, `aside` False, only to tell a
        look-alike apart)."""
        rng, day = self.rng, self.day
        force, said = self.force_premise, self.premises
        return name_or_premise(subject, self.src, rng, day, force, said, asked, aside, trails)


def pick_kind(
    source: Source, domain: str, dynamism: str, rng: random.Random, vtypes: tuple[str, ...] = ()
) -> Kind | None:
    """A kind of `domain` with the wanted value types, of the cell's dynamism when the domain has one."""
    return nearest([k for k in source.kinds(domain) if not vtypes or k.vtype in vtypes], dynamism, rng)


def nearest(pool: list[Kind], dynamism: str, rng: random.Random) -> Kind | None:
    """A kind of the nearest dynamism class: keeps the cell's label honest where the domain allows it."""
    if not pool:
        return None
    rank = DYNAMISM.index(dynamism)
    best = min(abs(DYNAMISM.index(k.dynamism) - rank) for k in pool)
    return rng.choice([k for k in pool if abs(DYNAMISM.index(k.dynamism) - rank) == best])


def one_fact(a: Ask, vtypes: tuple[str, ...]) -> Fact | None:
    """A fact of a fitting kind about a subject of the source."""
    kind = pick_kind(a.src, a.cell.domain, a.cell.dynamism, a.rng, vtypes)
    subject = kind and subject_for(a, kind)
    return a.src.fact(subject, kind, a.day, a.rng) if kind and subject else None


def subject_for(a: Ask, kind: Kind, tries: int = 6) -> Subject | None:
    """A subject of the kind's subject kind that has the attribute (not the population of an opera house)."""
    for _ in range(tries):
        subject = a.src.subject(a.cell.domain, kind.subject, a.rng)
        if subject is None or fits_subject(kind, subject.name, subject.kind):
            return subject
    return None


def refer_to(a: Ask, subject: Subject, facts: list[Fact], refs: list[str]) -> str:
    """The phrase naming `subject`: a description (its fact goes to `facts`) or a name, alias or ticker."""
    if a.rng.random() < refer.P_DESCRIBE and not a.force_premise:
        # never by the fact asked ("the members of the band whose members include a and b")
        asked = {f.kind for f in facts if f.subject.name == subject.name}
        for key in refer.description_kinds(subject.kind):
            if key in asked:
                continue
            fits = key in KINDS and fits_subject(KINDS[key], subject.name, subject.kind)
            fact = a.src.fact(subject, KINDS[key], a.day, a.rng) if fits else None
            phrase = fact and refer.description(subject, fact, a.rng)
            if fact and phrase:
                facts.append(fact)
                refs.extend([fact.value, *fact.items])
                return phrase
    ref = a.name(subject, facts)
    refs.append(ref)
    return ref


def two_facts(a: Ask, vtypes: tuple[str, ...]) -> tuple[Fact, Fact] | None:
    """The same numeric attribute of two different subjects, with different values."""
    kind = pick_kind(a.src, a.cell.domain, a.cell.dynamism, a.rng, vtypes)
    if kind is None:
        return None
    s1 = subject_for(a, kind)
    if s1 is None:
        return None
    # two of one league: a soccer club's goals set beside an NBA side's points read absurd (issue 31's read)
    peers = (subject_for(a, kind) for _ in range(4))
    s2 = next((s for s in peers if s is not None and s.name != s1.name and _league(s) == _league(s1)), None)
    if s2 is None:
        return None
    f1, f2 = a.src.fact(s1, kind, a.day, a.rng), a.src.fact(s2, kind, a.day, a.rng)
    if f1 is None or f2 is None or f1.number is None or f2.number is None or f1.number == f2.number:
        return None
    return f1, f2


def _league(subject: Subject) -> str:
    """The KG table an entity comes from ("sports:nba_team"), '' for an invented one."""
    return ":".join(subject.entity_id.split(":")[:2])


def pair_refs(a: Ask, f1: Fact, f2: Fact) -> tuple[str, str, list[str]]:
    """How a question names two facts' subjects, and the strings its answer may not give away."""
    refs = [f1.value, f2.value]
    # an aside inside "a or b" ("which has a larger eps, fenira plc, led by stefanie robles, or meridian?":
    # g29 reader, 3 of 40 unnatural) is kept while false premises need a premise to bend (`ASIDES_IN_LISTS`)
    r1, r2 = (
        a.name(f1.subject, [f1, f2], aside=ASIDES_IN_LISTS, trails=False),
        a.name(f2.subject, [f1, f2], aside=ASIDES_IN_LISTS, trails=False),
    )
    return r1, r2, [*refs, r1, r2]
