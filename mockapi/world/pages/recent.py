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
from mockapi.world.pages.asked_when import asked_facts, known_from
from mockapi.world.pages.fact_frames import Piece
from mockapi.world.pages.figure_days import start_of
from mockapi.world.pages.histories import stale_day
from mockapi.world.questions.kinds import KINDS, fits_subject
from mockapi.world.questions.model import Fact, Question, Subject
from mockapi.world.real import market_days

if TYPE_CHECKING:
    from mockapi.world.pages.roles import Pools

ABOUT_NOW = ("real-time", "fast-changing")  # the questions whose answers are dated in the last days
RECENT_DAYS = 7  # "recent": a session within this many days before the page's day
P_RECENT = 1.0  # a non-answer page of such a question states one such line


P_FRESH = 0.7  # a topical page published in the answer pages' days (`roles.topical_page`), else older news
P_FRESH_NOW = 0.9  # the same for a question about now: an engine ranks fresh pages for it
ROLES = ("top", "neg", "form")  # page id roles (`roles.uid`): topical, look-alike and answer-form pages


def recent_line(q: Question, pools: Pools, rng: random.Random, day: dt.date, role: str) -> list[Piece]:
    """At most one recent dated statement of the asked attribute for a page of day `day` and role `role`
    (module docstring): none on an answer page (it dates its answer) or a stale one (published before the
    answer's session), nor for a question not about now."""
    if role not in ROLES or q.static_or_dynamic not in ABOUT_NOW:
        return []
    facts = [f for f in asked_facts(q) if statements.dynamic(f) and f.as_of]
    if not facts or rng.random() >= P_RECENT:
        return []
    fact = rng.choice(facts)
    own = _own_recent(fact, rng, pools.split, day) if q.question_type != "comparison" else []
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


def fresh_share(q: Question) -> float:
    """The share of a question's topical pages published in its answer pages' days: most for any question,
    nearly all for one about now, whose older pages the engine ranks below its fresh ones (the other 30 %,
    up to 900 days old, could carry no recent date beside answer pages that all did)."""
    return P_FRESH_NOW if q.static_or_dynamic in ABOUT_NOW else P_FRESH


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


def stale_extras(
    q: Question, subject: Subject, pools: Pools, rng: random.Random, day: dt.date
) -> list[Piece]:
    """What a stale page states beside its older value: the rivals' values (`decoys.beside`) and a peer's
    figures, as a topical page does (without the peer it named 9.4 distinct names against an answer page's
    12.5 and a topical page's 11.2: 400 dev questions at 7c8027a, the planner's top 10s)."""
    return decoys.beside(q, pools, rng, day) + decoys.peer_figures(q, subject, pools, rng, day)
