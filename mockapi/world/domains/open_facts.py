"""Encyclopedia entities of the open domain and their facts, before any text is written.

Four kinds (place, person, organization, concept). Facts that name another entity point at a real entry of
this catalogue (a person's birthplace, an organisation's founder and seat), so the texts agree with kg_edges.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from mockapi.world.context import WorldContext
from mockapi.world.domains.music_catalog import tier
from mockapi.world.names import NameRegistry, lookalikes, person_name, words
from mockapi.world.real.lives import OLDEST_LIVING

OPEN_KINDS = ("place", "person", "organization", "concept")
STATES = (
    "Ohio",
    "Oregon",
    "Vermont",
    "Texas",
    "Maine",
    "Iowa",
    "Georgia",
    "Nevada",
    "Kansas",
    "Montana",
    "Florida",
    "Michigan",
    "Colorado",
    "Virginia",
    "Wisconsin",
    "Idaho",
    "Kentucky",
    "Minnesota",
)
SETTLEMENTS = ("City", "Town", "Village", "Borough", "Census-designated place")


@dataclass
class Entry:
    eid: str
    name: str
    kind: str
    popularity: str = "noise"
    is_target: bool = False
    lookalike_of: str | None = None
    facts: dict[str, str] = field(default_factory=dict)
    links: dict[str, str] = field(default_factory=dict)  # relation -> name of another entry
    see_also: list[str] = field(default_factory=list)


def build_entries(ctx: WorldContext, with_facts: bool = True) -> list[Entry]:
    """Targets (kinds in turn) each with look-alikes, then filler; facts and links filled afterwards.

    `with_facts=False` leaves them empty: the writer fills each entry with `fact_filler` just before writing
    it and drops them after, so the full scale (1.2M entries) never holds every fact at once.
    """
    rng, names = ctx.rng("open", "catalog"), NameRegistry()
    n_targets, entries = ctx.scale.targets["open"], list[Entry]()
    for i in range(n_targets):
        kind = OPEN_KINDS[i % len(OPEN_KINDS)]
        target = _new(entries, names.fresh(_name_kind(kind), rng), kind)
        target.popularity, target.is_target = tier(i, n_targets), True
        for name in lookalikes(target.name, kind, rng, ctx.scale.lookalikes, names):
            like = _new(entries, name, kind)
            like.lookalike_of = target.eid
            target.see_also.append(name)
    for _ in range(ctx.scale.filler["open"]):
        kind = rng.choice(OPEN_KINDS)
        _new(entries, names.fresh(_name_kind(kind), rng), kind)
    if with_facts:
        fill = fact_filler(ctx.rng("open", "facts"), entries)
        for e in entries:
            fill(e)
    return entries


def _name_kind(kind: str) -> str:
    return "person" if kind == "person" else kind


def _new(entries: list[Entry], name: str, kind: str) -> Entry:
    entry = Entry(f"open:{kind}:{len(entries)}", name, kind)
    entries.append(entry)
    return entry


def fact_filler(rng: random.Random, entries: list[Entry]) -> Callable[[Entry], None]:
    """Fills one entry's facts and links; call it on the entries in catalogue order (one rng stream)."""
    # a birthplace or seat is a town, never a look-alike form of one ("East Milldale River", "The Goldbrook
    # Promise": g19 readers found a mayor born in a nature site)
    places = [e.name for e in entries if e.kind == "place" and e.lookalike_of is None] or ["Ashford"]
    people = [e.name for e in entries if e.kind == "person"] or [person_name(rng)]
    lives = Lives(rng.getrandbits(64))
    return lambda e: _fill(rng, e, places, people, lives)


