"""The standing adversary (audit37) on pages held in memory and on the tiny world's real pages: a role told
only by a page's length against its own list, or by dates near the query day, must be learned; the same
marks on random pages must not."""

from __future__ import annotations

import random
from datetime import date
from pathlib import Path
from typing import cast

import pytest

from mockapi.audit import agreement, exploits, standing
from mockapi.audit.data import AuditQuestion, Corpus, Result, load_world
from mockapi.audit.figures import AuditFigures
from mockapi.audit.formnotes import standing_notes
from mockapi.audit.report import lines
from mockapi.formats.manifest import Manifest, read_manifest

_FIRST = ("Tara", "Omar", "Greta", "Leon", "Daya", "Ivo", "Noor", "Hugo", "Mila", "Rafael", "Anika", "Soren")
_LAST = ("Dias", "Okafor", "Lindqvist", "Barros", "Costa", "Ekstrom", "Bakker", "Zamora", "Quist", "Greer")
_ACTS = ("visited a school in", "backed an appeal in", "spoke at a panel in", "opened a depot near")
_PLACES = ("Leeds", "Porto", "Ghent", "Quito", "Durban", "Tampere", "Osaka", "Bergen")
_ASKED = "03/15/2024, 10:00:00 PT"


def _sentence(rng: random.Random) -> str:
    name = f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"
    return f"{name} {rng.choice(_ACTS)} {rng.choice(_PLACES)} with {rng.randrange(10, 99_999):,} people."


def _held(cued: bool, seed: int = 0, bare: bool = False, n_questions: int = 80, echo: bool = False) -> Corpus:
    """`n_questions` questions of 10 pages; each list has a length of its own (4-24 sentences), and three
    pages of it are half as long again. They are the answer pages when `cued` (the first 3/4 of the
    questions have answer pages), else three other pages are: absolute length tells nothing across lists,
    the length against the list tells all. `bare`: the lists of the questions with no answer page have no
    long page. `echo`: the answer pages' first sentence is one they share (as long as any other)."""
    rng = random.Random(seed)
    html: dict[str, str] = {}
    qs = []
    answered = n_questions * 3 // 4
    for n in range(n_questions):
        base = rng.randrange(4, 25)
        long = set() if bare and n >= answered else set(rng.sample(range(1, 11), 3))
        gold_ranks = long if cued else set(rng.sample(sorted(set(range(1, 11)) - long), 3))
        results, gold = [], set()
        shared = _sentence(rng) if echo else ""
        for rank in range(1, 11):
            pid = f"q{n}p{rank}"
            count = base * 3 // 2 + 1 if rank in long else base + rng.choice((-1, 0, 1))
            said = [_sentence(rng) for _ in range(count)]
            text = " ".join([shared, *said[1:]] if echo and rank in gold_ranks else said)
            html[pid] = f"<html><body><p>{text}</p></body></html>"
            results.append(Result(rank, pid, f"https://x.test/{pid}", pid, "", len(html[pid]), "a snippet"))
            if n < answered and rank in gold_ranks:
                gold.add(pid)
        q = AuditQuestion(f"q{n}", "q?", "open", "simple", "static", "a", [], [], results, gold, _ASKED)
        qs.append(q)
    return Corpus("real", qs, Manifest(), None, html)


def test_a_role_told_by_length_against_the_list_is_learned_and_fails_its_line() -> None:
    found = standing.standing_adversary(_held(cued=True))
    assert found["questions"] == 60 and found["states_pairs"] == 600
    assert found["states_auc"] is not None and found["states_auc"] >= 0.95, found["states_auc"]
    row = next(
        r for r in lines(cast(AuditFigures, {"standing": found}), None) if "standing (a)" in r["figure"]
    )
    assert row["world"] == found["states_auc"] and row["verdict"] == "FAIL"
    diagnosis = {name: (a, o, auc) for name, a, o, auc in found["diagnosis"]}
    assert diagnosis["sentences"][0] > diagnosis["sentences"][1]  # answer pages are the longer ones
    alone, against_list = diagnosis["sentences"][2], diagnosis["sentences_vs_list"][2]
    assert alone is not None and against_list is not None and against_list > alone  # clearer against the list
    assert "standing adversary" in standing_notes(cast(AuditFigures, {"standing": found}))[0]
    plain = standing.standing_adversary(_held(cued=False))
    assert plain["states_auc"] is not None and plain["states_auc"] <= 0.70, plain["states_auc"]


def test_a_list_that_holds_no_page_like_an_answer_page_is_flagged_by_b() -> None:
    # standing (b): a participant who scores each page with (a)'s model reads "no answer page here" off a
    # list whose pages all score low; planted: only the lists of answerable questions hold long pages
    found = standing.standing_adversary(_held(cued=True, bare=True, n_questions=120))
    assert found["has_answer_questions"] == 120
    assert found["has_answer_auc"] is not None and found["has_answer_auc"] >= 0.95, found["has_answer_auc"]
    # abstaining on every flagged question avoids each of the 30 hallucinations and loses no right answer
    assert found["abstain_gain_pts"] is not None and found["abstain_gain_pts"] >= 20.0, found
    rows = {r["figure"]: r for r in lines(cast(AuditFigures, {"standing": found}), None)}
    b = next(r for name, r in rows.items() if name.startswith("standing (b)") and "AUC" in name)
    gain = next(r for name, r in rows.items() if name.startswith("standing (b)") and "gain" in name)
    assert b["verdict"] == gain["verdict"] == "FAIL"
    # every list holds long pages (the answer pages where there are any): the list tells nothing
    plain = standing.standing_adversary(_held(cued=True, n_questions=120))
    assert plain["has_answer_auc"] is not None and plain["has_answer_auc"] <= 0.70, plain["has_answer_auc"]
    assert plain["abstain_gain_pts"] is not None and plain["abstain_gain_pts"] <= 1.0, plain


