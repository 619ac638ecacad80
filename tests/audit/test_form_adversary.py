"""The form adversary (issue 31) on the tiny world's real pages, with and without a planted cue: a snippet
length only answer pages have must be learned, and the same length given at random must teach nothing."""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from pathlib import Path
from typing import cast

import pytest

from mockapi.audit import exploits, form
from mockapi.audit.data import Corpus, load_world
from mockapi.audit.figures import AuditFigures
from mockapi.audit.report import lines
from mockapi.formats.manifest import read_manifest


@pytest.fixture(scope="module")
def corpus(tiny_world: Path) -> Corpus:
    return load_world(tiny_world, read_manifest(tiny_world))


@pytest.fixture(scope="module")
def pages(corpus: Corpus) -> dict[str, list[float]]:
    return form.page_table(corpus, exploits.sample(corpus))


def _planted(corpus: Corpus, cue: object) -> Corpus:
    """The corpus with a long snippet on the results `cue(question, result)` picks."""
    qs = []
    for q in corpus.questions:
        results = [
            dataclasses.replace(r, snippet=r.snippet + " x" * 400) if cue(q, r) else r  # type: ignore[operator]
            for r in q.results
        ]
        qs.append(dataclasses.replace(q, results=results))
    return dataclasses.replace(corpus, questions=qs)


def test_a_snippet_only_answer_pages_have_is_learned(corpus: Corpus, pages: dict[str, list[float]]) -> None:
    base = exploits.form_adversaries(corpus, pages=pages)["states_auc"]
    leaked = exploits.form_adversaries(_planted(corpus, lambda q, r: r.page_id in q.gold), pages=pages)
    assert base is not None and leaked["states_auc"] is not None
    assert leaked["states_auc"] >= max(0.95, base)
    figures = cast(AuditFigures, {"form": leaked})  # `lines` reads the groups it finds
    row = next(r for r in lines(figures, None) if r["figure"].startswith("form (a)"))
    assert row["verdict"] == "FAIL"
    rng = random.Random(2)
    noise = exploits.form_adversaries(_planted(corpus, lambda q, r: rng.random() < 0.2), pages=pages)
    assert noise["states_auc"] is not None and noise["states_auc"] <= base + 0.05


def test_the_abstain_gain_counts_flagged_questions() -> None:
    # flagging the two highest scores: one without an answer (+1), then one answerable (-1)
    assert exploits.best_gain([0.9, 0.8, 0.1, 0.2], [1, 0, 0, 0]) == 25.0
    assert exploits.best_gain([0.9, 0.8, 0.7, 0.2], [1, 1, 0, 1]) == 50.0
    assert exploits.best_gain([0.9, 0.1], [0, 1]) == 0.0


def test_text_features_count_dates_years_and_figures() -> None:
    text = "On March 5, 2021 the club won 12 games.\nIt paid $4.10 a share, up 3.5% from 2019 (a record)."
    feats = dict(zip(form.FEATURES, form.text_features(text), strict=False))
    assert feats["full_dates"] == 1 and feats["years"] == 2 and feats["distinct_years"] == 2
    assert feats["year_range"] == 2 and feats["money"] == 1 and feats["percentages"] == 1
    assert feats["sentences"] == 2 and feats["parentheses"] == 1


def test_dates_are_read_in_every_full_style() -> None:
    text = "Born March 5, 2001; also 5 March 2001, and 2001-03-05, not March 2001."
    assert exploits.all_dates(text) == [dt.date(2001, 3, 5)] * 3
    assert exploits.parse_date("Sept. 3rd, 1999") == dt.date(1999, 9, 3)


def test_a_measure_is_not_read_as_a_year() -> None:
    # the 2 "events after the query time" of generator 11's default world were areas ("2063 sq km")
    from mockapi.audit.exploits import _ANY_YEAR

    assert _ANY_YEAR.findall("Its area is 2063 square kilometres, or 2064 sq km by another count.") == []
    assert _ANY_YEAR.findall("By 2029 it had moved; in 2031, people came back.") == ["2029", "2031"]


