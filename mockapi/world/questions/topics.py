"""Questions that name no entity: "which companies pay the highest dividend?", "how many teams have more than
40 wins?". CRAG has many (26% of its finance questions name no company).

The question is about a *group*: several subjects of one kind and the same attribute of each. The group is a
Subject of kind "group" (first in Question.subjects, then its members); Question.facts holds one fact per
member, so the pages that answer it are listings or tables of the whole group. One group per (domain,
attribute, day of a dynamic value) per world, so two questions with the same intent get the same answer.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

from mockapi.world.questions import answers, frames, values
from mockapi.world.questions.ask import Ask, Draft, pick_kind
from mockapi.world.questions.kinds import KINDS, Kind
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.questions.source import Source

PLURAL = {
    "company": ("companies", "stocks", "listed companies"),
    "team": ("teams", "clubs"),
    "player": ("players",),
    "song": ("songs", "tracks", "singles"),
    "artist": ("artists", "singers", "musicians"),
    "band": ("bands", "groups"),
    "movie": ("movies", "films"),
    "topic": ("places",),
}
SINGULAR = {
    "company": "company",
    "team": "team",
    "song": "song",
    "movie": "movie",
    "artist": "artist",
    "topic": "place",
}
# Kinds where a smaller number ranks higher ("the highest chart position" is no. 1).
SMALL_IS_TOP = {"mu.rank", "mu.rank_now"}
COUNTED = {"number"}  # "the most wins" rather than "the highest wins"
GROUPED = ("money", "bigmoney", "decimal", "number")
# Share of web questions of each type asked about a group instead of a named entity.
P_GROUP = {
    "set": 0.6,
    "aggregation": 0.45,
    "comparison": 0.4,
    "simple": 0.16,
    "simple_w_condition": 0.12,
    "multi-hop": 0.3,
    "post-processing": 0.4,
}


@dataclass
class Groups:
    """The world's groups, made on first use and reused by later questions with the same intent."""

    cache: dict[tuple[str, str, str], list[Fact]] = field(default_factory=dict)

    def members(self, a: Ask, kind: Kind) -> list[Fact]:
        """Facts of `kind` for 6-9 subjects, in ranking order (top first)."""
        day = a.day.isoformat() if kind.dynamism != "static" else ""
        key = (a.cell.domain, kind.key, day)
        if key not in self.cache:
            self.cache[key] = _make(a.src, a.cell.domain, kind, a.day, a.rng)
        return self.cache[key]


def _make(src: Source, domain: str, kind: Kind, day: dt.date, rng: random.Random) -> list[Fact]:
    facts: dict[float, Fact] = {}
    for _ in range(rng.randint(6, 9)):
        subject = src.subject(domain, kind.subject, rng)
        fact = subject and src.fact(subject, kind, day, rng)
        if fact and fact.number is not None and fact.number not in facts:
            facts[fact.number] = fact
    ranked = sorted(facts.values(), key=lambda f: f.number or 0.0, reverse=kind.key not in SMALL_IS_TOP)
    return ranked


def _group_subject(kind: Kind, plural: str, members: list[Fact]) -> Subject:
    return Subject(name=f"{plural} by {kind.label}", domain=kind.domain, kind="group", descriptor="ranking")


def _sup(kind: Kind, top: bool) -> str:
    if kind.vtype in COUNTED and kind.key not in SMALL_IS_TOP:
        return "most" if top else "fewest"
    return "highest" if top else "lowest"


def group_question(a: Ask, groups: Groups) -> Draft | None:
    """A question over a group, shaped by the slot's question type."""
    kind = pick_kind(a.src, a.cell.domain, a.cell.dynamism, a.rng, GROUPED)
    if kind is None or kind.subject not in PLURAL:
        return None
    ranked = groups.members(a, kind)
    if len(ranked) < 4:
        return None
    plural = a.rng.choice(PLURAL[kind.subject])
    subjects = [_group_subject(kind, plural, ranked), *(f.subject for f in ranked)]
    made = _BY_TYPE.get(a.cell.question_type, _top_one)(a, kind, ranked, plural)
    if made is None:
        return None
    query, short, alts, sentences, extra = made
    answer, alts = answers.finish(short, alts, sentences, a.rng)
    facts = [*ranked, *extra]
    return Draft(query, answer, alts, facts, [f.value for f in ranked[:3]], None, subjects, [plural])


Made = tuple[str, str, list[str], list[str], list[Fact]]


def _top_one(a: Ask, kind: Kind, ranked: list[Fact], plural: str) -> Made:
    top = a.rng.random() < 0.75
    sup = _sup(kind, top)
    best = ranked[0] if top else ranked[-1]
    if a.cell.question_type == "simple_w_condition" and best.as_of and kind.dynamism != "static":
        when = values.spoken_date(dt.date.fromisoformat(best.as_of), a.day, a.rng)
        query = f"which {plural} had the {sup} {kind.label} {when}?"
    else:
        query = a.frame(frames.TOP_ONE).format(p=plural, sup=sup, l=kind.label)
    name = best.subject.name
    short, alts = values.name(name)
    sentences = [
        f"{name} has the {sup} {kind.label}, at {best.value}",
        f"{name} has the {sup} {kind.label} among the {plural}",
    ]
    return query, short, alts, sentences, []


