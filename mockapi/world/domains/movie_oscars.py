"""Academy Awards for the ceremonies 1990..2024 (films of the year before), on movies, persons, years.

Each category has up to five nominees and one winner; an entry has the contract's keys
{year_ceremony, ceremony, category (upper case), name, film, winner}. Target movies and people are
favoured as nominees, so award questions about them have answers.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from mockapi.world.domains.movie_catalog import Movie, MovieCatalog, Person

FIRST_CEREMONY_YEAR, LAST_CEREMONY_YEAR = 1990, 2024
# The 1st ceremony was in 1929, so ceremony number = year - 1928 (1992 -> 64th, as in CRAG).
CEREMONY_OFFSET = 1928

Pick = Callable[[Movie], "Person | None"]


def _lead(gender: int, supporting: bool) -> Pick:
    def pick(movie: Movie) -> Person | None:
        billed = movie.cast[2:6] if supporting else movie.cast[:2]
        return next((p for p, _ in billed if p.gender == gender), None)

    return pick


def _crew(job: str) -> Pick:
    return lambda movie: next((p for p, j in movie.crew if j == job), None)


CATEGORIES: list[tuple[str, Pick | None]] = [
    ("ACTOR IN A LEADING ROLE", _lead(2, False)),
    ("ACTRESS IN A LEADING ROLE", _lead(1, False)),
    ("ACTOR IN A SUPPORTING ROLE", _lead(2, True)),
    ("ACTRESS IN A SUPPORTING ROLE", _lead(1, True)),
    ("DIRECTING", _crew("Director")),
    ("BEST PICTURE", None),  # the name is the producer(s); the nominee is the film
    ("WRITING (ORIGINAL SCREENPLAY)", _crew("Screenplay")),
    ("CINEMATOGRAPHY", _crew("Director of Photography")),
    ("FILM EDITING", _crew("Editor")),
    ("MUSIC (ORIGINAL SCORE)", _crew("Original Music Composer")),
]


def _weight(rng: random.Random, movie: Movie) -> float:
    return rng.random() * (4.0 if movie.is_target or any(p.is_target for p, _ in movie.cast[:3]) else 1.0)


def build_oscars(rng: random.Random, cat: MovieCatalog) -> dict[int, list[dict[str, Any]]]:
    """Ceremony year -> entries (category order; one random winner among each category's nominees)."""
    by_year: dict[int, list[Movie]] = {}
    for movie in sorted(cat.movies, key=lambda m: m.id):
        by_year.setdefault(movie.year, []).append(movie)
    out: dict[int, list[dict[str, Any]]] = {}
    for year in range(FIRST_CEREMONY_YEAR, LAST_CEREMONY_YEAR + 1):
        films = by_year.get(year - 1, [])
        entries: list[dict[str, Any]] = []
        for category, pick in CATEGORIES:
            ranked = sorted(films, key=lambda m: -_weight(rng, m))
            nominees = [(m, pick(m) if pick else None) for m in ranked]
            nominees = [(m, p) for m, p in nominees if pick is None or p is not None][:5]
            winner = rng.randrange(len(nominees)) if nominees else -1
            for k, (movie, person) in enumerate(nominees):
                name = person.name if person else _producers(movie)
                entry = {"year_ceremony": year, "ceremony": year - CEREMONY_OFFSET, "category": category,
                         "name": name, "film": movie.title, "winner": k == winner}  # fmt: skip
                entries.append(entry)
                movie.oscars.append(entry)
                if person is not None:
                    person.oscars.append(entry)
        out[year] = entries
    return out


def _producers(movie: Movie) -> str:
    names = [p.name for p, job in movie.crew if job == "Producer"]
    return ", ".join(names) + (", Producers" if len(names) > 1 else ", Producer")
