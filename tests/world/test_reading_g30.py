"""Issue 31: what audit31 found on generator 30's trial world (dba8de8), as checks that fail on world31
(generator 30): a county whose name starts with "Lake" narrated as a lake, a look-alike university selling day
tickets, a KG price's older value equal to the price, the KG's answer share at the top of CRAG's band."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any, cast

from mockapi.world.pages import prose
from mockapi.world.questions import generate
from mockapi.world.questions.kg_facts import _older
from mockapi.world.questions.kinds import lived_in

_SIGHT = re.compile(
    r"busiest|fullest|quietest|calmest|emptiest|gets crowded|crowds peak|car park|parking (?:at|lot|area)|"
    r"guided (?:morning )?walks|[Ee]ntry to|day ticket|annual pass|free entry"
)


def test_a_county_is_lived_in_whatever_starts_its_name() -> None:
    """ "Lake Crystal County gets crowded around midday.", "Entry to Lake Crystal County costs €34." (a member
    of "Places in Philipport", 33 sentences on 8 pages of the g30 trial)."""
    assert lived_in("Lake Crystal County") and lived_in("Mount Harmon City")
    lines = []
    for seed in range(30):
        lines += prose.sentences("Lake Crystal County", "open", random.Random(seed), 30, kind="topic")
    assert [s for s in lines if _SIGHT.search(s)] == []


def test_a_look_alike_university_sells_no_day_tickets() -> None:
    """ "A day ticket at Kramerberg University II runs about $37.50." (the g30 trial's everyday line, 3)."""
    lines = []
    for seed in range(30):
        lines += prose.sentences("Kramerberg University II", "open", random.Random(seed), 30, kind="topic")
    assert [s for s in lines if re.search(r"day ticket|[Ee]ntry (?:to|for|at)|family ticket", s)] == []


def test_a_kg_prices_older_values_differ_from_it() -> None:
    """ "The stock price of Pinecrest Ltd. was $18.01 by 2024-03-04." on a no-answer question whose gold is
    $18.01 (KG closes 4 and 5 March both 18.01): an older value equal to the price tells the answer."""
    closes = [17.5, 17.9, 18.01, 18.01, 18.012]
    older = _older(closes, 3, closes[4])
    assert [round(closes[j], 2) for j in older] == [17.9, 17.5]


def test_the_kg_answer_share_is_crags_total() -> None:
    """The KG's answer share sat at the top of CRAG's 63 % +- 3 (g28 66.0, g29 65.8, g30 66.2, g41 66.2; the
    audit's recall line failed on the g30 trial and on g41): since generator 42 every split's KG groups share
    one lift that puts their total at CRAG's (`generate.KG_RECALL`), whatever the mix of types."""
    group = [
        SimpleNamespace(answer_source="kg", question_type="simple", popularity="torso", facts=[1])
        for _ in range(100)
    ]
    generate.calibrate(cast(Any, group), random.Random(0))
    assert sum(q.answer_in_pages for q in group) == round(generate.KG_RECALL * 100)


def test_a_false_premise_of_what_is_asked_is_about_what_is_asked() -> None:
    """A value asked of a day before its subject existed ("what was the head coach of cindyton hornets on
    november 15, 1940?"): its pages state the coach, as its true twin's do, not the founding it bends; the
    start stated on every answer-form page was the form adversary's (c) tell on g30 (AUC 0.736 -> 0.758)."""
    from mockapi.world.questions.ask import Draft
    from mockapi.world.questions.falsepremise import context
    from mockapi.world.questions.model import Fact, Subject
    from mockapi.world.questions.premise import Premise

    team = Subject("Cindyton Hornets", "sports", "team")
    coach = Fact(team, "sp.coach", "Ann Lee")
    founded = Fact(team, "sp.founded", "1956")
    asked = "what was the head coach of cindyton hornets on november 15, 1963?"
    bent = Premise(asked, asked.replace("1963", "1940"), founded, "1940")
    draft = Draft(asked, "Ann Lee", [], [coach], ["Ann Lee"], subjects=[team])
    assert context(draft, bent) == [coach]
    # a name's aside bent ("x, founded in 1953,") keeps the fact it bends
    said, bent_said = "cindyton hornets, founded in 1956,", "cindyton hornets, founded in 1953,"
    aside = Premise(said, bent_said, founded, "1953", plain="cindyton hornets")
    assert context(draft, aside) == [founded]
