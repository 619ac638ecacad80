"""The movie catalogue in memory: persons, movies and their credits, before Oscars and rows.

Movie and person keys are normalised names (contract §2.5), so both registries key on `normalize`.
Birthdays are set after casting, so nobody acts in a film made before they were about eight years old, and
nobody directs, writes or produces one before they were twenty.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from typing import Any

from mockapi.core.textnorm import normalize
from mockapi.world.context import WorldContext
from mockapi.world.domains.music_catalog import date_in, tier
from mockapi.world.names import NameRegistry, first_name, lookalikes, person_name
from mockapi.world.real import sequels

CREW_JOBS = ("Producer", "Screenplay", "Original Music Composer", "Director of Photography", "Editor")
LANGUAGES = ("en", "en", "en", "en", "en", "en", "fr", "es", "de", "ja", "ko", "it", "hi", "sv")


@dataclass
class Person:
    id: int
    name: str
    gender: int  # TMDB convention: 1 female, 2 male, 0 unknown
    eid: str
    popularity: str = "noise"
    is_target: bool = False
    lookalike_of: str | None = None
    birthday: str | None = None
    acted: list[int] = field(default_factory=list)
    directed: list[int] = field(default_factory=list)
    oscars: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Movie:
    id: int
    title: str
    release_date: str
    eid: str
    popularity: str = "noise"
    is_target: bool = False
    lookalike_of: str | None = None
    cast: list[tuple[Person, str]] = field(default_factory=list)  # (person, character) in billing order
    crew: list[tuple[Person, str]] = field(default_factory=list)  # (person, job)
    oscars: list[dict[str, Any]] = field(default_factory=list)

    @property
    def year(self) -> int:
        return int(self.release_date[:4])


@dataclass
class MovieCatalog:
    persons: list[Person] = field(default_factory=list)
    movies: list[Movie] = field(default_factory=list)
    person_names: NameRegistry = field(default_factory=lambda: NameRegistry(normalize))
    titles: NameRegistry = field(default_factory=lambda: NameRegistry(normalize))
    _next_id: dict[str, int] = field(default_factory=lambda: {"person": 0, "movie": 0})

    def next_id(self, rng: random.Random, what: str) -> int:
        """Increasing ids with gaps, like TMDB's."""
        self._next_id[what] += rng.randint(1, 40)
        return self._next_id[what]

    def add_person(self, rng: random.Random, name: str | None = None, gender: int | None = None) -> Person:
        g = gender if gender is not None else rng.choice((1, 2, 2, 1, 0))
        if name is None:
            sex = {1: "female", 2: "male"}.get(g)
            for _ in range(20):
                name = person_name(rng, sex)
                if self.person_names.claim(name):
                    break
            else:
                name = self.person_names.fresh("person", rng)
        pid = self.next_id(rng, "person")
        person = Person(pid, name, g, f"movie:person:{pid}")
        self.persons.append(person)
        return person

    def add_movie(self, rng: random.Random, title: str | None = None) -> Movie:
        title = title if title is not None else self.titles.fresh("movie", rng)
        mid = self.next_id(rng, "movie")
        movie = Movie(mid, title, date_in(rng, 1970, 2024), f"movie:movie:{mid}")
        self.movies.append(movie)
        return movie


def _character(rng: random.Random, gender: int) -> str:
    roll = rng.random()
    if roll < 0.05:
        return {1: "Herself", 2: "Himself"}.get(gender, "Narrator (voice)")
    if roll < 0.2:
        return rng.choice(("Detective ", "Dr. ", "Captain ", "Agent ", "Sister ", "Officer ")) + first_name(
            rng
        )
    return first_name(rng, {1: "female", 2: "male"}.get(gender))


def _credit(rng: random.Random, movie: Movie, pool: list[Person], extras: list[Person]) -> None:
    """Cast of 4-12 from the pool plus a few look-alike people, one of each crew job, a director if none."""
    cast = rng.sample(pool, min(len(pool), rng.randint(4, 12)))
    cast += [rng.choice(extras) for _ in range(rng.randint(0, 2)) if extras]
    for p in cast:
        if movie.id not in p.acted:
            movie.cast.append((p, _character(rng, p.gender)))
            p.acted.append(movie.id)
    if not any(job == "Director" for _, job in movie.crew):
        director = rng.choice(pool)
        movie.crew.insert(0, (director, "Director"))
        director.directed.append(movie.id)
    for job in CREW_JOBS:
        movie.crew.append((rng.choice(pool), job))


