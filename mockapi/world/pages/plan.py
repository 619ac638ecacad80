"""The 50 ranked results of one question: gold, stale, hard-negative, topical and noise pages."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass
from typing import Any

from mockapi.formats.timefmt import parse_query_time
from mockapi.world.pages import prose, shared, specs, statements
from mockapi.world.questions import invent
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact, Question, Subject

RESULTS = 50
# Relevance score ranges per role: search engines rank answer pages high, but not always first.
_SCORE = {
    "gold": (0.45, 1.0),
    "stale": (0.35, 0.9),
    "negative": (0.3, 0.85),
    "topical": (0.2, 0.8),
    "noise": (0.0, 0.45),
}


@dataclass(frozen=True)
class Result:
    """One ranked search result before snippets: the page spec and why it is there."""

    spec: dict[str, Any]
    role: str  # gold | stale | negative | topical | noise


@dataclass(frozen=True)
class Pools:
    """Pages shared between questions."""

    entity: dict[tuple[str, str, str], dict[str, Any]]
    entity_facts: dict[tuple[str, str, str], list[Fact]]
    noise: dict[str, list[dict[str, Any]]]  # per domain; '' = off-topic


def plan(q: Question, pools: Pools, rng: random.Random) -> list[Result]:
    """Exactly RESULTS results in rank order (duplicates of a page may repeat, as in CRAG)."""
    qtime = parse_query_time(q.query_time).replace(tzinfo=None)
    scored: list[tuple[float, Result]] = []
    for role, spec in _pages(q, pools, qtime, rng):
        low, high = _SCORE[role]
        scored.append((rng.uniform(low, high), Result(spec, role)))
    scored.sort(key=lambda pair: -pair[0])
    results = [r for _, r in scored][: RESULTS - 4]
    for _ in range(rng.randint(1, 4)):  # a page listed twice, as real search results often are
        results.insert(rng.randint(1, len(results)), results[rng.randrange(len(results))])
    noise = pools.noise[q.domain] + pools.noise[""]
    while len(results) < RESULTS:
        results.append(Result(rng.choice(noise), "noise"))
    return results[:RESULTS]


def _pages(
    q: Question, pools: Pools, qtime: dt.datetime, rng: random.Random
) -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    entity_gold = False
    # gold = states every fact the answer needs (a multi-hop link alone does not answer)
    needed = [f for f in q.facts if not f.kind.startswith("rel:")]
    for subject in q.subjects:
        key = shared.subject_key(subject)
        page, stated = pools.entity.get(key), pools.entity_facts.get(key, [])
        if page is None or (not q.answer_in_pages and any(f in stated for f in q.facts)):
            continue  # the answer must not leak when the question is calibrated as not answerable
        is_gold = q.answer_in_pages and bool(needed) and all(f in stated for f in needed)
        entity_gold = entity_gold or is_gold
        out.append(("gold" if is_gold else "topical", page))
    if q.answer_in_pages:
        gold_n = rng.choice((1, 1, 2, 2, 3)) - (1 if entity_gold else 0)
        out.extend(("gold", _gold(q, qtime, rng, i)) for i in range(max(gold_n, 0 if entity_gold else 1)))
    out.extend(("stale", _stale(q, f, qtime, rng, i)) for i, f in enumerate(q.facts) if f.stale)
    out.extend(("negative", p) for p in _negatives(q, qtime, rng))
    topical_n = rng.randint(8, 14)
    out.extend(("topical", _topical(q, rng.choice(q.subjects), qtime, rng, i)) for i in range(topical_n))
    return out


def _uid(q: Question, role: str, i: int) -> str:
    return f"{q.interaction_id.replace('-', '')[:16]}{role[:2]}{i:02d}"


def _before(qtime: dt.datetime, not_before: dt.datetime, rng: random.Random) -> dt.datetime:
    """A moment between `not_before` and one hour before the query time."""
    latest = qtime - dt.timedelta(hours=1)
    earliest = min(not_before, latest - dt.timedelta(hours=2))
    return earliest + dt.timedelta(seconds=rng.randrange(max(1, int((latest - earliest).total_seconds()))))


def _kind_for(q: Question, rng: random.Random) -> str:
    fact = q.facts[-1] if q.facts else None
    if (
        fact
        and fact.kind.startswith("fin.")
        and KINDS[fact.kind].vtype in ("money", "bigmoney", "decimal", "number")
    ):
        return rng.choice(("quote", "quote", "article"))
    if fact and fact.kind.startswith("sp.last"):
        return rng.choice(("boxscore", "boxscore", "article"))
    return rng.choice(("article", "article", "listing", "forum"))


def _gold(q: Question, qtime: dt.datetime, rng: random.Random, i: int) -> dict[str, Any]:
    subject = q.facts[-1].subject.name
    lines = prose.sentences(subject, q.domain, rng, rng.randint(3, 8))
    for fact in q.facts:
        for line in statements.gold_sentences(fact):
            lines.insert(rng.randint(0, len(lines)), line)
    as_of = max(
        (dt.datetime.fromisoformat(f.as_of) for f in q.facts if f.as_of),
        default=qtime - dt.timedelta(days=900),
    )
    moment = _before(qtime, as_of, rng)
    title = _title(q, subject, rng)
    return specs.make(
        rng,
        kind=_kind_for(q, rng),
        domain=q.domain,
        title=title,
        uid=_uid(q, "gold", i),
        subject=subject,
        lines=lines,
        modified=moment if rng.random() < 0.4 else None,
        published=moment,
    )


def _title(q: Question, subject: str, rng: random.Random) -> str:
    fact = q.facts[-1]
    label = fact.kind[4:] if fact.kind.startswith("rel:") else KINDS[fact.kind].label
    return rng.choice(
        (
            f"{subject}: {label} and more",
            f"{subject} {label} - latest",
            f"What is the {label} of {subject}?",
            f"{subject} | Facts, {label.title()} & Overview",
            f"{subject} profile",
        )
    )


def _stale(q: Question, fact: Fact, qtime: dt.datetime, rng: random.Random, i: int) -> dict[str, Any]:
    lines = prose.sentences(fact.subject.name, q.domain, rng, rng.randint(3, 7)) + statements.stale_sentences(
        fact, rng
    )
    moment = _before(qtime, qtime - dt.timedelta(days=400), rng) - dt.timedelta(days=30)
    return specs.make(
        rng,
        kind=_kind_for(q, rng),
        domain=q.domain,
        title=_title(q, fact.subject.name, rng),
        uid=_uid(q, "stale", i),
        subject=fact.subject.name,
        lines=lines,
        modified=moment if rng.random() < 0.4 else None,
        published=moment,
    )


def _negatives(q: Question, qtime: dt.datetime, rng: random.Random) -> list[dict[str, Any]]:
    """Pages about look-alike entities stating the same attribute with other values."""
    out = []
    subject = q.facts[-1].subject if q.facts else q.subjects[0]
    names = list(subject.lookalikes) or list(invent.lookalikes(subject.name, rng))
    day = qtime.date()
    for i in range(rng.randint(3, 7)):
        name = names[i % len(names)]
        lines = prose.sentences(name, q.domain, rng, rng.randint(3, 7))
        for fact in q.facts:
            wrong = _wrong_value(fact, rng, day)
            lines.insert(rng.randint(0, len(lines)), statements.negative_sentences(fact, name, wrong)[0])
        moment = _before(qtime, qtime - dt.timedelta(days=700), rng)
        out.append(
            specs.make(
                rng,
                kind=rng.choice(("article", "listing", "forum")),
                domain=q.domain,
                title=f"{name} - overview",
                uid=_uid(q, "neg", i),
                subject=name,
                lines=lines,
                modified=moment if rng.random() < 0.3 else None,
                published=moment,
            )
        )
    return out


def _wrong_value(fact: Fact, rng: random.Random, day: dt.date) -> str:
    if fact.kind.startswith("rel:"):
        return invent.subject_name("person", rng)
    for _ in range(5):
        value = invent.other_value(KINDS[fact.kind], rng, day)
        if value.lower() != fact.value.lower():
            return value
    return value + " (disputed)"


def _topical(q: Question, subject: Subject, qtime: dt.datetime, rng: random.Random, i: int) -> dict[str, Any]:
    """About the subject but without the answer; some pages are empty, as real crawls are."""
    lines = prose.sentences(subject.name, q.domain, rng, rng.randint(4, 12))
    moment = _before(qtime, qtime - dt.timedelta(days=900), rng)
    return specs.make(
        rng,
        kind=rng.choice(("article", "article", "forum", "listing")),
        domain=q.domain,
        title=f"{subject.name}: {rng.choice(_TOPICAL_TITLES)}",
        uid=_uid(q, "top", i),
        subject=subject.name,
        lines=lines,
        modified=moment if rng.random() < 0.3 else None,
        published=moment,
        empty=rng.random() < 0.07,
    )


_TOPICAL_TITLES = (
    "news and updates",
    "what fans are saying",
    "a closer look",
    "everything we know",
    "discussion thread",
    "photos and highlights",
    "background and history",
)
