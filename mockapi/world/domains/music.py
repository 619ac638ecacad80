"""Synthetic music domain: artists and bands, songs, works, Grammy winners and a weekly Billboard Hot 100.

Build order: catalogue (targets, look-alikes, filler) -> Grammys (add award-winning songs and albums) ->
Billboard (adds chart songs) -> rows. Everything is drawn from `ctx.rng("music", ...)` streams.
"""

from __future__ import annotations

import json

from mockapi.formats.writer import TableWriter
from mockapi.world.context import WorldContext
from mockapi.world.domains.music_billboard import ChartEntry, build_chart
from mockapi.world.domains.music_catalog import Catalog, build_catalog
from mockapi.world.domains.music_grammy import GrammyRow, build_grammys

# Published chart weeks per scale: CRAG's questions need at least the ~12 weeks before the clock.


def generate(ctx: WorldContext, out: TableWriter) -> None:
    """Write the music tables, entities and edges."""
    cat = build_catalog(ctx)
    grammys = build_grammys(ctx.rng("music", "grammy"), cat)
    weeks = ctx.scale.chart_weeks
    chart = build_chart(ctx.rng("music", "billboard"), cat, ctx.clock, weeks)
    _write_catalog(cat, out)
    _write_grammys(grammys, out)
    _write_chart(chart, out)


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _write_catalog(cat: Catalog, out: TableWriter) -> None:
    for ord_, a in enumerate(cat.artists):
        members = _dumps(a.members) if a.members is not None else None
        out.add("music_artists", (ord_, a.name, a.country, a.birth_date, a.end_date, members))
        if a.works:
            out.add("music_works", (a.name, _dumps(a.works)))
        out.add("entities", (a.eid, "music", a.kind, a.name, a.popularity, a.is_target, a.lookalike_of))
        for member in a.member_eids:
            out.add("kg_edges", (member, "member_of", a.eid))
    for ord_, s in enumerate(cat.songs):
        out.add("music_songs", (ord_, s.name, s.author, s.country, s.date))
        out.add("entities", (s.eid, "music", "song", s.name, s.popularity, s.is_target, s.lookalike_of))
        out.add("kg_edges", (s.performer.eid, "performed", s.eid))
        if s.author_eid is not None:
            out.add("kg_edges", (s.author_eid, "wrote", s.eid))


def _write_grammys(rows: list[GrammyRow], out: TableWriter) -> None:
    for ord_, g in enumerate(rows):
        out.add("music_grammy", (ord_, g.year, g.category, g.nominee, g.artist, g.workers))


def _write_chart(chart: list[ChartEntry], out: TableWriter) -> None:
    """rank_dict order: per rank, weeks oldest first; song rows per (song, date)."""
    per_rank: dict[int, int] = {}
    for e in sorted(chart, key=lambda e: (e.rank, e.date)):
        ord_ = per_rank.get(e.rank, 0)
        per_rank[e.rank] = ord_ + 1
        out.add("music_billboard_ranks", (str(e.rank), ord_, e.date, e.song, e.artist))
    for e in chart:
        out.add("music_billboard_songs", (e.song, e.date, _dumps(e.row)))
