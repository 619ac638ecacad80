"""Question-type templates: from a cell (domain, type, dynamism) and a fact source to a drafted question."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from mockapi.world.questions import values
from mockapi.world.questions.falsepremise import false_premise
from mockapi.world.questions.kinds import KINDS, Kind
from mockapi.world.questions.mix import DYNAMISM, Cell
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.questions.source import Source

NUMERIC = ("money", "bigmoney", "decimal", "number", "year", "date")


@dataclass
class Draft:
    """A question before ids and times: text, gold answer and what gold pages must state."""

    query: str
    answer: str
    alts: list[str]
    facts: list[Fact]
    key_phrases: list[str]
    wrong_value: str | None = None
    subjects: list[Subject] = field(default_factory=list)


def pick_kind(
    source: Source, domain: str, dynamism: str, rng: random.Random, vtypes: tuple[str, ...] = ()
) -> Kind | None:
    """A kind of `domain` with the wanted value types, of the cell's dynamism when the domain has one."""
    return _nearest([k for k in source.kinds(domain) if not vtypes or k.vtype in vtypes], dynamism, rng)


def _one(
    cell: Cell, src: Source, day: dt.date, rng: random.Random, vtypes: tuple[str, ...] = ()
) -> Fact | None:
    kind = pick_kind(src, cell.domain, cell.dynamism, rng, vtypes)
    subject = kind and src.subject(cell.domain, kind.subject, rng)
    return src.fact(subject, kind, day, rng) if kind and subject else None


def _answer(fact: Fact) -> tuple[str, list[str]]:
    return fact.value.lower(), values.lower_all(list(fact.alts))


def _wrong(fact: Fact) -> str | None:
    return fact.stale[0].lower() if fact.stale else None


def simple(cell: Cell, src: Source, day: dt.date, rng: random.Random) -> Draft | None:
    """'what is the <attribute> of <subject>?'"""
    fact = _one(cell, src, day, rng, tuple(v for v in _ALL_VTYPES if v != "list"))
    if fact is None:
        return None
    answer, alts = _answer(fact)
    query = KINDS[fact.kind].ask.format(s=fact.subject.name)
    return Draft(query, answer, alts, [fact], [fact.value], _wrong(fact), [fact.subject])


def with_condition(cell: Cell, src: Source, day: dt.date, rng: random.Random) -> Draft | None:
    """A simple question narrowed by a date (dynamic facts) or a disambiguating description (static ones)."""
    fact = _one(cell, src, day, rng, tuple(v for v in _ALL_VTYPES if v != "list"))
    if fact is None:
        return None
    kind = KINDS[fact.kind]
    name = fact.subject.name
    if kind.dynamism == "static":
        described = f"{name}, {fact.subject.descriptor or _descriptor(kind)},"
        query = kind.ask.format(s=described)
    else:
        when = values.date(dt.date.fromisoformat(fact.as_of))[0]
        verb = "who was" if kind.vtype == "person" else "what was"
        query = f"{verb} the {kind.label} of {name} on {when}?"
    answer, alts = _answer(fact)
    return Draft(query, answer, alts, [fact], [fact.value], _wrong(fact), [fact.subject])


def _descriptor(kind: Kind) -> str:
    return {
        "company": "the publicly traded company",
        "team": "the professional team",
        "player": "the professional player",
        "artist": "the recording artist",
        "song": "the single",
        "movie": "the feature film",
        "person": "the public figure",
    }.get(kind.subject, "the landmark")


def _two(
    cell: Cell, src: Source, day: dt.date, rng: random.Random, vtypes: tuple[str, ...]
) -> tuple[Fact, Fact] | None:
    kind = pick_kind(src, cell.domain, cell.dynamism, rng, vtypes)
    if kind is None:
        return None
    a, b = src.subject(cell.domain, kind.subject, rng), src.subject(cell.domain, kind.subject, rng)
    if a is None or b is None or a.name == b.name:
        return None
    fa, fb = src.fact(a, kind, day, rng), src.fact(b, kind, day, rng)
    if fa is None or fb is None or fa.number is None or fb.number is None or fa.number == fb.number:
        return None
    return fa, fb


def comparison(cell: Cell, src: Source, day: dt.date, rng: random.Random) -> Draft | None:
    """'which has a higher <attribute>, A or B?' (or the yes/no form, or 'which … first' for dates)."""
    pair = _two(cell, src, day, rng, NUMERIC)
    if pair is None:
        return None
    fa, fb = pair
    kind = KINDS[fa.kind]
    a, b = fa.subject.name, fb.subject.name
    assert fa.number is not None and fb.number is not None
    if kind.vtype in ("date", "year"):
        query = f"which {kind.event} first, {a} or {b}?"
        winner, loser = (a, b) if fa.number < fb.number else (b, a)
    elif rng.random() < 0.35:
        query = f"is the {kind.label} of {a} higher than that of {b}?"
        yes = fa.number > fb.number
        return Draft(
            query,
            "yes" if yes else "no",
            [],
            [fa, fb],
            [fa.value, fb.value],
            "no" if yes else "yes",
            [fa.subject, fb.subject],
        )
    else:
        query = f"which has a higher {kind.label}, {a} or {b}?"
        winner, loser = (a, b) if fa.number > fb.number else (b, a)
    w, alts = values.name(winner)
    return Draft(
        query,
        w.lower(),
        values.lower_all(alts),
        [fa, fb],
        [fa.value, fb.value],
        loser.lower(),
        [fa.subject, fb.subject],
    )