def _top_set(a: Ask, kind: Kind, ranked: list[Fact], plural: str) -> Made:
    sup = _sup(kind, True)
    query = a.frame(frames.TOP_SET).format(p=plural, sup=sup, l=kind.label)
    names = [f.subject.name for f in ranked[:3]]
    short, alts = values.listing(names)
    sentences = [
        f"the {plural} with the {sup} {kind.label} are {short}",
        f"some {plural} with a high {kind.label} are {short}, at {ranked[2].value} or more each",
    ]
    return query, short, alts, sentences, []


def _threshold(kind: Kind, x: float) -> str:
    if kind.vtype == "money":
        return values.money(x)[0]
    if kind.vtype == "bigmoney":
        return values.bigmoney(x)[0]
    if kind.vtype == "decimal":
        return f"{x:.1f}"
    return values.number(int(x))[0]


def _above(a: Ask, kind: Kind, ranked: list[Fact], plural: str) -> Made | None:
    numbers = sorted((f.number or 0.0 for f in ranked), reverse=True)
    k = a.rng.randint(1, len(numbers) - 2)
    cut = (numbers[k - 1] + numbers[k]) / 2
    shown = _threshold(kind, cut)
    n = sum(1 for x in numbers if x > cut)
    if kind.vtype == "number" and float(int(cut)) in numbers:
        return None
    query = a.frame(frames.ABOVE).format(p=plural, l=kind.label, x=shown)
    short, alts = values.number(n)
    sentences = [
        f"{short} of the {plural} have a {kind.label} above {shown}",
        f"there are {short} {plural} above {shown}",
    ]
    return query, short, alts, sentences, []


def _count_or_total(a: Ask, kind: Kind, ranked: list[Fact], plural: str) -> Made | None:
    if a.rng.random() < 0.5:
        return _above(a, kind, ranked, plural)
    x = sum(f.number or 0.0 for f in ranked)
    if kind.vtype == "money":
        short, alts = values.money(x)
    elif kind.vtype == "bigmoney":
        short, alts = values.bigmoney(x)
    elif kind.vtype == "number":
        short, alts = values.number(int(x))
    else:
        short, alts = f"{x:,.2f}", [f"{x:.1f}"]
    query = a.frame(frames.GROUP_TOTAL).format(p=plural, l=kind.label)
    return query, short, alts, [f"the {plural} have a combined {kind.label} of {short}"], []


def _arith(a: Ask, kind: Kind, ranked: list[Fact], plural: str) -> Made:
    numbers = [f.number or 0.0 for f in ranked]
    if a.rng.random() < 0.6:
        query = a.frame(frames.AVERAGE).format(p=plural, l=kind.label)
        x = sum(numbers) / len(numbers)
        what = "average"
    else:
        query = a.frame(frames.SPREAD).format(p=plural, l=kind.label)
        x = max(numbers) - min(numbers)
        what = "difference between the highest and lowest"
    if kind.vtype == "money":
        short, alts = values.money(x)
    elif kind.vtype == "bigmoney":
        short, alts = values.bigmoney(x)
    else:
        short, alts = f"{x:,.2f}".rstrip("0").rstrip("."), [f"{x:.1f}", f"{round(x):,}"]
    return query, short, alts, [f"the {what} {kind.label} of the {plural} is {short}"], []


def _top_hop(a: Ask, kind: Kind, ranked: list[Fact], plural: str) -> Made | None:
    hop = a.src.related(ranked[0].subject, a.rng)
    if hop is None or kind.subject not in SINGULAR:
        return None
    relation, target = hop
    sup = _sup(kind, True)
    query = a.frame(frames.TOP_HOP).format(r=relation, q=SINGULAR[kind.subject], sup=sup, l=kind.label)
    link = Fact(ranked[0].subject, f"rel:{relation}", target.name, source=a.src.name)
    short, alts = values.person(target.name) if target.kind == "person" else values.name(target.name)
    top = ranked[0].subject.name
    sentences = [f"{top} has the {sup} {kind.label}, and its {relation} is {target.name}"]
    return query, short, alts, sentences, [link]


def _compare(a: Ask, kind: Kind, ranked: list[Fact], plural: str) -> Made | None:
    return _top_one(a, kind, ranked, plural)


_BY_TYPE = {
    "simple": _top_one,
    "simple_w_condition": _top_one,
    "comparison": _compare,
    "set": _top_set,
    "aggregation": _count_or_total,
    "post-processing": _arith,
    "multi-hop": _top_hop,
}

assert all(k in KINDS for k in SMALL_IS_TOP)
