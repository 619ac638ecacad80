"""Synthetic open domain: encyclopedia entities (places, people, organisations, concepts) as CRAG's open KG.

Rows keep catalogue order as `ord` (the KG file order); names are exact, case-sensitive keys, so look-alikes
such as "Ashford" and "ASHFORD" are separate entities, as "Florida" and "FLORIDA" are in CRAG.
"""

from __future__ import annotations

import json

from mockapi.formats.writer import TableWriter
from mockapi.world.context import WorldContext
from mockapi.world.domains.open_facts import build_entries, fact_filler
from mockapi.world.domains.open_text import article, infobox, lead


def generate(ctx: WorldContext, out: TableWriter) -> None:
    """Write open_entities, entities and the edges between open entities."""
    entries = build_entries(ctx, with_facts=False)
    eid_of = {e.name: e.eid for e in entries}
    fill = fact_filler(ctx.rng("open", "facts"), entries)
    rng = ctx.rng("open", "text")
    for ord_, e in enumerate(entries):
        fill(e)  # facts and text come from separate rng streams: same bytes as filling every entry first
        structured = json.dumps(infobox(e), ensure_ascii=False)
        out.add("open_entities", (ord_, e.name, lead(e), structured, article(rng, e)))
        out.add("entities", (e.eid, "open", e.kind, e.name, e.popularity, e.is_target, e.lookalike_of))
        for rel, other in e.links.items():
            out.add("kg_edges", (e.eid, rel, eid_of[other]))
        e.facts, e.links = {}, {}  # written: at full scale the facts of 1.2M entries never sit in memory