def test_a_value_dated_by_the_questions_own_day_is_not_a_date_answer() -> None:
    # generator 15's typed voting (0.137) counted "x had 15 wins as of march 2, 2024" as a date answer: its
    # date, which the question names ("yesterday"), is on every answer page, so the commonest date "won"
    from mockapi.audit.data import AuditQuestion, Result
    from mockapi.formats.manifest import Manifest

    html = {
        "p1": "<p>As of March 2, 2024, Hale Rovers had 15 wins. Jo Lee was born on March 5, 1990.</p>",
        "p2": "<p>Hale Rovers had 15 wins (updated March 2, 2024). Born March 5, 1990, Jo Lee plays.</p>",
        "p3": "<p>On March 2, 2024 the Rovers won again.</p>",
    }
    results = [Result(i, p, f"https://x.test/{p}", p, "", 100) for i, p in enumerate(html, 1)]

    def question(qid: str, query: str, answer: str, alts: list[str]) -> AuditQuestion:
        return AuditQuestion(
            qid, query, "sports", "simple", "fast-changing", answer, alts, [], results, {"p1"}
        )

    wins = question("q1", "how many wins did hale rovers have yesterday?", "hale rovers had 15 wins as of "
                    "march 2, 2024", ["15", "fifteen"])  # fmt: skip
    born = question("q2", "when was jo lee born?", "jo lee was born on march 5, 1990", ["march 5, 1990"])
    corpus = Corpus("real", [wins, born], Manifest(), _html=html)
    figures = exploits.voting(corpus, [wins, born])
    # the birth date is a date answer; the commonest date (march 2, 2024, three times) is not it
    assert figures["date_questions"] == 1 and figures["date_vote_share"] == 0.0
    assert figures["typed_questions"] == 1 and figures["typed_vote_share"] == 0.0


def test_typed_voting_reads_dates_and_numbers_in_the_worlds_mix(corpus: Corpus) -> None:
    """Typed-candidate voting reads the first 600 typed answers as they come: 400 date answers ahead of 100
    number answers are all read (a cap of 300 per type read 300 dates and 100 numbers, weighting dates as
    a 20,000-question world's cap once did: 0.142 against 0.066 at 1,200 questions, from the mix alone)."""
    qs = [q for q in corpus.questions if q.results and q.answerable]
    date_q = next(q for q in qs if exploits._date_answer(q))
    number_q = next(q for q in qs if not exploits._date_answer(q) and exploits._number(q.answer))
    d, n = exploits._typed_vote(corpus, date_q), exploits._typed_vote(corpus, number_q)
    figures = exploits.voting(corpus, [date_q] * 400 + [number_q] * 100)
    assert figures["typed_questions"] == 500 and figures["date_questions"] == 300
    assert figures["typed_vote_share"] == round((400 * d + 100 * n) / 500, 3)
    figures = exploits.voting(corpus, [number_q] * 500 + [date_q] * 400)
    assert figures["typed_questions"] == 600 and figures["date_questions"] == 300
    assert figures["typed_vote_share"] == round((500 * n + 100 * d) / 600, 3)


def test_page_texts_come_in_the_order_asked(corpus: Corpus) -> None:
    """Voters join the top pages' texts and break a tie by the first value met: the texts must come in the
    order asked for, not in DuckDB's group order (which varied with its threads and moved typed voting)."""
    ids = list(dict.fromkeys(r.page_id for q in corpus.questions for r in q.results[:10]))[:40]
    assert len(ids) == 40
    for order in (ids, ids[::-1], sorted(ids)):
        assert list(corpus.text(order)) == [p for p in order if corpus.text([p])]


def test_b_and_c_read_every_question_over_several_fold_draws(
    corpus: Corpus, pages: dict[str, list[float]]
) -> None:
    # on 400 sampled questions (~48 false premises) (c)'s gain read 0.75, 0, 0, 0, 0 on g23's landed world
    # from the sample alone: (b) and (c) now read every question (up to 1,200) over 3 fold draws
    found = exploits.form_adversaries(corpus, pages=pages)
    every = [q for q in corpus.questions if q.results]
    assert exploits.sample(corpus, 0, exploits.QUESTION_FORM_QUESTIONS) == every  # the world's order
    assert found["has_answer_questions"] == len(every)
    assert found.get("fold_draws") == exploits.FOLD_SEEDS == 3
    gain = found["invalid_gain_pts"]
    if gain is not None:
        low, high = found["invalid_gain_range"]
        assert low <= gain <= high
