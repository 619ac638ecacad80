"""What generator 23's reading found (seed 48), as checks on the world's parts."""

from __future__ import annotations

import datetime as dt

from mockapi.world.context import WorldContext
from mockapi.world.domains import movie_catalog
from mockapi.world.scales import get_scale


def _age(birthday: str, release: str) -> float:
    return (dt.date.fromisoformat(release) - dt.date.fromisoformat(birthday)).days / 365.25


def test_no_child_directs_writes_or_produces_a_film() -> None:
    # The reading's gold: a 1981 film directed by a man born in 1968, one of 1970 by a woman born 1961.
    young: list[tuple[str, str, str, float]] = []
    crew_seen = 0
    for seed in (0, 1):
        cat = movie_catalog.build_catalog(WorldContext(get_scale("tiny"), seed))
        for movie in cat.movies:
            for person, job in movie.crew:
                if person.birthday is None:
                    continue
                crew_seen += 1
                age = _age(person.birthday, movie.release_date)
                if age < 19:
                    young.append((movie.title, job, person.name, round(age, 1)))
    assert crew_seen > 100
    assert not young, young[:5]


def test_actors_are_still_children_sometimes_and_never_unborn() -> None:
    # The crew bound must not move the cast's own bound (about eight at the first role).
    ages = []
    cat = movie_catalog.build_catalog(WorldContext(get_scale("tiny"), 0))
    for movie in cat.movies:
        for person, _character in movie.cast:
            if person.birthday is not None:
                ages.append(_age(person.birthday, movie.release_date))
    assert min(ages) >= 6
    assert any(age < 19 for age in ages)
