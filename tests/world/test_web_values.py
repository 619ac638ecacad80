"""One value per invented fact in the whole world: a set's ranking never redraws a value another question
was given. At `--scale full` (4,409 questions) a set of films redrew a member's budget for a tie, and the
invented film "Velvet Anthem" had $5.0 million in one question and $7.0 million in another (the build's
consistency guard stopped it); generating the 4,409 questions over the default KG gave 9 such values,
1,200 none.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import replace

from mockapi.world.questions import topics
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.source import WebSource

_DAY = dt.date(2024, 3, 1)


def test_a_set_keeps_the_values_other_questions_were_given() -> None:
    """Two films whose budgets an earlier question drew alike: the set of both makes no ranking rather than
    give the second film another budget (the old draw changed it: two values of one fact)."""
    web, rng = WebSource(), random.Random(7)
    budget = KINDS["mv.budget"]
    films = [web.subject("movie", "movie", rng) for _ in range(4)]
    first = web.fact(films[0], budget, _DAY, rng)
    web.remember(replace(first, subject=films[1]))  # a tie with the first film's budget, given out already
    given = {f.name: web.fact(f, budget, _DAY, rng).value for f in films[:2]}
    made = topics._make(web, films, budget, _DAY, rng)
    assert {f.name: web.fact(f, budget, _DAY, rng).value for f in films[:2]} == given
    assert all(f.value == given.get(f.subject.name, f.value) for f in made)


def test_a_set_still_redraws_its_own_ties() -> None:
    """Values first drawn for the set itself are redrawn on a tie, as before (no question has them yet)."""
    web, rng = WebSource(), random.Random(11)
    runtime = KINDS["mv.runtime"]
    films = [web.subject("movie", "movie", rng) for _ in range(9)]
    made = topics._make(web, films, runtime, _DAY, rng)
    assert len(made) == len(films)
    assert len({f.number for f in made}) == len(films)
