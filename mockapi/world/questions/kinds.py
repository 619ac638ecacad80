"""Fact kinds: the attributes questions ask about, with their wording and value shape.

The registry (kinds.json) serves both sources: KG extractors emit facts of these kinds from kg.duckdb, and
the web-fact inventor makes up values of the same kinds for facts that live only in pages. `{s}` is the
subject phrase.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources


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


def kinds_for(domain: str, subject: str | None = None) -> list[Kind]:
    """Kinds of one domain (and subject kind), in registry order."""
    return [k for k in KINDS.values() if k.domain == domain and (subject is None or k.subject == subject)]


def fits_role(kind: Kind, relation: str) -> bool:
    """Whether a person reached by `relation` has this attribute: no latest movie of a coach."""
    return kind.key != "mv.latest" or relation in ("director", "best-known film", "cast")
