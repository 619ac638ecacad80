"""The build's consistency guard (pages/consistency.py) keys a changing value by the moment it holds at: a
quote's minute inside a session too, so two questions' prices of one day at two minutes are not a conflict
(the full world's 4,409 questions: WARE $17.01 at one minute, $17.10 at another, the guard's only key with
two values after the two-budget fix)."""

from __future__ import annotations

import random

import pytest

from mockapi.formats.pagespec import PageSpec
from mockapi.world.pages import consistency, specs
from mockapi.world.questions.model import Fact, Question, Subject

WARE = Subject("Warehouse Brands Inc.", "finance", "company", entity_id="c7")


def _price(value: str, minute: str) -> Fact:
    return Fact(WARE, "fin.price", value, as_of="2024-03-11", source="kg", minute=minute)


def _question(qid: str, fact: Fact) -> Question:
    return Question(qid, 0, "03/11/2024, 11:00:00 PT", "finance", "simple", "real-time",
                    "what is ware's stock price right now?", fact.value, [], "head", "kg", [], None,
                    facts=[fact], subjects=[WARE])  # fmt: skip


def _page(text: str) -> PageSpec:
    return specs.make(random.Random(1), kind="article", domain="finance", title=WARE.name, uid="u1",
                      subject=WARE.name, blocks=[["p", text]])  # fmt: skip


def test_prices_at_two_minutes_of_one_day_are_two_facts() -> None:
    early, late = _price("$17.01", "10:05"), _price("$17.10", "14:40")
    values = consistency.conflicting_values([_question("q1", early), _question("q2", late)])
    assert sorted(len(v) for v in values.values()) == [1, 1]
    # the 10:05 question's answer page may name the later quote without stopping the build (on main it
    # raised ConsistencyError: both minutes were one key)
    page = _page(f"{WARE.name} traded at $17.01, later $17.10.")
    consistency.check_gold(_question("q1", early), [page], values)


def test_two_prices_at_one_minute_still_stop_the_build() -> None:
    one, other = _price("$17.01", "10:05"), _price("$17.10", "10:05")
    values = consistency.conflicting_values([_question("q1", one), _question("q2", other)])
    assert [len(v) for v in values.values()] == [2]
    with pytest.raises(consistency.ConsistencyError):
        consistency.check_gold(_question("q1", one), [_page(f"{WARE.name} traded at $17.10.")], values)


def test_a_close_is_keyed_by_its_day() -> None:
    close = Fact(WARE, "fin.price", "$16.90", as_of="2024-03-08", source="kg")  # no minute: a session's close
    other = Fact(WARE, "fin.price", "$16.95", as_of="2024-03-08", source="kg")
    values = consistency.conflicting_values([_question("q1", close), _question("q2", other)])
    assert [len(v) for v in values.values()] == [2]
