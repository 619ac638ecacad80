"""The dated figures a question's own pages state of its fact: the current value at its date and each older
value at its own day (`stale_day`), and for running totals (`asked_totals`) the history every other page
follows when it names the asked subject (`totals.use_asked`)."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterable

from mockapi.world.pages import consistency, lifespan, totals
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact

# How long before the current value an older one held, per dynamism (days).
_STALE_DAYS = {"real-time": (1, 30), "fast-changing": (2, 60), "slow-changing": (20, 400)}


def stale_day(fact: Fact, value: str) -> dt.date:
    """The day an older `value` of `fact` held: one date per older value, the same on every page that states
    it (drawn from the value itself, not the page's rng: each page drew its own, so an old price carried a
    different date on every page)."""
    lo, hi = _STALE_DAYS.get(KINDS[fact.kind].dynamism, (20, 400))
    own = random.Random(f"stale|{fact.subject.name}|{fact.kind}|{fact.as_of}|{value}")
    # a running total's smaller older value is the older one (`totals.back_days`)
    back = totals.back_days(fact, value, lo, hi) if totals.cumulative(fact.kind) else own.randint(lo, hi)
    then = dt.date.fromisoformat(fact.as_of) - dt.timedelta(days=back)
    if fact.stale_days and value in fact.stale:  # the KG's own day for it (a close, a game)
        then = dt.date.fromisoformat(fact.stale_days[min(fact.stale.index(value), len(fact.stale_days) - 1)])
    return then


def asked_totals(facts: Iterable[Fact]) -> dict[tuple[str, str], tuple[tuple[dt.date, str], ...]]:
    """The dated figures the questions' own pages state of each asked running total (its current value at
    its date, each older value at `stale_day`), by name and kind, for `totals.use_asked`; and each asked
    start (a release, a founding, a birth: `lifespan.ANCHORS`), undated, for `figure_days.stated_start`."""
    out: dict[tuple[str, str], list[tuple[dt.date, str]]] = {}
    for fact in facts:
        if fact.kind in lifespan.ANCHORS:  # an asked start: every page dates the name's life by it
            key = (totals.name_key(fact.subject.name), fact.kind)
            out.setdefault(key, []).append((dt.date.min, fact.value))
            continue
        if not totals.cumulative(fact.kind) or totals.figure(fact.value, fact.kind) <= 0:
            continue
        points = out.setdefault((totals.name_key(fact.subject.name), fact.kind), [])
        if not fact.as_of:  # a total no page dates (titles, Oscars): the one figure at every date
            points.append((dt.date.min, fact.value))
            continue
        points.append((dt.date.fromisoformat(fact.as_of), fact.value))
        points.extend((stale_day(fact, v), v) for v in consistency.older_values(fact))
    return {key: tuple(sorted(set(points))) for key, points in sorted(out.items())}
