"""Issue 31: the three lines audit32 failed on generator 32's default world (/work/scratch/coord/audit32),
as checks that fail on land55 (generator 32): a song's take or video "was released" (the audit reads a release
its views then come before), a club's shared page dated by its name's drawn start where a false premise's
context gives the true one, and a title-form look-alike ("Alderdale of the Desert") given a population."""

from __future__ import annotations

import datetime as dt
import random
import re

from mockapi.audit.lifespans import _STARTS
from mockapi.world.lexicon import arts
from mockapi.world.pages import grammar, shared
from mockapi.world.pages.prose_slots import slots
from mockapi.world.questions.kinds import KINDS, fits_subject, settlement
from mockapi.world.questions.model import Fact, Question, Subject

_DAY = dt.date(2024, 3, 10)


def test_a_songs_take_or_video_states_no_release_of_its_own() -> None:
    """ "Midnight Tide's video was released on Mon, 26 Feb 2024" beside "Midnight Tide's video drew 3.0K
    views on 02/10/2024", "An acoustic take on Carry Like a Tide was released on 3 February 2024" beside "...
    drew 490 views in December" (the lives line, 3 on g32): the audit reads the first as its release."""
    table = slots(_DAY, ("Other Song",))
    table["s"] = lambda _r: "Midnight Tide"
    released = []
    for frame in (*arts.SONG, *arts.SONG_SHORT):
        for seed in range(200):
            text = grammar.cap(grammar.expand(frame, table, random.Random(seed)))
            released += [text for pattern, kind in _STARTS if kind == "work" and pattern.search(text)]
    assert released == []


def _club_question(context: list[Fact]) -> Question:
    query = "would you know what's the birthplace for the head coach of wellsside comets (founded 2005)?"
    return Question("q-1", 2, "02/27/2024, 10:44:52 PT", "sports", "false_premise", "static", query,
                    "invalid question", [], "torso", "web", [], "2005", context=context)  # fmt: skip


def test_a_false_premises_start_dates_its_subjects_shared_page() -> None:
    """ "As early as 1998, managers at Wellsside Comets signed a teenage talent", "Pundits in Adelaide
    commended Wellsside Comets in their 1995 season guide" on the club's shared page, founded 2008 (the
    founding line, 5 on g32): the question's facts are none, its context holds the start."""
    club = Subject("Wellsside Comets", "sports", "team")
    founded = Fact(club, "sp.founded", "2008", 2008.0)
    anchors = shared.entity_anchors([_club_question([founded])])
    key = shared.subject_key(club)
    assert anchors == {key: (("Wellsside Comets", "sp.founded", "2008"),)}
    early = []
    for seed in range(12):
        spec = shared.entity_page(key, [], random.Random(seed), known=anchors[key])
        text = str(spec)
        early += [y for y in re.findall(r"\b(1[6-9]\d\d|200[0-7])\b", text)]
    assert early == []


def test_a_title_form_look_alike_has_no_population() -> None:
    """ "Public records listed the population of Alderdale of the Desert as 1.27M" (the places line, 1 on
    g32): the KG's "Alderdale of the Desert" is a nonprofit, a look-alike of "Alderdale Maritime Company"."""
    population = KINDS["op.population"]
    assert not settlement("Alderdale of the Desert")
    assert not fits_subject(population, "Alderdale of the Desert", "topic")
    assert settlement("Alderdale") and settlement("Bellmouth")
