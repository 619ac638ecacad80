"""Synthetic movie domain: movies, persons and years with Oscars, as movie_db / person_db / year_db hold them.

Docs are the dicts the endpoints return verbatim (contract §1.5): a movie's key order varies a little
between entries as in the real data; a person's is acted_movies, id, [oscar_awards], birthday, name,
[directed_movies].
"""

from __future__ import annotations

import json
import random
from typing import Any

from mockapi.core.textnorm import normalize
from mockapi.formats.writer import TableWriter
from mockapi.world.context import WorldContext
from mockapi.world.domains.movie_catalog import LANGUAGES, Movie, MovieCatalog, Person, build_catalog
from mockapi.world.domains.movie_oscars import FIRST_CEREMONY_YEAR, LAST_CEREMONY_YEAR, build_oscars
from mockapi.world.real.film_money import records

# TMDB's genre ids (public facts about the format, not content).
GENRES = {
    28: "Action", 12: "Adventure", 16: "Animation", 35: "Comedy", 80: "Crime", 99: "Documentary",
    18: "Drama", 10751: "Family", 14: "Fantasy", 36: "History", 27: "Horror", 10402: "Music",
    9648: "Mystery", 10749: "Romance", 878: "Science Fiction", 53: "Thriller", 10752: "War", 37: "Western",
}  # fmt: skip


def generate(ctx: WorldContext, out: TableWriter) -> None:
    """Write the movie tables, entities and edges."""
    cat = build_catalog(ctx)
    oscars = build_oscars(ctx.rng("movie", "oscars"), cat)
    rng = ctx.rng("movie", "docs")
    for m in sorted(cat.movies, key=lambda m: m.id):
        doc = movie_doc(rng, m)
        out.add("movie_movies", (normalize(m.title), m.id, m.title, m.release_date, _dumps(doc)))
        out.add("entities", (m.eid, "movie", "movie", m.title, m.popularity, m.is_target, m.lookalike_of))
    for p in sorted(cat.persons, key=lambda p: p.id):
        out.add("movie_persons", (normalize(p.name), p.id, p.name, p.birthday, _dumps(person_doc(p))))
        out.add("entities", (p.eid, "movie", "person", p.name, p.popularity, p.is_target, p.lookalike_of))
    _write_years(cat, oscars, out)
    _write_edges(cat, out)


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _year(release_date: str) -> int:
    return int(release_date[:4]) if release_date[:4].isdigit() else 2000


def _of_its_era(budget: int, release_date: str) -> int:
    """A budget on its year's scale: up to $250M today, a few million in the 1940s (the reader's g14 read: "a
    $233M budget for a 1946 film"), rounded to thousands, at most its era's record; same draws, so nothing
    else in the world moves."""
    year = _year(release_date)
    scale = min(1.0, max(0.0, (year - 1920) / 100)) ** 2.5
    return budget and max(100_000, int(min(round(budget * scale, -3), records(year)[0])))


def movie_doc(rng: random.Random, m: Movie) -> dict[str, Any]:
    """The movie dict; budget/revenue 0 when unknown (as TMDB), rating null or length absent for some."""
    budget = 0 if rng.random() < 0.2 else rng.randrange(1, 250) * 1_000_000 + rng.randrange(1000) * 1000
    budget = _of_its_era(budget, m.release_date)
    revenue = 0 if rng.random() < 0.15 else int(max(budget, 2_000_000) * rng.uniform(0.2, 6.0))
    revenue = int(min(revenue, records(_year(m.release_date))[1]))
    lang = rng.choice(LANGUAGES)
    doc: dict[str, Any] = {
        "budget": budget,
        "genres": [{"id": g, "name": GENRES[g]} for g in rng.sample(sorted(GENRES), rng.randint(1, 3))],
        "id": m.id,
        "original_language": lang,
        "original_title": m.title,
        "release_date": m.release_date,
        "revenue": revenue,
        "title": m.title,
        "cast": [
            {"gender": p.gender, "id": p.id, "name": p.name, "character": ch, "order": k}
            for k, (p, ch) in enumerate(m.cast)
        ],
        "crew": [{"name": p.name, "job": job, "id": p.id} for p, job in m.crew],
        "rating": None if rng.random() < 0.06 else round(rng.uniform(2.0, 9.2), 3),
    }
    if rng.random() < 0.92:
        doc["length"] = rng.randint(78, 195)
    if m.oscars:
        doc["oscar_awards"] = m.oscars
    if rng.random() < 0.25:  # key order varies between entries in the real data
        doc = {k: doc[k] for k in sorted(doc, key=lambda _k: rng.random())}
    return doc


def person_doc(p: Person) -> dict[str, Any]:
    doc: dict[str, Any] = {"acted_movies": list(p.acted), "id": p.id}
    if p.oscars:
        doc["oscar_awards"] = p.oscars
    doc["birthday"] = p.birthday
    doc["name"] = p.name
    if p.directed:
        doc["directed_movies"] = list(p.directed)
    return doc


def _write_years(cat: MovieCatalog, oscars: dict[int, list[dict[str, Any]]], out: TableWriter) -> None:
    for year in range(FIRST_CEREMONY_YEAR, LAST_CEREMONY_YEAR + 1):
        ids = sorted(m.id for m in cat.movies if m.year == year)
        out.add("movie_years", (str(year), _dumps({"movie_list": ids, "oscar_awards": oscars.get(year, [])})))


def _write_edges(cat: MovieCatalog, out: TableWriter) -> None:
    rel = {"Director": "directed", "Producer": "produced", "Screenplay": "wrote"}
    for m in sorted(cat.movies, key=lambda m: m.id):
        for p, _ in m.cast:
            out.add("kg_edges", (p.eid, "acted_in", m.eid))
        for p, job in m.crew:
            if job in rel:
                out.add("kg_edges", (p.eid, rel[job], m.eid))
