"""When the entities a question's pages name started (released, founded, born), for a page's draft
(`roles.draft`): every page of a question dates an entity's events inside one life (`lifespan`)."""

from __future__ import annotations

import datetime as dt
import re
import zlib
from typing import TYPE_CHECKING

from mockapi.world.pages import lifespan, shared
from mockapi.world.pages.film_genres import set_genres
from mockapi.world.questions.model import Fact, Question, Subject, group_of

if TYPE_CHECKING:
    from mockapi.world.pages.roles import Pools


def anchors(q: Question, subject: Subject, pools: Pools) -> tuple[tuple[str, str, str], ...]:
    """What the world states of when the question's entities started (released, founded, born): every page
    of a question dates an entity's events inside one life (`lifespan`)."""
    facts = [*q.facts, *q.context, *pools.entity_facts.get(shared.subject_key(subject), [])]
    known = tuple((f.subject.name, f.kind, f.value) for f in facts if f.kind in lifespan.ANCHORS)
    names = {subject.name, *subject.lookalikes, *(s.name for s in q.subjects)}
    return (
        _in_release(facts)
        + known
        + tuple(k for n in sorted(names) for k in pools.starts.get(n, ()))
        + _set_year(q)
        + set_genres(q)  # an animated set's members are drawn, not shot
    )


def _in_release(facts: list[Fact]) -> tuple[tuple[str, str, str], ...]:
    """A film with a weekend gross was released in the weeks before it (10-69 days, picked by the name: no
    draw): 1957 and 1965 films took $27-86m "at the box office last weekend" in 2024 (g22 reader, absurd)."""
    out = []
    for f in facts:
        if f.kind == "mv.weekend" and f.as_of[:4].isdigit():
            back = dt.timedelta(days=10 + zlib.crc32(f.subject.name.encode()) % 60)
            out.append(
                (f.subject.name, "mv.release", (dt.date.fromisoformat(f.as_of[:10]) - back).isoformat())
            )
    return tuple(out)


# a set named by its members' release year ("Action films of 1997", "Pop singles of 2004")
_SET_YEAR = re.compile(r"\b(?:films|movies|singles|songs) of ((?:19|20)\d\d)$", re.I)
_RELEASE = {"movie": "mv.release", "song": "mu.song_date"}


def _set_year(q: Question) -> tuple[tuple[str, str, str], ...]:
    """Each member of a set a year names, released that year (after any date the world states): a set
    page "Action films of 1997" told "Just before July 8th, 1948, the final minutes in Velvet Canyon took
    shape" (g21 reader), each film dated by a start drawn from its name."""
    group = group_of(q)
    found = _SET_YEAR.search(group.name) if group is not None else None
    if found is None:
        return ()
    return tuple((s.name, _RELEASE[s.kind], found[1]) for s in q.subjects if s.kind in _RELEASE)