def _star(rng: random.Random, person: Person, movies: list[Movie], roles: int, directs: int) -> None:
    """Give a target person `roles` acting credits and `directs` directing credits in random movies."""
    for movie in rng.sample(movies, min(len(movies), roles)):
        movie.cast.insert(rng.randint(0, min(2, len(movie.cast))), (person, _character(rng, person.gender)))
        person.acted.append(movie.id)
    for movie in rng.sample(movies, min(len(movies), directs)):
        if not any(job == "Director" for _, job in movie.crew):
            movie.crew.insert(0, (person, "Director"))
            person.directed.append(movie.id)


def build_catalog(ctx: WorldContext) -> MovieCatalog:
    """Targets (movies and persons in turn) with look-alikes, filler movies, a crew pool, credits."""
    rng, cat = ctx.rng("movie", "catalog"), MovieCatalog()
    n_targets, n_like = ctx.scale.targets["movie"], ctx.scale.lookalikes
    stars: list[tuple[Person, str]] = []
    for i in range(n_targets):
        pop = tier(i, n_targets)
        if i % 2 == 0:
            movie = cat.add_movie(rng)
            movie.popularity, movie.is_target = pop, True
            for title in lookalikes(movie.title, "movie", rng, n_like, cat.titles):
                like = cat.add_movie(rng, title)
                like.lookalike_of = movie.eid
                _after_original(movie, like)
        else:
            person = cat.add_person(rng)
            person.popularity, person.is_target = pop, True
            stars.append((person, pop))
            for name in lookalikes(person.name, "person", rng, n_like, cat.person_names):
                cat.add_person(rng, name).lookalike_of = person.eid
    for _ in range(ctx.scale.filler["movie"]):
        cat.add_movie(rng)
    pool = [cat.add_person(rng) for _ in range(max(40, len(cat.movies) // 2))]
    movies = sorted(cat.movies, key=lambda m: m.id)
    for person, pop in stars:
        roles = {"head": 12, "torso": 6, "tail": 2}[pop] + rng.randint(0, 4)
        _star(rng, person, movies, roles, rng.choice((0, 0, 1, 3)))
    extras = [p for p in cat.persons if p.lookalike_of is not None]
    for movie in movies:
        _credit(rng, movie, pool, extras)
    _set_birthdays(rng, cat)
    return cat


def _after_original(original: Movie, like: Movie) -> None:
    """Swap the two release dates when a sequel's came first ("The Last Tide II is given as 02/05/1954" for a
    2019 original read absurd to the g19 reader); a "(1976 film)" comes out in 1976. No draw, so nothing
    else in the catalogue moves."""
    if (year := sequels.titled_year(like.title)) is not None:
        like.release_date = sequels.in_year(like.release_date, year)
    if sequels.is_sequel(original.title, like.title) and like.release_date < original.release_date:
        original.release_date, like.release_date = like.release_date, original.release_date


# Ages at a film's release (years): a child actor is real, a child lead, director or producer is not
# (generator 23's reading found directors aged 8 and 12 in gold answers), and nobody works at 100 (g23: a
# person born 1900 whose "latest movie" came out in 2024; the audit's ages line, 17 of 1,142)
AGE_CAST, AGE_LEAD, AGE_CREW, OLDEST_CAST, OLDEST_CREW = 8, 16, 20, 85, 67
LEADS = 2  # the top-billed cast members a film is sold on


def _birth_window(years: list[int], leads: list[int], crew: list[int]) -> tuple[int, int]:
    """The earliest and latest birth years that fit every credit (the latest wins where they clash: a crew
    career longer than OLDEST_CREW - AGE_CREW years)."""
    latest = min([y - AGE_CAST for y in years] + [y - AGE_LEAD for y in leads] + [y - AGE_CREW for y in crew])
    earliest = max([y - OLDEST_CAST for y in years] + [y - OLDEST_CREW for y in crew])
    return min(earliest, latest), latest


def _set_birthdays(rng: random.Random, cat: MovieCatalog) -> None:
    """Every person's birth year inside the window of their credits (`_birth_window`), drawn by the same
    draws as before (an age offset, month and day) so the catalogue's other draws do not move."""
    by_id = {m.id: m for m in cat.movies}
    crewed: dict[int, list[int]] = {}  # person id -> the years of their crew jobs
    led: dict[int, list[int]] = {}  # person id -> the years of films they lead
    for m in cat.movies:
        for person, _job in m.crew:
            crewed.setdefault(person.id, []).append(m.year)
        for person, _role in m.cast[:LEADS]:
            led.setdefault(person.id, []).append(m.year)
    for p in cat.persons:
        years = [by_id[m].year for m in p.acted + p.directed] or [2010]
        offset = rng.randint(8, 55)
        earliest, latest = _birth_window(years, led.get(p.id, []), crewed.get(p.id, []))
        year = max(earliest, latest - (offset - AGE_CAST))
        if rng.random() < 0.9:
            p.birthday = dt.date(year, rng.randint(1, 12), rng.randint(1, 28)).isoformat()
