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
    """How one page states the value of every member of `group`; a fact of another kind than the members'
    (the top member's manager a multi-hop question walks to) is a sentence naming whose it is, never a row of
    the members' table (g26 reader #36: "Tanya Sanchez | Cynthia Knight" under "Grammy wins")."""
    kind = facts[0].kind if facts else ""
    others = [statements.state(f, rng, split, shape="sentence", named=True) for f in facts if f.kind != kind]
    facts = [f for f in facts if f.kind == kind]
    roll = rng.random()
    if roll < 0.4:
        order = rng.sample(facts, len(facts))
        return [*(statements.state(f, rng, split, shape="sentence") for f in order), *others]
    # one value style for the whole column: "US$12.0 mn", "$163,000,000" and "4.0 million dollars" in one
    # budget column read machine-made (g26 reader #16)
    seed, keep = rng.getrandbits(32), rng.random()
    rows = [(_name(f, rng), styles.restyle(f.value, random.Random(seed), keep=keep)) for f in facts]
    rng.shuffle(rows)
    head = statements.label(facts[0]) if facts else "value"
    header = (rng.choice(("Name", "")), head[:1].upper() + head[1:])
    if roll < 0.6:  # value column first
        return [Piece("table", group.name, rows=(header[::-1], *((v, n) for n, v in rows))), *others]
    if roll < 0.75:  # numbered rows (the numbering is not the ranking: rows are not sorted)
        numbered = (("#", *header), *((str(i), n, v) for i, (n, v) in enumerate(rows, 1)))
        return [Piece("table", group.name, rows=numbered), *others]
    return [Piece("table", group.name, rows=(header, *rows)), *others]
