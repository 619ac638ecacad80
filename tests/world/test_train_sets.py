"""Issue 34, the train split at any N (train35): set families that grow with the world, invented names that
name no KG twin, questions whose fact other pages state answered first, a bending qualifier of the split.

The g36 train world of 5,000 questions failed the audit's no-entity line (0.093, bar 0.10: the common-word
sets ran out), its twins line ("thornton group's trading volume": an invented "Thornton Group" holds the KG's
place twins "Thornton"/"THORNTON") and its no-answer line ("and a horizon in queensmouth's director?" left
unanswered while a chain's page stated the director)."""

from __future__ import annotations

import datetime as dt
import random
import re
from pathlib import Path

import pytest

from mockapi.world.pages import lifespan
from mockapi.world.questions import composers, outoftime, starts
from mockapi.world.questions.ask import Ask
from mockapi.world.questions.generate import calibrate, generate
from mockapi.world.questions.kg_facts import open_kg_source
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.mix import Cell
from mockapi.world.questions.model import Fact, Question, Subject, group_of
from mockapi.world.questions.source import WebSource, year_of

_GROWN = re.compile(r"(?:that went public|founded|who debuted) (before|after) (\d{4})$")


def _questions(kg_world: Path, split: str, n: int) -> list[Question]:
    taken = frozenset(lifespan.kg_starts(kg_world / "kg.duckdb"))
    return generate(n, random.Random(7), open_kg_source(kg_world), split, b"", taken)


@pytest.mark.slow
def test_a_train_world_grows_year_sets_dated_on_their_members_pages(tiny_kg: Path) -> None:
    train = _questions(tiny_kg, "train", 800)
    grown = [(q, g) for q in train if (g := group_of(q)) is not None and _GROWN.search(g.name)]
    assert len(grown) >= 3  # the sports and the music genres run out within 800 questions
    for q, group in grown:
        m = _GROWN.search(group.name)
        assert m is not None
        side, cut = m[1], int(m[2])
        members = {s.name for s in q.subjects[1:]}
        dated = {f.subject.name: year_of(f) for f in q.context if f.subject.name in members}
        # each member's own year is stated beside the set (its pages say it), on the set's side of the cut
        assert set(dated) == members, q.query
        assert all(y is not None and (y < cut if side == "before" else y > cut) for y in dated.values())
        # ... inside the life the member's pages give it: no IPO before its start, no debut before 18
        for s in q.subjects[1:]:
            lowest = starts.drawn_start(s.name, s.kind) + (18 if s.kind == "artist" else 0)
            assert s.kind == "team" or (dated[s.name] or 0) >= lowest, (q.query, s.name)
    # dev keeps its sets: none of a year family
    dev = _questions(tiny_kg, "dev", 500)
    groups = [g for q in dev if (g := group_of(q)) is not None]
    assert groups
    assert not [g for g in groups if _GROWN.search(g.name)]


def test_an_invented_name_never_holds_a_kg_twin() -> None:
    day = dt.date(2024, 3, 1)
    plain = WebSource()
    drawn = [plain.subject("finance", "company", random.Random(i)) for i in range(60)]
    # the first words of what a source without twins invents, as if the KG spelled each two ways
    twins = frozenset(w for s in drawn if len(w := s.name.lower().split()[0]) >= 6)
    assert twins
    guarded = WebSource(twins=twins)
    again = [guarded.subject("finance", "company", random.Random(i)) for i in range(60)]
    assert not [s.name for s in again if s.name.lower().split()[0] in twins]
    assert guarded.fact(again[0], KINDS["fin.ipo_year"], day, random.Random(0)).value
    # ... and a question holding one anywhere (an aside's invented person) is one a train world draws again
    held = sorted(twins)[0]
    assert guarded.names_twin(f"how long since x was established, the one led by melinda {held}?")
    assert not guarded.names_twin("how long since x was established?")
    assert not plain.names_twin(f"the one led by melinda {held}?")  # dev and test: no twins given


def _kg_question(subject: Subject, kind: str, value: str) -> Question:
    fact = Fact(subject, kind, value, source="kg")
    return Question(
        "q", 0, "", "movie", "simple", "static", f"q {kind}", value, [], "torso", "kg", [], None, [fact],
        [subject],
    )  # fmt: skip


def test_a_train_world_answers_first_a_fact_another_question_states() -> None:
    film = Subject("A Horizon in Queensmouth", "movie", "movie")
    others = [Subject(f"Film {i}", "movie", "movie") for i in range(11)]
    for seed in range(20):
        chain = _kg_question(film, "rel:director", "Giacinto Rogers")  # a chain's hop states the director
        alone = _kg_question(film, "mv.director", "Giacinto Rogers")  # ... which this one asks
        rest = [_kg_question(s, "mv.rating", "8.1") for s in others]
        batch = [chain, alone, *rest]
        calibrate(batch, random.Random(seed), "train")
        answered = sum(q.answer_in_pages for q in batch)
        assert 2 <= answered < len(batch)  # a quota, not everything
        assert chain.answer_in_pages and alone.answer_in_pages, seed


def test_a_bending_train_draft_asks_of_a_year_in_train_words() -> None:
    kind = KINDS["fin.market_cap"]
    subject = Subject("Lucero Holdings", "finance", "company")
    said: set[str] = set()
    for seed in range(200):
        cell = Cell("finance", "simple", kind.dynamism)
        a = Ask(cell, WebSource(), dt.date(2024, 3, 1), random.Random(seed), split="train", bending=True)
        said.add(composers._qualify(kind, a, subject, "what is lucero holdings' market value?"))
    said.discard("")
    assert said
    assert " this year" not in said  # the core's words
    assert said <= set(outoftime.YEARLY)
