"""Issue 31 (pages32): people on their own template. A singer's manager was narrated as a dignitary ("Travis
gave $409,000 for work on climate", "addressed a forum on education", "declined a place on a government for a
school near Cardiff": g32 reader #36), and directors were written up as actors."""

from __future__ import annotations

import datetime as dt
import random
import re

from mockapi.world.lexicon import places as lex_places
from mockapi.world.pages import fact_frames, prose, roles
from mockapi.world.questions.model import Fact, Question, Subject

_DAY = dt.date(2024, 3, 1)
# the dignitary's template (`lex_places.PERSON`): gifts, civic topics, boards, statues
DIGNITARY = re.compile(
    r"\b(?:donated|gave|pledged|raised) (?:US)?\$|\bon (?:" + "|".join(lex_places.TOPICS) + r")\b|"
    r"\bgovernment\b|\bhospital\b|\blibrary\b|\bstatue\b|\bplaque\b|\bmemoir\b|\bmarch in\b",
    re.I,
)
ACTING = re.compile(r"\bactor\b|\bauditioned\b|\b(?:a|the) role\b|\bvoice role\b|\btrained for\b", re.I)


def _lines(name: str, domain: str, seeds: int = 40) -> list[str]:
    out: list[str] = []
    for seed in range(seeds):
        out += prose.sentences(name, domain, random.Random(seed), 12, kind="person", day=_DAY)
    return out


def test_a_music_person_is_narrated_by_the_trade() -> None:
    lines = _lines("Stephanie Travis", "music")
    assert [s for s in lines if DIGNITARY.search(s)] == []
    assert prose.prose_kind("music", "person") == "music_person"
    # a statement's lead-in too
    leads = [prose.clause("Stephanie Travis", "music", "person", random.Random(s), _DAY) for s in range(200)]
    assert [s for s in leads if DIGNITARY.search(s)] == []


def test_a_film_person_fits_a_director_as_well_as_an_actor() -> None:
    lines = _lines("Meik Barzini", "movie")
    assert [s for s in lines if ACTING.search(s)] == []


def test_a_count_of_points_reads_as_a_number() -> None:
    """ "129 is the points in the last game of Lake Stephenville Mariners" (g32 reader #8)."""
    said = fact_frames.agreement("points in the last game", "number", random.Random(1))
    assert said["l"] == "number of points in the last game" and said["is"] == "is"


def test_an_acts_prose_pairs_it_with_acts_not_its_manager() -> None:
    """ "Promoters booked Mark Snyder with Theresa Baker", his manager (5d1bd34's world)."""
    singer = Subject("Mark Snyder", "music", "artist")
    manager = Subject("Theresa Baker", "music", "person")
    q = Question("q-m", 1, "03/01/2024, 10:00:00 PT", "music", "simple", "static",
                 "who's the manager of mark snyder?", "theresa baker", [], "torso", "web", [], "",
                 facts=[Fact(singer, "rel:manager", "Theresa Baker")], subjects=[singer, manager],
                 answer_in_pages=True)  # fmt: skip
    draft = roles.draft(q, singer, roles.Pools({}, {}, {}), random.Random(0))
    assert "Theresa Baker" not in draft.others
