"""Generator 29 (session 54) against what the reading of generator 28's default world (w_g28) found: dead
people as current mayors (the KG's mayor edges, all three mayor questions of the sample). Each test fails
on the code before it (main 6ca58d2)."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb

from mockapi.core.paths import KG_DB
from mockapi.world.domains.open_facts import MAYOR_BORN


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
