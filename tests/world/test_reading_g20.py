"""Generator 21 against the g20 reader's ambiguous questions (issue 31): look-alikes that hold the name a
question uses ("peñanares" beside "AD Peñanares", "reilly" beside "Reilly Frontier", "Return Rebel the Wave"
inside "Return of the Wave"), a comparison's older values ordering its subjects the other way (Q37), a sum
question with no per-entity answer ("A 37, B 31"). Each test fails on generator 20's code.
"""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path
from typing import cast

from mockapi.formats.pagespec import PageSpec
from mockapi.world.pages import decoys
from mockapi.world.pages.plan import fill
from mockapi.world.pages.roles import Pools
from mockapi.world.questions.generate import generate
from mockapi.world.questions.kg_facts import open_kg_source
from mockapi.world.questions.model import Fact, Question, Subject

CLUB = Subject(
    "Peñanares",
    "sports",
    "team",
    lookalikes=("AD Peñanares", "Atlético Peñanares", "Real Vallemar", "CD Ostrava"),
)
HOLDINGS = Subject(
    "Reilly Technologies", "finance", "company", aliases=("Reilly",), lookalikes=("Reilly Frontier",)
)


def _question(subject: Subject, fact: Fact, qtype: str = "simple") -> Question:
    return Question(
        "q1", 0, "03/10/2024, 10:00:00 PT", subject.domain, qtype, "fast-changing", "win total of peñanares?",
        "16", [], "tail", "web", [], None, facts=[fact], subjects=[subject],
    )  # fmt: skip


def test_no_rival_holds_the_name_or_the_short_name_a_question_uses() -> None:
    wins = Fact(CLUB, "sp.wins", "16")
    for n in range(30):
        q = _question(CLUB, wins)
        q.interaction_id = f"q{n}"
        assert not {"AD Peñanares", "Atlético Peñanares"} & set(decoys.rivals(q, wins))
    holders = Fact(HOLDINGS, "fin.holders", "4")
    assert "Reilly Frontier" not in decoys.rivals(_question(HOLDINGS, holders), holders)


def test_no_other_questions_page_about_a_name_holding_the_asked_one_fills_the_results() -> None:
    def spec(subject: str) -> PageSpec:
        return cast(PageSpec, {"subject": subject, "published": "2024-03-01T08:00:00"})

    film = Subject("Return of the Wave", "movie", "movie")
    q = _question(film, Fact(film, "mv.cast", "Kjell Schultz"))
    q.domain = "movie"
    recent = [spec("Return Rebel the Wave"), spec("Return of the Wave II"), spec("Hollow Bay")]
    pools = Pools({}, {}, {}, recent={"movie": recent})
    assert [s["subject"] for s in fill(q, pools, dt.datetime(2024, 3, 10, 10))] == [
        "Return of the Wave II",
        "Hollow Bay",
    ]


def test_a_comparisons_pages_give_no_older_value_of_what_it_compares() -> None:
    # Q37: "Updated 24 Jan 2024: Burlington Tornadoes scored 105 points" beside gold Los Angeles Centurions
    team = Subject("Burlington Tornadoes", "sports", "team")
    fact = Fact(team, "sp.last_points", "98", 98, stale=("105",), as_of="2024-03-01")
    q = _question(team, fact, "comparison")
    pools = Pools({}, {}, {"sports": []})
    for seed in range(40):
        pieces = decoys.older_news(fact, pools, random.Random(seed), dt.date(2024, 3, 5), q)
        assert not [p for p in pieces if p.claim and p.claim[:3] == (team.name, fact.kind, "105")], seed


def test_a_sum_question_takes_its_values_one_per_entity(tiny_kg: Path) -> None:
    # over 1,200 questions of the tiny KG, not the tiny world's 80: generator 28's draws left those 80
    # without a two-entity total (the test then read no rows and failed on an empty list)
    made = generate(1200, random.Random("0:questions"), open_kg_source(tiny_kg), "dev")
    sums = [
        q
        for q in made
        if q.question_type == "aggregation"
        and len(q.facts) == 2
        and q.facts[0].subject != q.facts[1].subject
        and all(f.number is not None and not f.items for f in q.facts)
    ]
    assert sums
    for q in sums:
        # "4,673 and 3,285" (an area total): a figure with a thousands comma is one value
        assert any(" and " in a and a.split(" and ")[0].replace(",", "").isdigit() for a in q.alt_ans), (
            q.query
        )
