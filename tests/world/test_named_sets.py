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


def test_a_sectors_companies_are_named_as_its_trade_and_no_index_is_numbered() -> None:
    """Reader62: "the utility company with the highest eps" over Dean Therapeutics and Daugherty
    Therapeutics (absurd); reader63: "the meridian 100" listed with eight members (absurd)."""
    import random

    from mockapi.world.questions.model import Subject
    from mockapi.world.questions.set_names import INDICES
    from mockapi.world.questions.sets import NamedSet, make_set
    from mockapi.world.questions.topics import _fits

    assert not [i for i in INDICES if re.search(r"\d", i)]
    sectors: dict[str, NamedSet] = {}
    for seed in range(300):
        named = make_set("company", random.Random(seed))
        assert named is not None
        sectors.setdefault(named.mod, named)
    utility, biotech, index = sectors["utility"], sectors["biotech"], sectors["meridian composite"]
    therapeutics = Subject("Dean Therapeutics", "finance", "company")
    assert not _fits(utility, therapeutics) and _fits(biotech, therapeutics) and _fits(index, therapeutics)
    assert _fits(utility, Subject("Gordon Industries", "finance", "company"))