def test_the_combined_ranker_reads_what_the_other_results_repeat() -> None:
    # answer pages that share a sentence and nothing else: the standing features miss it, the agreement
    # adversary's rows (given as the audit gives them) tell it, and one ranker over both reads it
    corpus = _held(cued=False, echo=True)
    qs = [q for q in corpus.fill(exploits.sample(corpus, 0, exploits.QUESTION_FORM_QUESTIONS)) if q.results]
    found = standing.standing_adversary(corpus, agreed=agreement.question_rows(corpus, qs))
    assert found["states_auc"] is not None and found["states_auc"] <= 0.75, found["states_auc"]  # (0.704)
    assert found["combined_auc"] is not None and found["combined_auc"] >= 0.95, found["combined_auc"]
    row = next(r for r in lines(cast(AuditFigures, {"standing": found}), None) if "one ranker" in r["figure"])
    assert row["world"] == found["combined_auc"] and row["verdict"] == "info"
    assert "combined_auc" not in standing.standing_adversary(corpus)  # no rows given: no line


def test_a_list_row_reads_its_scores_high_to_low() -> None:
    own = [[float(k), 10.0 * k] + [0.0] * (len(standing.OWN) - 2) for k in (1, 3, 2)]
    row = standing.list_row([[*r, *r] for r in own], [0.2, 0.9, 0.4])
    assert row[:3] == [0.9, 0.4, 0.2] and row[3:10] == [0.0] * 7
    assert row[10] == pytest.approx(0.5) and row[11] == pytest.approx(0.7) and row[12] == pytest.approx(0.5)
    n = len(standing.OWN)
    highest, lowest, spread = row[13 : 13 + n], row[13 + n : 13 + 2 * n], row[13 + 2 * n :]
    assert (highest[:2], lowest[:2], spread[:2]) == ([3.0, 30.0], [1.0, 10.0], [2.0, 20.0])


def test_dates_and_years_are_read_against_the_query_day() -> None:
    text = "Signed on March 10, 2024 and March 1, 2023; a 2025 tour, a 1999 debut and a 2024 single."
    found = dict(zip(standing.TIME, standing.time_features(text, date(2024, 3, 15)), strict=True))
    assert (found["years_before"], found["years_at"], found["years_after"]) == (2.0, 2.0, 1.0)
    assert (found["latest_year_gap"], found["earliest_year_gap"]) == (1.0, -25.0)
    assert (found["dates_before"], found["dates_after"], found["dates_within_7"]) == (2.0, 0.0, 1.0)
    assert (found["dates_within_30"], found["dates_within_365"]) == (1.0, 1.0)
    assert found["nearest_date_log_days"] == pytest.approx(1.7918, abs=1e-3)  # log1p(5 days)
    assert standing.time_features(text, None) == [0.0] * len(standing.TIME)


def test_names_figures_and_the_list_median() -> None:
    text = "Tara Dias met Omar Okafor. Tara Dias and Tara Dias again: 4,512 people and 4,512 more in 2024."
    found = dict(zip(standing.COUNTS, standing.count_features(text), strict=True))
    assert (found["names_distinct"], found["name_mentions"], found["names_3plus"]) == (2.0, 4.0, 1.0)
    assert found["top_name_share"] == 0.75 and (found["numbers_distinct"], found["number_mentions"]) == (1, 2)
    rows = standing.list_rows([[1.0, 10.0], [2.0, 30.0], [6.0, 20.0]])
    assert rows[0] == [1.0, 10.0, -1.0, -10.0] and rows[2] == [6.0, 20.0, 4.0, 0.0]


def test_the_tiny_world_s_pages_are_read(tiny_world: Path) -> None:
    corpus = load_world(tiny_world, read_manifest(tiny_world))
    found = standing.standing_adversary(corpus)
    assert found["questions"] > 0 and found["states_pairs"] > 0
    assert found["features"] == len(standing.FEATURES) == 2 * len(standing.OWN)
    q = next(q for q in corpus.questions if q.ranked)
    rows = standing.question_rows(corpus, corpus.fill([q]))[q.qid]
    assert rows and all(len(row) == len(standing.FEATURES) for row in rows)  # names match the values
    assert len(found.get("diagnosis", [])) in (0, len(standing.FEATURES))
    # (b) reads every question of the sample with results, answerable or not
    assert found["has_answer_questions"] == len([q for q in corpus.questions if q.ranked])
    assert found["has_answer_questions"] > found["questions"]
