"""Questions whose wording separates what it asks and tells no type or domain by a tag (issue 31's read of
generator 13): a condition said as one of the subject's facts, not "(the professional team)"; a look-alike
that reads as the same name always set apart by a fact; two subjects of one league in a comparison; an
artist's city asked as a hometown, not a country; no lake with a leader, no cathedral with an area.

1,200 questions over a tiny KG built here (the KG stage only), as test_question_naturalness does.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mockapi.world.questions.generate import generate
from mockapi.world.questions.kg_facts import open_kg_source
from mockapi.world.questions.kinds import KINDS, fits_subject, topic_class
from mockapi.world.questions.model import Question, Subject
from mockapi.world.questions.premise import confusable, namesake
from mockapi.world.questions.refer import KIND_WORDS

N = 1200


@pytest.fixture(scope="module")
def dev(tiny_kg: Path) -> list[Question]:
    return generate(N, random.Random("0:questions"), open_kg_source(tiny_kg), "dev")


@pytest.fixture(scope="module")
def more(tiny_kg: Path) -> list[Question]:
    """Dev questions of seeds 1 and 2: with `dev`, a rate over three draws."""
    source = open_kg_source(tiny_kg)
    return [q for seed in (1, 2) for q in generate(N, random.Random(f"{seed}:questions"), source, "dev")]


def test_conditions_are_facts_not_kind_tags(dev: list[Question], more: list[Question]) -> None:
    """A static fact's condition is another fact of the subject: "(the professional team)" separated no
    namesake and marked the question's type."""
    # three question seeds: the rate, not one draw at its edge (generator 22's seed 0 read 18 of 75 while its
    # seeds 1 and 2 read 15 of 76 and 14 of 89; generator 21 13-14 of 78-88)
    static = [
        q
        for q in [*dev, *more]
        if q.question_type == "simple_w_condition"
        and q.facts
        and q.facts[-1].kind in KINDS
        and KINDS[q.facts[-1].kind].dynamism == "static"
    ]
    tagged = [q.query for q in static if any(tag in q.query for tag in KIND_WORDS.values())]
    assert len(static) >= 60
    assert len(tagged) <= len(static) // 5, tagged[:5]


def test_no_whoever_nor_whichever(dev: list[Question]) -> None:
    assert [q.query for q in dev if "whoever" in q.query or "whichever" in q.query] == []


def test_a_comparison_sets_two_entities_of_one_league_side_by_side(dev: list[Question]) -> None:
    """No soccer club's goals beside an NBA side's points."""
    pairs = [
        (q.facts[0].subject.entity_id, q.facts[1].subject.entity_id)
        for q in dev
        if q.question_type in ("comparison", "aggregation") and len(q.facts) == 2
    ]
    kg_pairs = [(a, b) for a, b in pairs if a and b and a.startswith("sports:")]
    assert kg_pairs
    assert [(a, b) for a, b in kg_pairs if a.split(":")[:2] != b.split(":")[:2]] == []


def test_an_artists_city_is_asked_as_a_hometown(dev: list[Question]) -> None:
    assert KINDS["mu.country"].label == "hometown"
    asked = [q.query for q in dev if any(f.kind == "mu.country" for f in q.facts)]
    assert [t for t in asked if "country" in t] == []


def test_a_look_alike_that_reads_as_the_same_name_is_confusable() -> None:
    def subject(name: str, other: str) -> Subject:
        return Subject(name, "music", "band", lookalikes=(other,))

    assert confusable(subject("Stina Hierro", "S. Hierro"))
    assert confusable(subject("Nanvallon", "FC Nanvallon"))
    assert confusable(subject("The Bright Lions", "Bright Lions"))
    assert confusable(subject("Last Atlas", "Last Atlas II"))  # a sequel holds the whole name
    assert not confusable(subject("Stina Hierro", "Stina Herrera"))


def test_a_confusable_subject_is_named_with_one_of_its_facts(
    dev: list[Question], more: list[Question]
) -> None:
    """Its mention says one of its facts (the question's context) whenever one fits; left bare only where
    none does (a film asked its director with no other fact to say). Seed 0: 48 of 245 bare without the
    rule, 33 of 241 with it; generator 15: 44 of 238, as a team's nickname that a look-alike shares now
    gives way to the full name, which this counts (the nickname, more ambiguous, was not counted). Since
    q36 (generator 38) an identifier is said only for a look-alike holding the whole name (`namesake`).
    Three question seeds, the rate and not one draw at its edge: g44's seeds 0-3 read 55, 50, 46 and 53 of
    218-232 (seed 0 alone 25.2 % against a bar of 25; generator 43's 48, 52, 34 and 56)."""
    qs = [*dev, *more]
    asked = [q for q in qs if q.question_type == "simple" and q.subjects and namesake(q.subjects[0])]
    bare = [q.query for q in asked if not q.context and q.subjects[0].name.lower() in q.query]
    assert len(asked) >= 60
    assert len(bare) * 100 <= len(asked) * 25, bare[:5]  # q36: 51 of 221, no afterthought after a date


def test_a_lake_has_no_leader_and_an_institution_no_area() -> None:
    assert topic_class("Lake Michelle") == "nature"
    assert not fits_subject(KINDS["op.leader"], "Lake Michelle", "topic")
    assert not fits_subject(KINDS["op.area"], "West Amanda Cathedral", "topic")
    assert fits_subject(KINDS["op.area"], "Port Wendy", "topic")
