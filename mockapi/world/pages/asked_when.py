"""What a question's pages are about and from when: the facts an answer page states (`answer_facts`), the
attribute every page of the question is about (`asked_facts`), and the moment its newest value is known from
(`latest`, `known_from`): no page states a value before then. Split from `roles` (house limit)."""

from __future__ import annotations

import datetime as dt

from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact, Question, premise_facts
from mockapi.world.real import market_days


def answer_facts(q: Question) -> list[Fact]:
    """What an answer page must state: every fact but the relation steps a multi-hop question walks (each
    stated on the page of the entity it starts from), or the last step when the answer is where it leads."""
    return [f for f in q.facts if not f.kind.startswith("rel:")] or q.facts[-1:]


def asked_facts(q: Question) -> list[Fact]:
    """The attribute the question's pages are about: the answer's facts, else the true facts behind a false
    premise (its pages state those as an answerable question's state the answer)."""
    return answer_facts(q) or premise_facts(q)


def latest(q: Question) -> dt.datetime | None:
    """The moment the newest of the question's values is known from (answer pages are published after it)."""
    return max((known_from(f) for f in asked_facts(q) if f.as_of), default=None)


def known_from(fact: Fact) -> dt.datetime:
    """The moment (naive UTC) a dated value is known from: a market figure at its session's close (or its
    quote's minute), anything else at the start of its day in US/Eastern."""
    day = dt.date.fromisoformat(fact.as_of[:10])
    if fact.minute:
        return market_days.utc_of(day, dt.time.fromisoformat(fact.minute)) + dt.timedelta(minutes=1)
    if fact.kind in ("fin.price", "fin.close") or (
        fact.kind.startswith("fin.") and KINDS[fact.kind].dynamism == "fast-changing"
    ):
        return market_days.utc_of(day, market_days.CLOSE)
    if fact.kind.startswith("fin.") and KINDS[fact.kind].dynamism == "real-time":  # a day's volume so far
        return market_days.utc_of(day, market_days.OPEN)
    return market_days.utc_of(day, dt.time(0, 0))