class Lives:
    """A person's birth and death years, drawn from the person's name and one seed, so that an organisation
    filled before or after its founder (entries are filled and freed one at a time) is founded while the
    founder is an adult and alive."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def of(self, name: str) -> tuple[int, int | None]:
        """(born, died or None) of the person called `name`."""
        r = random.Random(f"{self.seed}:{name}")
        born = r.randint(1890, 1995)
        died = born + r.randint(45, 98) if born < 1950 and r.random() < 0.6 else None
        if (died is None or died >= 2024) and born < OLDEST_LIVING:
            # nobody born before ~1925 is alive to act in 2024: a man born 1897 with no death "hosted a
            # debate on climate on 28 Oct 2023" (g22 reader, absurd)
            died = born + r.randint(60, min(98, 2023 - born))
        return born, died if died is not None and died < 2024 else None


def _fill(rng: random.Random, e: Entry, places: list[str], people: list[str], lives: Lives) -> None:
    e.facts["state"] = rng.choice(STATES)
    if e.kind == "place":
        _place(rng, e, people, lives)
    elif e.kind == "person":
        _person(rng, e, places, lives)
    elif e.kind == "organization":
        _org(rng, e, places, people, lives)
    else:
        _concept(rng, e, people)


def _place(rng: random.Random, e: Entry, people: list[str], lives: Lives) -> None:
    founded = rng.randint(1680, 1925)
    e.facts.update(
        settlement=rng.choice(SETTLEMENTS),
        founded=str(founded),
        incorporated=str(founded + rng.randint(5, 80)),
        population=str(rng.randint(400, 250_000)),
        census="2020",
        area=f"{rng.uniform(0.8, 120):.2f}",
        elevation=str(rng.randint(3, 2400)),
        county=f"{rng.choice(words()['place_roots'])} County",
        river=f"{rng.choice(words()['place_roots'])} River",
        industry=rng.choice(("agriculture", "tourism", "manufacturing", "logistics", "education")),
    )
    e.links["mayor"] = _mayor(people, rng.randrange(len(people)), lives)


# a sitting mayor's birth years: of age in 2024, and not past ninety (a mayor is in office now)
MAYOR_BORN = (1935, 1998)


def _mayor(people: list[str], drawn: int, lives: Lives) -> str:
    """The person at `drawn` (the draw `rng.choice(people)` made), else the next one who is alive and of
    age to hold office: the KG's "current mayor" was a man dead since 1952 in 3 of 3 mayor questions read
    (g28 reader). Walked from the same draw, so the rest of the catalogue's facts keep theirs."""
    for k in range(len(people)):
        name = people[(drawn + k) % len(people)]
        born, died = lives.of(name)
        if died is None and MAYOR_BORN[0] <= born <= MAYOR_BORN[1]:
            return name
    return people[drawn]


def _person(rng: random.Random, e: Entry, places: list[str], lives: Lives) -> None:
    born, died = lives.of(e.name)
    e.facts.update(
        born=f"{born}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
        occupation=rng.choice(words()["occupations"]),
        active_from=str(min(2023, born + rng.randint(18, 32))),
        spouse=person_name(rng),
        award=f"{rng.choice(words()['adjectives'])} {rng.choice(words()['nouns'])} Prize",
    )
    if died is not None:
        e.facts["died"] = f"{died}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    e.links["born_in"] = rng.choice(places)


def _org(rng: random.Random, e: Entry, places: list[str], people: list[str], lives: Lives) -> None:
    founder = rng.choice(people)
    born, died = lives.of(founder)  # founded by an adult founder in the founder's lifetime
    e.facts.update(
        founded=str(rng.randint(born + 18, min(2015, died if died is not None else 2015))),
        employees=str(rng.randint(12, 48_000)),
        field=rng.choice(words()["org_fields"]).lower(),
        revenue=f"{rng.uniform(1, 900):.1f}",
        org_type=rng.choice(("Private company", "Public company", "Nonprofit", "Cooperative")),
    )
    e.links["founded_by"] = founder
    e.links["headquartered_in"] = rng.choice(places)


def _concept(rng: random.Random, e: Entry, people: list[str]) -> None:
    e.facts.update(
        field=rng.choice(words()["concept_fields"]),
        year=str(rng.randint(1820, 2010)),
        related=rng.choice(words()["nouns"]).lower(),
    )
    e.links["proposed_by"] = rng.choice(people)
