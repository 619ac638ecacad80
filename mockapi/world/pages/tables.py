"""Tables that answer questions naming no entity ("which company pays the highest dividend?"): one row per
member of the group with its value, in an order that is not the answer's, so the answer must be computed."""

from __future__ import annotations

import random

from mockapi.world.pages import styles
from mockapi.world.pages.frames import Piece
from mockapi.world.pages.statements import label
from mockapi.world.questions.model import Fact, Subject


def _name(fact: Fact, rng: random.Random) -> str:
    ticker = fact.subject.ticker.upper()
    return fact.subject.name + (f" ({ticker})" if ticker and rng.random() < 0.5 else "")


def group_table(group: Subject, facts: list[Fact], rng: random.Random) -> Piece:
    """A table of the group's members and their values (shuffled; values in one style per table)."""
    keep = rng.random()
    rows = [(_name(f, rng), styles.restyle(f.value, random.Random(keep), keep=keep)) for f in facts]
    rng.shuffle(rows)
    head = label(facts[0]) if facts else "value"
    roll = rng.random()
    if roll < 0.3:  # a plain list, one "name: value" line each
        sep = rng.choice((": ", " — ", ", "))
        return Piece("list", "\n".join(f"{n}{sep}{v}" for n, v in rows), label=group.name)
    header = (rng.choice(("Name", "")), head[:1].upper() + head[1:])
    if roll < 0.5:  # value column first
        return Piece("table", group.name, rows=(header[::-1], *((v, n) for n, v in rows)))
    return Piece("table", group.name, rows=(header, *rows))