def aggregation(cell: Cell, src: Source, day: dt.date, rng: random.Random) -> Draft | None:
    """'how many <items> does X have?' over a list fact, else the total of two numbers."""
    fact = _one(cell, src, day, rng, ("list",))
    if fact is not None and fact.items:
        kind = KINDS[fact.kind]
        count, alts = values.number(len(fact.items))
        query = f"how many {kind.item} does {fact.subject.name} have?"
        return Draft(query, count, alts, [fact], list(fact.items), str(len(fact.items) + 1), [fact.subject])
    pair = _two(cell, src, day, rng, ("number",))
    if pair is None:
        return None
    fa, fb = pair
    assert fa.number is not None and fb.number is not None
    total, alts = values.number(int(fa.number + fb.number))
    query = f"what is the combined {KINDS[fa.kind].label} of {fa.subject.name} and {fb.subject.name}?"
    return Draft(query, total, alts, [fa, fb], [fa.value, fb.value], None, [fa.subject, fb.subject])


def set_question(cell: Cell, src: Source, day: dt.date, rng: random.Random) -> Draft | None:
    """A question whose answer is a list."""
    fact = _one(cell, src, day, rng, ("list",))
    if fact is None or not fact.items:
        return None
    answer, alts = _answer(fact)
    query = KINDS[fact.kind].ask.format(s=fact.subject.name)
    return Draft(query, answer, alts, [fact], list(fact.items), None, [fact.subject])


def multi_hop(cell: Cell, src: Source, day: dt.date, rng: random.Random) -> Draft | None:
    """'what is the <attribute> of the <relation> of A?' along a two-hop path A -> B -> value."""
    starts = [k for k in src.kinds(cell.domain) if k.subject != "person"] or src.kinds(cell.domain)
    if not starts:
        return None
    start = src.subject(cell.domain, rng.choice(starts).subject, rng)
    hop = start and src.related(start, rng)
    if not start or not hop:
        return None
    phrase, target = hop
    pool = [k for k in KINDS.values() if k.subject == target.kind and k.vtype != "list"]
    kind = _nearest(pool, cell.dynamism, rng)
    fact = kind and src.fact(target, kind, day, rng)
    if not kind or not fact:
        return None
    link = Fact(start, f"rel:{phrase}", target.name, source=src.name)
    query = kind.ask.format(s=f"the {phrase} of {start.name}")
    answer, alts = _answer(fact)
    return Draft(query, answer, alts, [link, fact], [target.name, fact.value], _wrong(fact), [start, target])


def _nearest(pool: list[Kind], dynamism: str, rng: random.Random) -> Kind | None:
    """A kind of the nearest dynamism class: keeps the cell's label honest where the domain allows it."""
    if not pool:
        return None
    rank = DYNAMISM.index(dynamism)
    best = min(abs(DYNAMISM.index(k.dynamism) - rank) for k in pool)
    return rng.choice([k for k in pool if abs(DYNAMISM.index(k.dynamism) - rank) == best])


def post_processing(cell: Cell, src: Source, day: dt.date, rng: random.Random) -> Draft | None:
    """Answers that need arithmetic: years elapsed since a date, or the difference of two values."""
    fact = _one(cell, src, day, rng, ("date", "year"))
    if fact is not None and fact.number is not None:
        kind = KINDS[fact.kind]
        year = dt.date.fromordinal(int(fact.number)).year if kind.vtype == "date" else int(fact.number)
        years, alts = values.number(day.year - year)
        query = f"how many years ago {fact.subject.name} {kind.event}?"
        return Draft(query, years, alts, [fact], [fact.value], str(day.year - year + 1), [fact.subject])
    pair = _two(cell, src, day, rng, ("money", "decimal", "number"))
    if pair is None:
        return None
    fa, fb = pair
    assert fa.number is not None and fb.number is not None
    kind = KINDS[fa.kind]
    diff = abs(fa.number - fb.number)
    shown, alts = (
        values.money(diff) if kind.vtype == "money" else (f"{diff:,.2f}".rstrip("0").rstrip("."), [])
    )
    query = f"what is the difference in {kind.label} between {fa.subject.name} and {fb.subject.name}?"
    return Draft(query, shown.lower(), alts, [fa, fb], [fa.value, fb.value], None, [fa.subject, fb.subject])


def _false(cell: Cell, src: Source, day: dt.date, rng: random.Random) -> Draft | None:
    made = false_premise(cell, src, day, rng)
    if made is None:
        return None
    query, subject, wrong = made
    return Draft(query, "invalid question", [], [], [], wrong, [subject])


_ALL_VTYPES = (
    "money",
    "bigmoney",
    "decimal",
    "number",
    "year",
    "date",
    "person",
    "place",
    "title",
    "team",
    "score",
    "list",
)

COMPOSERS: dict[str, Callable[[Cell, Source, dt.date, random.Random], Draft | None]] = {
    "simple": simple,
    "simple_w_condition": with_condition,
    "comparison": comparison,
    "aggregation": aggregation,
    "set": set_question,
    "multi-hop": multi_hop,
    "post-processing": post_processing,
    "false_premise": _false,
}
