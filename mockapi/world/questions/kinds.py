"""Fact kinds: the attributes questions ask about, with their wording and value shape.

The registry (kinds.json) serves both sources: KG extractors emit facts of these kinds from kg.duckdb, and
the web-fact inventor makes up values of the same kinds for facts that live only in pages. `{s}` is the
subject phrase.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources

from mockapi.world.questions import invent_words
from mockapi.world.real import sequels


@dataclass(frozen=True)
class Kind:
    """How one attribute is asked, stated in pages and shaped."""

    key: str
    domain: str
    subject: str  # subject kind: company, team, player, artist, band, song, movie, person, topic
    dynamism: str
    vtype: str  # money | bigmoney | number | decimal | date | year | person | place | title | score | list
    ask: str  # question text with {s}
    say: str  # page sentence with {s} and {v}; may hold [a|b] alternatives (pages.grammar) to vary it
    label: str  # noun phrase for comparisons ("stock price")
    event: str = ""  # date kinds: the verb phrase for "which … first" ("was released")
    item: str = ""  # list kinds: plural noun of the items ("albums")
    pool: str = ""  # list kinds / names: which name pool invents values


def _load() -> dict[str, Kind]:
    # One kind per line in kinds.json: wording is data, so adding a kind needs no code.
    rows = json.loads(resources.files(__package__).joinpath("kinds.json").read_text(encoding="utf-8"))
    return {row["key"]: Kind(**row) for row in rows}


KINDS: dict[str, Kind] = _load()

# Multi-hop: a relation phrase from one subject kind to another ("the parent company of X").
RELATIONS: dict[str, tuple[str, str]] = {
    # subject kind of the question's entity -> (relation phrase, subject kind of the related entity)
    "company": ("parent company", "company"),
    "player": ("team", "team"),
    "song": ("performer", "artist"),
    "movie": ("director", "person"),
    "topic": ("founder", "person"),
    "team": ("head coach", "person"),
    "band": ("lead singer", "person"),
    "artist": ("manager", "person"),
    "person": ("best-known film", "movie"),
}

# The kind of entity a relation phrase leads to, when not a person (look-alike pages state a wrong one).
REL_TARGET = {
    **{phrase: kind for phrase, kind in RELATIONS.values() if kind != "person"},
    "birthplace": "topic",
    "headquarters city": "topic",
    "band": "band",
}


# Labels that are counts of things ("oscar wins"): "what is the oscar wins of x" does not read, "what is
# the number of oscar wins of x" does; a superlative takes the bare label ("the most oscar wins").
COUNTED_LABELS = frozenset(
    ("wins", "championships", "studio albums", "grammy wins", "weeks on chart", "oscar wins",
     "visitors right now", "points in the last game")
)  # fmt: skip


# A count as a user names it ("how much higher is x's last-game point total than y's?"): "number of points in
# the last game", "number of wins" read as a database's columns to the g19 reader.
SAID_COUNTS = {
    "wins": "win total",
    "championships": "title count",
    "studio albums": "studio album count",
    "grammy wins": "grammy count",
    "weeks on chart": "chart run in weeks",
    "oscar wins": "oscar count",
    "visitors right now": "current visitor count",
    "points in the last game": "last-game point total",
}


def asked_label(kind: Kind) -> str:
    """The label as a question says it of one value ("oscar count", "stock price")."""
    return SAID_COUNTS.get(kind.label, kind.label)


# Open-domain topics are places (towns, counties), nature (a lake, a park) and institutions (a museum, a
# university): an opera house has no population and a lake no leader, so a kind fits a topic by its name.
_NATURE = re.compile(
    # a bare park, garden or reserve too: "Lonely Park has a population of ..." (g29 reader)
    r"\b(?:lake|(?:national )?park|river|mountain|island|forest|gardens?|reserve)$"
    r"|^(?:lake|mount|mt\.?|river|isle of) ",
    re.I,
)  # "Lake Michelle" too: a lake "led by" someone, with languages, read absurd (issue 31's read)
_INSTITUTION = re.compile(
    r"\b(?:university|college|museum(?: of art)?|institute(?: of technology)?|observatory|cathedral|library|"
    r"zoo|opera house|foundation|botanical garden|orchestra|school|hospital|laboratories)$",
    re.I,
)
# a concept (a principle, theorem, scale, -ism) has no visitors, population, leader, area, languages or
# location: a physics principle asked for its visitors read absurd (g22 reader)
_CONCEPT = re.compile(
    r"\b(?:principle|theorem|conjecture|paradox|hypothesis|effect|scale|cycle|law|lemma)$|^\w+ism$", re.I
)
_UNFIT = {
    "concept": {
        "op.population",
        "op.leader",
        "op.version",
        "op.languages",
        "op.visitors",
        "op.area",
        "op.location",
        "op.founded",  # "The founding year of Red cycle is 1837" (g23: the audit's kinds line)
    },
    "nature": {"op.population", "op.leader", "op.version", "op.languages"},
    "institution": {"op.population", "op.languages", "op.area"},  # no cathedral of 7,636 km2
    "place": {"op.version"},
}


# a look-alike's tail is no part of what it is: "Montesstad Cathedral II" read as a settlement and was given a
# population of 394,713 (g29 reader)
_TAIL = re.compile(
    r"(?: \([^()]*\)|" + "|".join(re.escape(t) for t in (*sequels.SEQUEL_TAILS, " IV")) + ")$"
)  # `sequels.SEQUEL_TAILS`: how a look-alike title continues its original


# a settlement's own head noun: "Lake Crystal County" read as a lake was given crowd hours and an entry fee on
# the pages of "Places in Philipport" (audit31, the g30 trial)
_SETTLEMENT_HEAD = re.compile(r"\b(?:County|City|Town|Township|Village|Borough)$")


def untailed(name: str) -> str:
    """`name` without a look-alike's tail (" II", "(disambiguation)")."""
    return _TAIL.sub("", name)


