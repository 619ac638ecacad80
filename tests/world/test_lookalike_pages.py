"""Look-alike (hard-negative) pages make a person of a person and a team of a team."""

from __future__ import annotations

import datetime as dt
import json
import random

from mockapi.world.pages.plan import Pools
from mockapi.world.pages.roles import lookalike_pages
from mockapi.world.questions.model import Fact, Question, Subject


def test_lookalike_pages_state_only_the_lookalike_s_own_attributes() -> None:
    """A multi-hop question's first step is about the team; a look-alike of the coach it reaches must not be
    written up as a team ("the head coach of <a coach's look-alike>"): fails on the old code."""
    team = Subject("Lakeport Comets", "sports", "team", lookalikes=("Lakeport Comet",))
    coach = Subject(
        "Courtney Williams", "sports", "person", lookalikes=("Courtnye Williams", "Courtney Williams II")
    )
    steps = [
        Fact(team, "rel:head coach", coach.name),
        Fact(coach, "pe.birthplace", "Springfield, Ohio", source="web"),
    ]
    q = Question("q1", 0, "03/01/2024, 10:00:00 PT", "sports", "multi-hop", "static",
                 "where was the head coach of the comets born?", "springfield, ohio", [], "", "web",
                 ["springfield, ohio"], None, facts=steps, subjects=[team, coach])  # fmt: skip
    pools = Pools({}, {}, {d: [] for d in ("finance", "sports", "music", "movie", "open", "")})
    pages = lookalike_pages(q, pools, dt.datetime(2024, 3, 1, 10), random.Random(4), 5)
    assert pages
    text = json.dumps([p for p in pages], default=str).lower()
    assert "courtney williams ii" in text
    assert "head coach of courtney williams ii" not in text
    assert "courtney williams ii's head coach" not in text
    # generator 17: a typo of the name ("Tghe Season's Tempest") carries no values of its own (g16 reader)
    assert "courtnye williams" not in text


def test_only_a_films_invented_lookalike_is_a_numbered_sequel() -> None:
    """ "The Shattered Voyage II" (a band), "Douglasmouth II" (a town) read as machine-made to reader62; a
    film's sequel is a film people mix up with it."""
    import random

    from mockapi.world.questions import invent

    for seed in range(50):
        rng = random.Random(seed)
        for kind in ("band", "topic", "team", "company", "song"):
            names = invent.lookalikes("The Shattered Voyage", rng, kind=kind)
            assert not [n for n in names if n.endswith(" II")], (kind, names)
        assert "Sleeping Waltz II" in invent.lookalikes("Sleeping Waltz", rng, kind="movie")
