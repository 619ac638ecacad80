"""A recent dated line of the asked attribute on the pages of a question about now, whatever their role.

An answer page of a real-time or fast-changing question dates its value by the answer's session, a day or
three before the question: on CUT2's default world 60 % of answer pages of fast-changing questions carried a
full date within 7 days before the query day, against 31 % of the other top-10 results (real-time: 55 % vs
29 %), and the standing adversary (`mockapi/audit/standing.py`) read the answer page from that date's distance
alone, no question needed. A topical or look-alike page of such a question is as fresh (`roles.moment`), so it
states the attribute of a recent session too: the subject's own previous value where one falls in the last
days (its one date, `histories.stale_day`, as on every page stating it), else a peer's value of a session in
the last week (the question's own peers, `decoys.peers`: invented, their values contradict nothing, each
value keyed by its name and session so every page stating it gives the same one).
"""

from __future__ import annotations

import datetime as dt
import random
from typing import TYPE_CHECKING

from mockapi.world.pages import consistency, decoys, statements
from mockapi.world.pages.asked_when import asked_facts
from mockapi.world.pages.fact_frames import Piece
from mockapi.world.pages.figure_days import start_of
from mockapi.world.pages.histories import stale_day
from mockapi.world.questions.kinds import KINDS, fits_subject
from mockapi.world.questions.model import Fact, Question
from mockapi.world.real import market_days

if TYPE_CHECKING:
    from mockapi.world.pages.roles import Pools

ABOUT_NOW = ("real-time", "fast-changing")  # the questions whose answers are dated in the last days
RECENT_DAYS = 7  # "recent": a session within this many days before the page's day


ROLES = ("top", "neg", "form")  # page id roles (`roles.uid`): topical, look-alike and answer-form pages


def recent_line(q: Question, pools: Pools, rng: random.Random, day: dt.date, role: str) -> list[Piece]:
    """At most one recent dated statement of the asked attribute for a page of day `day` and role `role`
    (module docstring): none on an answer page (it dates its answer) or a stale one (published before the
    answer's session), nor for a question not about now."""
    if role not in ROLES or q.static_or_dynamic not in ABOUT_NOW:
        return []
    facts = [f for f in asked_facts(q) if statements.dynamic(f) and f.as_of]
    if not facts:
        return []
    fact = rng.choice(facts)
    # not the subject's own on a look-alike's page: "Yesterday, Orchard Inc. shares closed at $15.49." led
    # Wild Stock's page, and its "the listed firm relocated 194 warehouse workers" read as Orchard's (the
    # sizes and amounts lines, one each, on generator 43's first default world)
    own = (
        _own_recent(fact, rng, pools.split, day) if q.question_type != "comparison" and role != "neg" else []
    )
    return own or _peer_recent(q, fact, pools, rng, day)


def _recent(then: dt.date, day: dt.date, kind: str) -> bool:
    """Whether `then` lies in the page's last `RECENT_DAYS` days, before its own day for a session figure."""
    return (
        day - dt.timedelta(days=RECENT_DAYS)
        <= then
        <= day - dt.timedelta(days=statements.session_figure(kind))
    )


def _own_recent(fact: Fact, rng: random.Random, split: str, day: dt.date) -> list[Piece]:
    """The subject's latest older value when its one date is recent (a comparison's older values may order
    its subjects the other way: `decoys.older_news`, so none there)."""
    dated = [(stale_day(fact, v), v) for v in consistency.older_values(fact)]
    recent = sorted((then, v) for then, v in dated if _recent(then, day, fact.kind))
    if not recent or recent[-1][0] < start_of(fact.subject.name):
        return []
    then, value = recent[-1]
    return [
        statements.state(
            fact, rng, split, value=value, as_of=then.isoformat(), page_day=day, shape="sentence"
        )
    ]


def _peer_recent(q: Question, fact: Fact, pools: Pools, rng: random.Random, day: dt.date) -> list[Piece]:
    """A question's peer's value of the asked attribute at a session of the last week, named."""
    kind = KINDS.get(fact.kind)
    names = [n for s in q.subjects for n in (s.name, *s.aliases)]
    fit = [
        p for p in decoys.peers(q, fact.subject.kind, pools)
        if (kind is None or fits_subject(kind, p, fact.subject.kind))
        and not any(consistency.indistinct(p, n) for n in names)
    ]  # fmt: skip
    if not fit:
        return []
    peer = rng.choice(fit)
    then = day - dt.timedelta(days=rng.randint(max(1, statements.session_figure(fact.kind)), RECENT_DAYS))
    if fact.kind.startswith("fin."):
        then = market_days.last_session(then)  # a close is a trading day's
    if not _recent(then, day, fact.kind) or not statements.fits_day(peer, then, fact.kind):
        return []
    value = decoys.wrong(fact, rng, day, peer=peer, session=then.isoformat())
    return [
        statements.state(
            fact,
            rng,
            pools.split,
            value=value,
            subject=peer,
            as_of=then.isoformat(),
            page_day=day,
            named=True,
        )
    ]
