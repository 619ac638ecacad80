"""Set families that grow with the world (train): "the companies that went public after 1995", "the soccer
clubs founded before 1950", "the pop artists who debuted after 2005".

The common-word sets of `sets.py` are few (14 sectors, 8 music genres, 3 sports) and each (set, measure) is
asked once (`topics.Groups.asked`), so a train world of 5,000 questions or more ran out of them in finance,
sports and music first: its questions naming no entity fell to 0.093 at 5,000 and ~0.046 at 20,000 (bar
0.10; train34's proposal 1). A year splits a kind's subjects into as many sets as there are years and two
sides, and says no name: a set of this module is offered only when a group pick finds no set left, and only
in a train world (dev and test at 1,200 do not run out and keep their questions).

A member belongs by its own value of the dating kind, drawn by the source as any question would draw it
(`WebSource.fact`: one value per subject and kind in the whole world; a team's founding is its start, drawn
from its name), so nothing is invented for the set and no page can state another year: the members' pages
state that year (`defining`), as the landmarks' century is stated.
"""

from __future__ import annotations

from dataclasses import dataclass

from mockapi.world.questions import set_names, starts
from mockapi.world.questions.ask import Ask, subject_for
from mockapi.world.questions.kinds import KINDS, Kind
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.questions.sets import NamedSet, title_case
from mockapi.world.questions.source import WebSource, year_of


@dataclass(frozen=True)
class _Family:
    key: str  # the dating kind ("fin.ipo_year")
    after_start: int  # the fewest years from the start its pages give an invented member (`starts`) to it
    clause: str  # how the set says it, before "before/after <year>": words the pages use ("went public")
    years: tuple[int, int]  # the cut years drawn from: members on both sides are common
    prefixes: tuple[tuple[str, str], ...]  # (common word or '', plural noun)


_FAMILIES = {
    "company": _Family(
        "fin.ipo_year", 0, "that went public", (1975, 2015),
        (("", "companies"), ("", "stocks"), *((s, "companies") for s in set_names.SECTORS)),
    ),
    "team": _Family(
        "sp.founded", 0, "founded", (1910, 1995),
        (("", "teams"), ("basketball", "teams"), ("soccer", "clubs"), ("football", "clubs")),
    ),
    "artist": _Family(
        "mu.debut", 18, "who debuted", (1975, 2015),
        (("", "artists"), ("", "singers"), *((g, "artists") for g in set_names.MUSIC_GENRES)),
    ),
}  # fmt: skip
# Share of a train world's group slots that may take a grown set when no set is left (`Ask.grows`, drawn once
# per slot; the others name an entity, as before). Every one (1.0): group share 0.12 -> 0.23 at 5,000 and
# 0.10 -> 0.23 at 20,000 (dev's 0.19 at 1,200), no-entity 0.093 -> 0.18 and 0.046 -> 0.18, and the group
# questions (true ones: a false premise bends no year) a tell of truth: FP text AUC 0.687 -> 0.751 at 5,000
# (bar 0.75), 0.723 at 20,000. A share near 0.7 keeps the group share near dev's (train35's notes).
P_GROWN = 0.7
_TRIES = 4  # a title drawn again when a known set has it
_DRAWS = 3  # candidates drawn per member wanted: about half of them fall on the set's side of its year


def grown_set(a: Ask, kind: Kind, titles: set[str]) -> tuple[NamedSet, list[Subject]] | None:
    """A new set of the family of `kind`'s subject kind under a title not in `titles`, with its members;
    None when the kind has no family, the source is not the web's or too few members were found."""
    family = _FAMILIES.get(kind.subject)
    if family is None or not isinstance(a.src, WebSource):
        return None
    for _ in range(_TRIES):
        named, cut, before = _named(a, family, kind)
        if named.title in titles:
            continue
        want = a.rng.randint(6, 9)
        members: dict[str, Subject] = {}
        for _draw in range(want * _DRAWS):
            m = subject_for(a, kind)
            if m is None or m.name in members:
                continue
            year = year_of(a.src.fact(m, KINDS[family.key], a.day, a.rng))
            if year is None or not _in_life(m, family, year):
                continue
            if year < cut if before else year > cut:
                members[m.name] = m
                if len(members) == want:
                    break
        return (named, list(members.values())) if len(members) >= 4 else None
    return None


def _in_life(member: Subject, family: _Family, year: int) -> bool:
    """Whether `year` falls in the life the member's pages give it: an invented company or artist is dated by
    a start drawn from its name (`lifespan.default`) unless a question gave its founding or birth, and a
    company that went public before it was founded, an artist who debuted before 18, is a case the audit's
    lifespan and ages lines read. A team's founding is its start."""
    if family.key == "sp.founded":
        return True
    return year >= starts.drawn_start(member.name, member.kind) + family.after_start


def _named(a: Ask, family: _Family, kind: Kind) -> tuple[NamedSet, int, bool]:
    word, noun = a.rng.choice(family.prefixes)
    cut = a.rng.randint(*family.years)
    before = a.rng.random() < 0.5
    clause = f"{family.clause} {'before' if before else 'after'} {cut}"
    plural = f"{word} {noun}".strip()
    named = NamedSet(f"{title_case(plural)} {clause}", f"{plural} {clause}", word, noun, kind.subject,
                     relation=family.key, proper=False, post=f" {clause}")  # fmt: skip
    return named, cut, before


def defining(a: Ask, named: NamedSet, ranked: list[Fact]) -> list[Fact]:
    """Each member's dating fact (drawn by `grown_set`), for its pages to say ("x went public in 1998")."""
    kind = KINDS[named.relation]
    dated = (a.src.fact(f.subject, kind, a.day, a.rng) for f in ranked)
    return [f for f in dated if f is not None]


def is_grown(named: NamedSet) -> bool:
    """Whether `named` is a set of this module (its members are dated by their own facts)."""
    return bool(named.post) and named.relation in {f.key for f in _FAMILIES.values()}
