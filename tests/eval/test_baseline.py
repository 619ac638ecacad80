"""The `baseline` model: question parsing, extraction from sentences, and real answers over the tiny world
(KG look-ups through a real server, an extractive answer from real pages, "i don't know" without evidence,
Task 1's 403 handled)."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
from crag_client import Client
from crag_eval.judges.rules import RulesJudge
from crag_eval.models.baseline import IDK, BaselineModel
from crag_eval.models.baseline_pages import find_value, mentions
from crag_eval.models.baseline_query import BY_KEY, parse
from crag_eval.questions import load_world_questions
from crag_eval.server import serve_app, world_app
from crag_eval.types import Prediction, Question

from mockapi.paths import QUESTIONS_DB

# --- no server -------------------------------------------------------------------------------------------


def test_parse_forms() -> None:
    p = parse("what was the closing price of atlas inc. common shares yesterday?", "03/12/2024, 00:29:20 PT")
    assert (
        p
        and p.attr
        and (p.attr.key, p.subjects, p.yesterday, p.day)
        == (
            "fin.close",
            ["atlas inc. common shares"],
            True,
            dt.date(2024, 3, 12),
        )
    )
    p = parse("what was the wins of ingfield utd on february 23, 2024?", "02/29/2024, 02:10:53 PT")
    assert p and p.attr and (p.attr.key, p.day, p.dated) == ("sp.wins", dt.date(2024, 2, 23), True)
    p = parse("which has a higher budget, velvet anthem or the broken letters?", "03/02/2024, 07:33:34 PT")
    assert p and (p.form, p.subjects) == ("higher", ["velvet anthem", "the broken letters"])
    p = parse("when was the director of gentle signal born?", "03/13/2024, 11:34:40 PT")
    assert p and (p.hop, p.subjects) == ("director", ["gentle signal"])
    p = parse("how many oscars did night of the desert, the feature film, win?", "02/29/2024, 00:30:16 PT")
    assert p and p.subjects == ["night of the desert"]
    assert parse("tell me a joke", "03/02/2024, 07:33:34 PT") is None


def test_mentions_reject_lookalikes() -> None:
    assert mentions("Romeu Band was formed in 1997.", "Romeu Band")
    assert mentions("The members of Romeu Band are A, B and C.", "Romeu Band")
    for lookalike in (
        "The Romeu Band was formed in 1990.",
        "Romeu Band (group) was formed in 1983.",
        "Romeu Band II was formed in 1991.",
        "Romeu Band! was formed in 1992.",
    ):
        assert not mentions(lookalike, "Romeu Band"), lookalike


def test_find_value_takes_latest_dated_statement_and_votes() -> None:
    pages = [
        ["As of March 4, 2024, Quiridge Inc. Common Shares shares are trading at $5.46."],
        ["As of January 2, 2024, Quiridge Inc. Common Shares shares are trading at $4.10."],
        ["Quiridge Inc. Common Shares are covered by 12 analysts."],
        ["QUIRIDGE INC. COMMON SHARES shares are trading at $9.99."],  # a look-alike, undated
    ]
    q = "what is the current stock price of quiridge inc. common shares?"
    got = find_value(BY_KEY["fin.price"], q, "quiridge inc. common shares", pages, dt.date(2024, 3, 5))
    assert got == "$5.46"
    # before the latest statement's date, the older one holds; a month later it is too old for a price
    got = find_value(BY_KEY["fin.price"], q, "quiridge inc. common shares", pages, dt.date(2024, 1, 5))
    assert got == "$4.10"
    assert (
        find_value(BY_KEY["fin.price"], q, "quiridge inc. common shares", pages, dt.date(2024, 2, 1)) is None
    )
    static = [
        ["Golden Parade was made on a budget of $97.0 million."],
        ["Golden Parade was made on a budget of $97.0 million."],
        ["Golden Parade (1987 film) was made on a budget of $12.0 million."],
    ]
    q = "what was the budget of golden parade?"
    assert find_value(BY_KEY["mv.budget"], q, "golden parade", static, dt.date(2024, 3, 1)) == "$97.0 million"


def test_no_evidence_is_i_dont_know() -> None:
    model = BaselineModel("http://127.0.0.1:9")
    model.kg.enabled = False  # nothing listens there; the KG is simply not consulted
    assert (
        model.answer_sentences("what was the budget of golden parade?", "03/01/2024, 10:00:00 PT", []) == IDK
    )
    assert model.answer_sentences("tell me a joke", "03/01/2024, 10:00:00 PT", [["Jokes are fun."]]) == IDK
    fp = "why did east tasha foundation relocate to antarctica in 1998?"
    pages = [["East Tasha Foundation attracts visitors from around the world."]]
    assert model.answer_sentences(fp, "03/15/2024, 20:31:46 PT", pages) == "invalid question"


# --- the tiny world through a real server -----------------------------------------------------------------


@pytest.fixture(scope="module")
def world(tiny_world: Path) -> Path:
    if not (tiny_world / QUESTIONS_DB).is_file():
        pytest.skip("the tiny world has no questions.duckdb")
    return tiny_world


@pytest.fixture(scope="module")
def server3(world: Path) -> Iterator[str]:
    with serve_app(world_app(world, 3)) as url:
        yield url


def _questions(world: Path, where: str) -> list[Question]:
    con = duckdb.connect(str(world / QUESTIONS_DB), read_only=True)
    try:
        ids = {r[0] for r in con.execute(f"SELECT interaction_id FROM questions WHERE {where}").fetchall()}
    finally:
        con.close()
    return [q for q in load_world_questions(world) if q.interaction_id in ids]


def _label(q: Question, answer: str) -> str:
    return RulesJudge().judge(q, Prediction(interaction_id=q.interaction_id, prediction=answer)).label


def test_kg_patterns_answered_from_the_kg_alone(world: Path, server3: str) -> None:
    """KG questions of the simple kinds, with no pages at all: every answer comes from KG look-ups."""
    questions = _questions(
        world, "answer_source = 'kg' AND question_type IN ('simple', 'simple_w_condition')"
    )
    assert questions
    model = BaselineModel(server3)
    labels = [_label(q, model.answer_sentences(q.query, q.query_time, [])) for q in questions]
    assert labels.count("incorrect") == 0
    assert labels.count("correct") >= 0.8 * len(labels), labels


def test_extractive_answer_from_real_pages(world: Path, server3: str) -> None:
    """Web-only facts stated in the served pages, the KG switched off: answers come from page sentences."""
    questions = _questions(
        world, "answer_source = 'web' AND answer_in_pages AND question_type = 'simple' ORDER BY ord LIMIT 4"
    )
    assert questions
    model = BaselineModel(server3)
    model.kg.enabled = False
    with Client(server3) as client:
        labels = []
        for q in questions:
            pages = [
                json.loads(e.model_dump_json()) for e in client.web.search(interaction_id=q.interaction_id)
            ]
            labels.append(_label(q, model.answer(q.query, q.query_time, pages)))
    assert "incorrect" not in labels and labels.count("correct") >= len(labels) - 1, labels


def test_task_1_refusal_turns_the_kg_off(world: Path) -> None:
    q = _questions(world, "answer_source = 'kg' AND question_type = 'simple' ORDER BY ord LIMIT 1")[0]
    with serve_app(world_app(world, 1)) as url:
        model = BaselineModel(url)
        assert model.answer_sentences(q.query, q.query_time, []) == IDK
        assert model.kg.enabled is False
