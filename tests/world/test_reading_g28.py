"""Generator 29 (session 54) against what the reading of generator 28's default world (w_g28) found: dead
people as current mayors (the KG's mayor edges, all three mayor questions of the sample); and the audit's
typed-candidate voting. Each test fails
on the code before it (main 6ca58d2)."""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path

import duckdb

from mockapi.core.paths import KG_DB
from mockapi.world.domains.open_facts import MAYOR_BORN
from mockapi.world.pages import statements
from mockapi.world.questions.model import Fact, Subject


def test_a_place_s_mayor_is_alive_and_of_age(tiny_kg: Path) -> None:
    """"North Stonewick | Mayor Aimee Karlsson" (died 2010), "Uwe Beoker leads Millhaven" (died 1952): the KG
    drew a place's current mayor from every person of the catalogue, the dead included."""
    con = duckdb.connect(str(tiny_kg / KG_DB), read_only=True)
    try:
        rows = con.execute(
            "SELECT o.summary_structured FROM kg_edges k JOIN entities e ON e.entity_id = k.dst"
            " JOIN open_entities o ON o.name = e.name WHERE k.rel = 'mayor' ORDER BY k.src"
        ).fetchall()
    finally:
        con.close()
    assert len(rows) >= 20
    for (box,) in rows:
        facts = json.loads(box)
        assert not facts.get("death_date"), facts
        assert MAYOR_BORN[0] <= int(str(facts["birth_date"]).split("|")[1]) <= MAYOR_BORN[1], facts


def test_an_answer_page_states_a_full_date_once() -> None:
    """Typed-candidate voting (g28: 0.132, dates 18 of 32): an answer page said its value twice on 0.15 of
    pages, the look-alikes beside it once each, so the gold birth or release date out-voted them on the top
    10 in a near tie. A full date is stated once, as the pages state their other dates; other values may
    still be repeated."""
    singer = Subject("Louis Rousseau", "music", "artist", lookalikes=("Karen Rousseau",))
    birth = Fact(singer, "mu.birth", "March 3, 1950")
    wins = Fact(singer, "mu.grammys", "4")
    day = dt.date(2024, 3, 1)
    counts = [len(statements.gold_pieces(birth, random.Random(s), "dev", day)) for s in range(300)]
    assert set(counts) == {1}
    again = [len(statements.gold_pieces(wins, random.Random(s), "dev", day)) for s in range(300)]
    assert max(again) == 2
