"""What a page says of its subjects besides the asked attribute: the subject's other facts (`say_known`), and
the premises the question says of them (`premise_pieces`). Split from `roles` (house limit)."""

from __future__ import annotations

import datetime as dt
import random
from typing import TYPE_CHECKING

from mockapi.world.pages import shared, statements
from mockapi.world.pages.asked_when import known_from
from mockapi.world.pages.fact_frames import Piece
from mockapi.world.questions.model import Fact, Question, Subject
from mockapi.world.real import market_days

if TYPE_CHECKING:
    from mockapi.world.pages.roles import Pools


def known(q: Question, subject: Subject, pools: Pools, rng: random.Random) -> list[Fact]:
    """A few true static facts about `subject` that this question does not ask (topical talk)."""
    # never another value of what is asked (relations may hold many values: other cast members are fine)
    key = shared.subject_key(subject)  # by key: two questions' Subject objects for one name may differ
    asked = {
        f.kind for f in q.facts if shared.subject_key(f.subject) == key and not f.kind.startswith("rel:")
    }
    # nor the very relation the question asks ("The Iron Mirrors' director is James Gibson." on rank 1 of a
    # question labelled unanswerable: g23 reader, 2 of 10), nor a premise the page states anyway
    told = {(f.kind, f.value.lower()) for f in (*q.facts, *q.context) if shared.subject_key(f.subject) == key}
    facts = [
        f
        for f in pools.entity_facts.get(key, [])
        if f.kind not in asked and (f.kind, f.value.lower()) not in told
    ]
    return rng.sample(facts, min(len(facts), rng.randint(0, 3)))


def say_known(
    q: Question, subject: Subject, pools: Pools, rng: random.Random, when: dt.datetime | None = None
) -> list[Piece]:
    """Other facts of the subject; a changing one dated with its own date, and only on a page published after
    it was known (an older page cannot know today's value; a page of 07:56 ET no close of that day: g27
    reader #5), so dated statements are on every kind of page. `when`: the page's moment (naive UTC)."""
    out = []
    day = market_days.local_day(when) if when is not None else None
    for f in known(q, subject, pools, rng):
        if not (statements.dynamic(f) and f.as_of):
            out.append(statements.state(f, rng, pools.split))
        elif when is not None and day is not None and known_from(f) <= when:
            out.append(statements.state(f, rng, pools.split, as_of=f.as_of, page_day=day))
    return out


def premise_pieces(
    q: Question, split: str, rng: random.Random, when: dt.datetime, stated: list[Piece]
) -> list[Piece]:
    """What a true question says of its subjects in passing, stated named on its pages: "the one that went
    public in 1972", "tamara lewis' mirandaburgh raptors", "alyssa stephens' band" were on none of their 50
    pages (reader62: 5 of 40 questions borderline for a qualifier no page could confirm), while a false
    premise's pages state the true fact it bends, so only a false premise could be checked. A false
    premise's true facts (its answer-form pages' slot) are stated here too where the slot did not: both
    kinds of question then carry the premise's fact on their pages alike. None already in `stated`, and a
    changing one only on a page published after it held."""
    if not q.context:
        return []
    claimed = {(p.claim[0], p.claim[1]) for p in stated if p.claim is not None}
    day = market_days.local_day(when)
    out = []
    for f in q.context:
        if (f.subject.name, f.kind) in claimed:
            continue
        if statements.dynamic(f) and f.as_of:
            if known_from(f) <= when:
                out.append(statements.state(f, rng, split, as_of=f.as_of, page_day=day, named=True))
        else:
            out.append(statements.state(f, rng, split, named=True))
    return out
