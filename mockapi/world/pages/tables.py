"""Pages that answer questions naming no entity ("which company pays the highest dividend?"): the group's
members with their values, shuffled so that the answer must be computed, as a table (name first, value first
or numbered) or as one sentence per member in varied frames."""

from __future__ import annotations

import random

from mockapi.world.pages import statements, styles
from mockapi.world.pages.fact_frames import Piece
from mockapi.world.questions.model import Fact, Subject


def _name(fact: Fact, rng: random.Random) -> str:
    ticker = fact.subject.ticker.upper()
    return fact.subject.name + (f" ({ticker})" if ticker and rng.random() < 0.5 else "")


def group_pieces(group: Subject, facts: list[Fact], rng: random.Random, split: str) -> list[Piece]:
    """How one page states the value of every member of `group`."""
    roll = rng.random()
    if roll < 0.4:
        order = rng.sample(facts, len(facts))
        return [statements.state(f, rng, split, shape="sentence") for f in order]
    style = random.Random(rng.getrandbits(32))  # one value style for the whole table
    keep = rng.random()
    rows = [(_name(f, rng), styles.restyle(f.value, random.Random(style.random()), keep=keep)) for f in facts]
    rng.shuffle(rows)
    head = statements.label(facts[0]) if facts else "value"
    header = (rng.choice(("Name", "")), head[:1].upper() + head[1:])
    if roll < 0.6:  # value column first
        return [Piece("table", group.name, rows=(header[::-1], *((v, n) for n, v in rows)))]
    if roll < 0.75:  # numbered rows (the numbering is not the ranking: rows are not sorted)
        return [
            Piece(
                "table",
                group.name,
                rows=(("#", *header), *((str(i), n, v) for i, (n, v) in enumerate(rows, 1))),
            )
        ]
    return [Piece("table", group.name, rows=(header, *rows))]
