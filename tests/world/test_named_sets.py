"""A named set ("the films christopher nolan directed", "the teams in the eastern conference") is stated on
the pages: a question about it is answered by reading, the set's members are listed on its answer pages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import duckdb

from mockapi.core.textnorm import normalize
from mockapi.world.context import WorldContext
from mockapi.world.questions.model import group_of
from mockapi.world.scales import get_scale
from mockapi.world.web_stage import make_questions


def test_a_named_sets_members_are_on_its_answer_pages(tiny_world: Path) -> None:
    ctx = WorldContext(scale=get_scale("tiny"), seed=0, split="dev")
    # the build's own questions, drawn again from the same seed (they know their sets' members)
    questions = make_questions(ctx, tiny_world)
    qcon = duckdb.connect(str(tiny_world / "questions.duckdb"), read_only=True)
    pcon = duckdb.connect(str(tiny_world / "pages.duckdb"), read_only=True)
    try:
        stored = dict(qcon.execute("SELECT interaction_id, gold_page_ids FROM questions").fetchall())
        assert set(stored) == {q.interaction_id for q in questions}
        checked = 0
        for q in questions:
            group = group_of(q)
            if group is None or q.question_type == "false_premise":
                continue
            # named as people name it, never "the clubs" ("2004 horror films", "horror films of 2004")
            assert all(w in q.query for w in group.descriptor.split()), (group.descriptor, q.query)
            gold = json.loads(stored[q.interaction_id])
            rows = pcon.execute("SELECT text FROM pages WHERE list_contains(?, page_id)", [gold]).fetchall()
            texts = [normalize(text) for (text,) in rows]
            assert len(texts) == len(gold)
            for text in texts:  # every answer page states the whole set, not a part of it
                missing = [s.name for s in q.subjects[1:] if normalize(s.name) not in text]
                assert not missing, (q.query, missing)
            checked += bool(texts)
        assert checked >= 3
    finally:
        qcon.close()
        pcon.close()


def test_a_set_of_invented_members_is_closed_by_its_name() -> None:
    """Issue 31's rule: a set of invented members is named by the world ("the basketball teams in the
    harbor division", "the stocks in the utility index", "the rookie players in the granite division"), never
    an open set ("of the basketball teams", "the utility company with the highest eps", "the rookie player
    with the highest points per game": reader62, 3 of 40 questions unnatural or ambiguous). In common words
    only a year's works ("the horror films released in 2012") and a genre's acts ("the indie artists"), so
    that a tenth of the questions still name no entity (the audit's bar)."""
    import random

    from mockapi.world.questions.sets import make_set

    for seed in range(200):
        rng = random.Random(seed)
        for kind in ("company", "team", "player"):
            named = make_set(kind, rng)
            assert named is not None
            assert " in the " in named.np() or " on the " in named.np(), (kind, named.np())
        for kind in ("movie", "song"):
            named = make_set(kind, rng)
            assert named is not None
            assert named.proper_name or named.holder or re.search(r"\d{4}", named.np()), named