def topic_class(name: str) -> str:
    """concept | nature | institution | place: what an open-domain topic is, read off its name."""
    name = untailed(name)
    # a name ending in a building's noun is that building, whatever it starts with ("Lake Ralphbury Cathedral"
    # read as a lake had an area beside the parks', g16 reader)
    if _CONCEPT.search(name):
        return "concept"
    return "institution" if _INSTITUTION.search(name) else "nature" if _NATURE.search(name) else "place"


def lived_in(name: str) -> bool:
    """Whether a topic's pages narrate it as a settlement: its class is "place", or its head noun is a
    settlement's whatever starts it ("Lake Crystal County"). Pages only: what a question may ask of it stays
    `topic_class`'s (read at the question draw, whose every later question a change there moves)."""
    return topic_class(name) == "place" or _SETTLEMENT_HEAD.search(untailed(name)) is not None


def fits_subject(kind: Kind, subject_name: str, subject_kind: str) -> bool:
    """Whether the subject has this attribute at all: no population of an opera house, no leader of a lake."""
    if subject_kind != "topic":
        return True
    if kind.key == "op.population" and not settlement(subject_name):
        return False
    return kind.key not in _UNFIT[topic_class(subject_name)]


# Names the default class ("place") takes in that no reader takes for a town: a title's or a firm's words
# ("Elizabethfurt Voyage", "Paper Technology", "Leeland Anthem" were given populations: 14 on g28's default
# world by the audit's places line), a qualifier other than a settlement's ("(novel)", "(band)")
_NOT_TOWN_HEAD = frozenset(
    (*invent_words.NOUN, *invent_words.LONG_NOUN, "Society", "Group", "Company", "Trust", "Network",
     "Pictures", "Industries", "Records", "Technology", "Technologies", "Systems", "Holdings", "Partners",
     "Press", "Studios", "Summer", "Engine", "Parade", "Kingdom", "Empire", "Frontier", "Signal", "Horizon",
     "Tide", "Canyon", "Heavy")
)  # fmt: skip
_NOT_TOWN_LEAD = frozenset((*invent_words.ADJ, *invent_words.LONG_ADJ, "The"))
_QUALIFIER = re.compile(r" \(([^()]*)\)$")
# "X of the Y" is a title's form (`names`: a look-alike containing a word of its target), not a town's: the
# KG's "Alderdale of the Desert" is a nonprofit, given a population of 1.27M on a look-alike page (the
# audit's places line, 1 on g32's default world); "City of X" is no such form (its first word is no name)
_TITLE_FORM = re.compile(r"^\S+ of the \S")


def settlement(name: str) -> bool:
    """Whether a topic reads as a town, a city or a county (what has a population): its class is "place",
    its words are no title's or firm's, and a qualifier, if any, is a settlement's."""
    found = _QUALIFIER.search(name)
    if found is not None and found[1] not in ("city", "town", "village", "county", "disambiguation"):
        return False
    words = untailed(name).split()
    if not words or topic_class(name) != "place" or _TITLE_FORM.match(untailed(name)):
        return False
    return len(words) == 1 or (words[-1] not in _NOT_TOWN_HEAD and words[0] not in _NOT_TOWN_LEAD)


def kinds_for(domain: str, subject: str | None = None) -> list[Kind]:
    """Kinds of one domain (and subject kind), in registry order."""
    return [k for k in KINDS.values() if k.domain == domain and (subject is None or k.subject == subject)]


def fits_role(kind: Kind, relation: str) -> bool:
    """Whether a person reached by `relation` has this attribute: no latest movie of a coach."""
    return kind.key != "mv.latest" or relation in ("director", "best-known film", "cast")
