"""When a stale page is published and what it states beside its older value (`roles.stale_page`).

A stale page of a fast-changing or real-time fact states one of its older values, so it is published between
those values' days and the current value's; beside that value it states the rivals' values, as every role's
page does, and a peer's figures, so that its names and figures do not mark it.
"""

from __future__ import annotations

import datetime as dt
import random

from mockapi.world.pages import consistency
from mockapi.world.pages.asked_when import known_from
from mockapi.world.pages.histories import stale_day
from mockapi.world.pages.recent import ABOUT_NOW
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact


def stale_moment(fact: Fact, qtime: dt.datetime, rng: random.Random) -> dt.datetime | None:
    """When a stale page of a fast-changing or real-time `fact` is published: after its older values' days
    and before its current value is known, so it states one of them (published 30-200 days before the
    question, such a page knew none of a price's last sessions and stated none). None for any other fact,
    or when no moment lies between (its stale page is then dated as any other's)."""
    if KINDS[fact.kind].dynamism not in ABOUT_NOW or not fact.as_of:
        return None
    days = [stale_day(fact, v) for v in consistency.older_values(fact)]
    if not days:
        return None
    after = dt.datetime.combine(max(days) + dt.timedelta(days=1), dt.time(12, 0))  # (a day's close: UTC)
    before = min(qtime, known_from(fact)) - dt.timedelta(hours=1)
    if after >= before:
        return None
    return after + dt.timedelta(seconds=rng.randrange(int((before - after).total_seconds())))
