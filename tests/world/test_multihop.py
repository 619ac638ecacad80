"""Multi-hop questions that walk the tiny world's relation graph, and what their pages and labels say."""

from __future__ import annotations

import datetime as dt
import itertools
import json
import random
from pathlib import Path

import duckdb
import pytest

from mockapi.world.pages.roles import answer_facts
from mockapi.world.questions.ask import Ask, Draft
from mockapi.world.questions.chain import chained
from mockapi.world.questions.kg_facts import KgSource, open_kg_source
from mockapi.world.questions.mix import Cell
from mockapi.world.questions.model import Fact, Question, Subject, key_kinds
from mockapi.world.questions.premise import settle

DAY = dt.date(2024, 3, 10)


@pytest.fixture(scope="module")
def source(tiny_world: Path) -> KgSource:
    kg = open_kg_source(tiny_world)
    assert kg is not None
    return kg


@pytest.fixture(scope="module")
def edges(tiny_world: Path) -> set[tuple[str, str]]:
    with duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True) as con:
        rows = con.execute("SELECT src, dst FROM kg_edges").fetchall()
    return {(a, b) for a, b in rows} | {(b, a) for a, b in rows}


def _drafts(source: KgSource, domain: str, n: int) -> list[Draft]:
    out = []
    for seed in range(n):
        rng = random.Random(seed)
        bucket = source.for_bucket(("head", "torso", "tail")[seed % 3])
        ask = Ask(Cell(domain, "multi-hop", "static"), bucket, DAY, rng)
        draft = chained(ask)
        if draft is not None:  # as generate does: a name premise that says a step is dropped
            draft.query = settle(draft.query, draft.facts, ask.premises)[0]
            out.append(draft)
    return out


@pytest.mark.parametrize("domain", ["open", "finance"])
def test_chains_walk_two_or_three_stored_edges(
    source: KgSource, edges: set[tuple[str, str]], domain: str
) -> None:
    drafts = _drafts(source, domain, 60)
    assert len(drafts) >= 20
    lengths = set()
    for d in drafts:
        links = [f for f in d.facts if f.kind.startswith("rel:")]
        lengths.add(len(links))
        assert 2 <= len(links) <= 3
        nodes = d.subjects
        assert len(nodes) == len(links) + 1 and len({s.entity_id for s in nodes}) == len(nodes)
        for link, (a, b) in zip(links, itertools.pairwise(nodes), strict=True):
            assert (a.entity_id, b.entity_id) in edges  # every step is a stored relation
            assert link.subject == a and link.value == b.name
        # the entities in between are what the reader must find: the question names only the start
        assert all(s.name.lower() not in d.query for s in nodes[1:])
        end = nodes[-1]
        rest = [f for f in d.facts if not f.kind.startswith("rel:")]
        if rest:  # an attribute of the entity reached, after two steps (three hops in all)
            assert len(links) == 2 and rest[0].subject == end
            assert d.key_phrases == [end.name, rest[0].value]  # what the answer page states
        else:
            assert end.name.lower() in d.answer
    if domain == "open":
        # the tiny KG's one open start no case twin hides (Brígida Robert) walked three steps only as
        # "birthplace, mayor, birthplace", which generator 29 walks no more (no relation twice: "the mayor of
        # the birthplace of the mayor of thornview", g28 reader); three-step walks stay, on the twins' starts
        assert lengths <= {2, 3}
        walks = [w for e, ws in source.walks.items() if source.subjects[e].domain == "open" for w in ws]
        assert {len(w) for w in walks} == {2, 3}


@pytest.mark.parametrize(("domain", "floor"), [("open", 3), ("finance", 9)])
def test_chains_are_deterministic(source: KgSource, domain: str, floor: int) -> None:
    """The same seeds walk the same chains, and different seeds different ones. The tiny KG's open targets
    are 11 of 12 case twins, asked by no question since generator 27: its one open start gives 4 distinct
    chains of 12 seeds (> 6 before). Its finance starts are no twins: 12 distinct chains of 12 seeds from 9
    starts at generator 27, so a walk that stopped varying with the seed would fall under 9 there."""
    first = [(d.query, d.answer) for d in _drafts(source, domain, 12)]
    again = [(d.query, d.answer) for d in _drafts(source, domain, 12)]
    assert first == again and len(set(first)) >= floor, (domain, len(set(first)))


def _question(facts: list[Fact], keys: list[str]) -> Question:
    return Question("id", 0, "", "open", "multi-hop", "static", "q", "a", [], "", "kg", keys, None, facts)


def test_answer_pages_state_the_last_hop_only() -> None:
    a, b, c = (Subject(n, "open", "topic", f"open:{n}") for n in ("Avel", "Brisk", "Corra"))
    first, last = Fact(a, "rel:founder", "Brisk"), Fact(b, "rel:birthplace", "Corra")
    population = Fact(c, "op.population", "12,000", 12000.0)
    assert answer_facts(_question([first, last], ["Corra"])) == [last]
    assert answer_facts(_question([first, last, population], ["Corra", "12,000"])) == [population]
    assert key_kinds(_question([first, last, population], ["Corra", "12,000", "x"])) == [
        "rel:birthplace",
        "op.population",
        "",
    ]


def test_questions_store_a_fact_kind_per_key_phrase(tiny_world: Path) -> None:
    with duckdb.connect(str(tiny_world / "questions.duckdb"), read_only=True) as con:
        rows = con.execute("SELECT key_phrases, fact_kinds FROM questions").fetchall()
    named = total = 0
    for phrases, kinds in rows:
        keys, found = json.loads(phrases), json.loads(kinds)
        assert len(found) == len(keys)
        total += len(keys)
        named += sum(bool(k) for k in found)
    assert named >= 0.9 * total > 0
