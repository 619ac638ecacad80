"""Reader32's classes on generator 32's questions (issue 31), fixed in generator 34.

1,200 dev questions over the tiny KG (the KG stage only, seconds), as test_question_naturalness does.
- An aside a user would not type between a subject and its verb ("when was dustin murphy, managed by kathleen
  turner, born?", "look up the headquarters for wolfe, public since 1992"): 15 of 40 read. A name's aside now
  trails the question ("..., the one managed by kathleen turner?"); in an "a or b" list it stays by its name.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from mockapi.world.questions.generate import generate
from mockapi.world.questions.kg_facts import open_kg_source
from mockapi.world.questions.model import Question

N = 1200
# an aside set off by commas with words after it: ", managed by x, born?"
# (not a comparison's own question after an opener: "remind me, which went public earlier, a or b?")
_MID = re.compile(
    r", (?:managed|run|led|coached|founded|starring|released in|public since|born in|established in|whose ceo"
    r"|who debuted|who put out|which went public)\b(?! (?:earlier|first|later)\b)[^,?]*, [a-z]"
)
_BRACKETED = re.compile(r"\((?:founded|born|established) \d{4}\)")
_LIST = re.compile(r"\b(?:or|and|vs)\b")


@pytest.fixture(scope="module")
def dev(tiny_kg: Path) -> list[Question]:
    return generate(N, random.Random("0:questions"), open_kg_source(tiny_kg), "dev")


def test_an_aside_is_never_between_a_subject_and_its_verb(dev: list[Question]) -> None:
    single = [q.query for q in dev if len(q.subjects) <= 1 and not _LIST.search(q.query)]
    mid = [q for q in single if _MID.search(q) or _BRACKETED.search(q)]
    assert not mid, mid[:5]


def test_an_aside_trails_as_the_one(dev: list[Question]) -> None:
    """The asides are still said (false premises bend them as before), after the question."""
    trailing = [q.query for q in dev if re.search(r", the one [a-z]+", q.query)]
    assert len(trailing) > N // 20
    assert all(not re.search(r"the one \d", q) for q in trailing), trailing[:3]


def test_no_stiff_frames_reader32_read(dev: list[Question]) -> None:
    """ "can i ask, what would the members of bright summer be?", "would you know who is ... be?" (7 of 40
    unnatural), "do you know how many points in the last game do x and y have?" (two inversions)."""
    stiff = re.compile(r"\bcan i ask\b|^(?:what|who) would .* be\??$|, what would .* be\??$")
    twice = re.compile(
        r"^(?:can|could|do|would|any idea|i was|i need|i want|i'd)\b[^?]* how many\b[^?]* do(?:es)? "
    )
    assert not [q.query for q in dev if stiff.search(q.query)]
    assert not [q.query for q in dev if twice.search(q.query)]


def test_a_last_game_is_asked_on_a_day_in_its_own_words(dev: list[Question]) -> None:
    """ "tell me the last-game point total of new christopher mariners last sunday" (reader32, unnatural)."""
    dated = [
        q.query
        for q in dev
        if q.question_type == "simple_w_condition" and any(f.kind == "sp.last_points" for f in q.facts)
    ]
    assert not [q for q in dated if "last-game point total" in q], dated[:3]


def test_an_aside_in_a_list_is_said_before_the_name(dev: list[Question]) -> None:
    """ "who debuted first, paige estrada, born in 1961, or andrea cooper?" (reader33, unnatural; audit32's
    mid-sentence asides line, bar 0.05): "the paige estrada born in 1961" in place, and a film's year before
    its name ("the director of frozen mirrors (1963)" -> "the 1963 film frozen mirrors")."""
    listed = [q.query for q in dev if len(q.subjects) > 1 or _LIST.search(q.query)]
    assert not [q for q in listed if _MID.search(q) or _BRACKETED.search(q)], listed[:3]
    assert not [q.query for q in dev if re.search(r"[a-z] \(\d{4}\)[^?]", q.query)]
