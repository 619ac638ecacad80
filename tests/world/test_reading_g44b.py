"""The g44 draft's single cases: a stale set page stating values from after its own day, and a last game's
older score beside the answer."""

from __future__ import annotations

import datetime as dt
import random
import re

from mockapi.world.pages import set_pages, specs
from mockapi.world.questions.model import Fact, Question, Subject


def _set_question() -> Question:
    group = Subject("Meridian Composite components", "finance", "group")
    names = ("Andersen Inc.", "Boyd Corp.", "Cole Group", "Dunn plc")
    members = [Subject(n, "finance", "company") for n in names]
    facts = [
        Fact(m, "fin.market_cap", f"${i + 2}.8 billion", number=(i + 2.8) * 1e9, as_of="2024-02-28")
        for i, m in enumerate(members)
    ]
    return Question(
        "q1", 0, "02/29/2024, 10:00:00 PT", "finance", "comparison", "fast-changing",
        "which meridian composite company has the largest market cap?", "dunn plc", [], "head", "web",
        ["dunn plc"], None, facts=facts, subjects=[group, *members],
    )  # fmt: skip


def test_a_set_page_states_no_members_value_from_after_its_day() -> None:
    q = _set_question()
    for seed in range(20):
        # a table of names alone before the values held, of names and values on their day
        early = set_pages.some_members(q, q.subjects[0], random.Random(seed), "dev", dt.date(2024, 1, 15))
        assert [len(p.rows[0]) for p in early] == [1]
        later = set_pages.some_members(q, q.subjects[0], random.Random(seed), "dev", dt.date(2024, 2, 28))
        assert not (len(later) == 1 and later[0].rows and len(later[0].rows[0]) == 1), later


def test_an_answer_page_states_no_older_last_game_score() -> None:
    from mockapi.world.pages import shared
    from mockapi.world.pages.plan import Pools, plan

    team = Subject("Holderview Stallions", "sports", "team")
    fact = Fact(team, "sp.last_points", "125", number=125.0, as_of="2024-02-25", stale=("103", "99"),
                stale_days=("2024-02-19", "2024-02-12"))  # fmt: skip
    for seed in range(24):
        q = Question(
            f"q{seed}", seed, "02/26/2024, 10:00:00 PT", "sports", "simple_w_condition", "fast-changing",
            "as of yesterday, how many points had holderview stallions scored in their last game?", "125", [],
            "head", "web", ["125"], None, facts=[fact], subjects=[team],
        )  # fmt: skip
        q.answer_in_pages = True
        pools = Pools({}, {}, {"sports": shared.noise_pool("sports", 6, random.Random(0))})
        for r in plan(q, pools, random.Random(seed)):
            if r.role == "gold":
                said = re.findall(r"Holderview Stallions[^.\n]*\b(?:103|99)\b", specs.text_of(r.spec))
                assert not said, said


def test_a_kg_fact_dated_after_the_question_is_not_asked() -> None:
    """The KG's market caps are of 28 February: "what's the market cap of andersen inc." asked on the 26th
    stated "$6.8 billion as of 28 February 2024" on its pages (the draft's dated-past line, 5)."""
    from mockapi.world.questions.kg_facts import KgSource
    from mockapi.world.questions.kinds import KINDS

    firm = Subject("Andersen Inc.", "finance", "company", entity_id="finance:company:ANDR")
    cap = Fact(firm, "fin.market_cap", "$6.8 billion", number=6.8e9, as_of="2024-02-28", source="kg")
    src = KgSource.__new__(KgSource)
    src.facts, src.node_facts = {firm.entity_id: {"fin.market_cap": cap}}, {}
    kind = KINDS["fin.market_cap"]
    assert src.fact(firm, kind, dt.date(2024, 2, 26), random.Random(0)) is None
    assert src.fact(firm, kind, dt.date(2024, 2, 29), random.Random(0)) == cap
