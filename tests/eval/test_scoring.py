"""Golden scoring: hand-computed predictions → labels → scores (Score_a, Score_h, slices, macro average,
the original's figures); the original's bugs are in test_original_bugs.py, the sentence rule in
test_sentence_rule.py."""

from __future__ import annotations

import pytest
from crag_eval.files.types import Judgement, Prediction, QuestionType
from crag_eval.llm.truncate import MAX_TOKENS, count_tokens, truncate
from crag_eval.score import metrics
from rules_cases import JUDGE, label, q

# (gold, alternatives, question type, prediction) → (label, rule). Each row was decided by hand.
GOLDEN = [
    ("paris", (), "simple", "Paris", ("correct", "exact")),
    ("the beatles", (), "simple", "Beatles.", ("correct", "exact")),
    ("new york city", ("nyc",), "simple", "NYC", ("correct", "exact")),
    ("1.2 billion", (), "simple", "$1,200,000,000", ("correct", "numeric")),
    ("3.14159", (), "simple", "3.14", ("correct", "numeric")),
    ("42", (), "simple", "41", ("incorrect", "numeric")),
    ("two", (), "aggregation", "2", ("correct", "numeric")),
    ("2024-03-05", (), "simple", "March 5th, 2024", ("correct", "date")),
    ("03/05/2024", (), "simple", "5 march 2024", ("correct", "date")),
    ("2024-03-05", (), "simple", "2024-03-06", ("incorrect", "date")),
    ("drake, rihanna and adele", (), "set", "Adele; Drake; Rihanna", ("correct", "set")),
    ("drake, rihanna and adele", (), "set", "adele, drake", ("incorrect", "set")),
    ("yes", (), "comparison", "Yes, it is.", ("correct", "yes-no")),
    ("yes", (), "comparison", "no", ("incorrect", "yes-no")),
    ("invalid question", (), "false_premise", "Invalid question.", ("correct", "exact")),
    ("invalid question", (), "false_premise", "That is an invalid question", ("correct", "invalid")),
    ("invalid question", (), "false_premise", "2019", ("incorrect", "invalid-mismatch")),
    ("he never won it", (), "false_premise", "invalid question", ("correct", "invalid")),
    ("salesforce", (), "multi-hop", "Salesforce (CRM) is the best performer", ("correct", "contains")),
    ("42", (), "simple", "41 or 42", ("incorrect", "undecided")),
    ("paris", (), "simple", "not paris", ("incorrect", "undecided")),
    ("paris", (), "simple", "I don’t know", ("missing", "idk")),
    ("paris", (), "simple", "I do not know.", ("missing", "idk")),
    ("paris", (), "simple", "I'm unable to find that information.", ("missing", "idk")),
    ("paris", (), "simple", "", ("missing", "idk")),
    ("paris", (), "simple", "Unknown", ("missing", "idk")),
    ("paris", (), "simple", "I cannot answer this question", ("missing", "idk")),
    # issue 14: numbers in words, dates with dashes (US order) or dots (day first); yes/no never "contains"
    ("twenty-one", (), "aggregation", "21", ("correct", "numeric")),
    ("21", (), "aggregation", "twenty-one", ("correct", "numeric")),
    ("21", (), "aggregation", "forty one", ("incorrect", "numeric")),
    ("2024-03-05", (), "simple", "03-05-2024", ("correct", "date")),
    ("2024-03-05", (), "simple", "05-03-2024", ("incorrect", "date")),
    ("1997-12-19", (), "simple", "19.12.1997", ("correct", "date")),
    ("1997-12-19", (), "simple", "20.12.1997", ("incorrect", "date")),
    ("no", (), "comparison", "There is no doubt it is", ("incorrect", "undecided")),
    ("james cameron", (), "simple", "James Cameron and Steven Spielberg", ("incorrect", "undecided")),
    # a list framed as a sentence: the lead-in is not a wrong first item
    (
        "german, arabic and french",
        (),
        "set",
        "The languages are German, Arabic and French.",
        ("correct", "set"),
    ),
    ("german, arabic and french", (), "set", "The languages are German and Arabic.", ("incorrect", "set")),
    (
        "1972, 2002 and 1964",
        (),
        "set",
        "Based on the pages, the years were 1972, 2002 and 1964.",
        ("correct", "set"),
    ),
    (
        "german, arabic and french",
        (),
        "set",
        "Looking at every page given for this, mostly German",
        ("incorrect", "undecided"),
    ),
]


@pytest.mark.parametrize(("gold", "alts", "qtype", "pred", "expected"), GOLDEN)
def test_golden_labels(
    gold: str, alts: tuple[str, ...], qtype: QuestionType, pred: str, expected: tuple[str, str]
) -> None:
    assert label(q(gold, alts, qtype), pred) == expected


def test_golden_score_table() -> None:
    """10 questions: 4 correct, 3 missing, 3 incorrect (1 undecided) → acc .4, hall .3, miss .3, S_a .1."""
    rows = [
        ("paris", "Paris"),  # correct
        ("42", "42.0"),  # correct
        ("yes", "yes"),  # correct
        ("2020-01-01", "January 1, 2020"),  # correct
        ("rome", "i don't know"),  # missing
        ("rome", "I don’t know"),  # missing (curly)
        ("rome", ""),  # missing (empty)
        ("7", "8"),  # incorrect
        ("no", "yes"),  # incorrect
        ("berlin", "the capital is bonn, near the rhine river in germany"),  # undecided → incorrect
    ]
    judgements = [JUDGE.judge(q(g, iid=f"q{i}"), Prediction(f"q{i}", p)) for i, (g, p) in enumerate(rows)]
    s = metrics.score(judgements)
    assert (s.n, s.n_correct, s.n_missing, s.n_incorrect, s.n_undecided) == (10, 4, 3, 3, 1)
    assert (s.accuracy, s.hallucination, s.missing, s.score_a) == (0.4, 0.3, 0.3, 0.1)
    low, high = s.ci["score_a"]
    assert low < 0.1 < high
    assert metrics.score(judgements).ci == s.ci  # seeded: same intervals every time
    assert s.score_h is None  # one question has no four-way label


def test_score_h_with_four_way_labels() -> None:
    labels = ["perfect", "acceptable", "missing", "incorrect"]
    three = {"perfect": "correct", "acceptable": "correct", "missing": "missing", "incorrect": "incorrect"}
    js = [Judgement(f"q{i}", "human", three[lab], "human", four_way=lab) for i, lab in enumerate(labels)]  # type: ignore[arg-type]
    s = metrics.score(js)
    assert s.score_h == pytest.approx((1 + 0.5 + 0 - 1) / 4)
    assert s.accuracy == 0.5 and s.score_a == 0.25


def test_judge_failures_are_not_hallucinations() -> None:
    """Bug 9: a failed judge call is counted as a judge failure, outside the rates, never as incorrect."""
    js = [Judgement("a", "openai:x", "correct", "llm"), Judgement("b", "openai:x", "failed", "judge-failure")]
    s = metrics.score(js)
    assert (s.n, s.n_judge_failed, s.hallucination, s.accuracy) == (1, 1, 0.0, 1.0)


def test_macro_average_with_type_weights() -> None:
    qs = [
        q("a", iid="m1", domain="movie", qtype="simple"),
        q("a", iid="m2", domain="movie", qtype="set"),
        q("a", iid="f1", domain="finance", qtype="simple"),
    ]
    js = [
        Judgement("m1", "r", "correct", "x"),
        Judgement("m2", "r", "incorrect", "x"),
        Judgement("f1", "r", "missing", "x"),
    ]
    assert metrics.macro_average(qs, js) == {"macro": 0.0, "domain:finance": 0.0, "domain:movie": 0.0}
    weighted = metrics.macro_average(qs, js, {"simple": 3.0, "set": 1.0})
    assert weighted["domain:movie"] == 0.5 and weighted["macro"] == 0.25  # (3·1 − 1)/4 = .5; (.5 + 0)/2


def test_slices_and_paired_bootstrap() -> None:
    qs = [q("a", iid=f"q{i}", domain="movie" if i < 4 else "music") for i in range(8)]
    js = [Judgement(f"q{i}", "r", "correct" if i % 2 == 0 else "missing", "x") for i in range(8)]
    sl = metrics.slices(qs, js)
    assert sl["domain"]["movie"].accuracy == 0.5 and sl["domain"]["music"].n == 4
    a = {f"q{i}": 0.0 for i in range(40)}
    b = {f"q{i}": 1.0 for i in range(40)}
    result = metrics.paired_bootstrap(a, b, list(a))
    assert result["diff"] == 1.0 and result["p"] < 0.05
    same = metrics.paired_bootstrap(a, a, list(a))
    assert same["diff"] == 0.0 and same["p"] == 1.0


def test_model_error_counts_missing_and_is_flagged() -> None:
    question = q("paris")
    assert label(question, "Paris", error="timeout") == ("missing", "model-error")
    p = {"q": Prediction("q", "", error="timeout")}
    assert metrics.score([JUDGE.judge(question, p["q"])], p).n_model_errors == 1


def test_truncation_to_75_tokens() -> None:
    long = " ".join(f"word{i}" for i in range(100))
    cut = truncate(long)
    assert count_tokens(cut) == MAX_TOKENS and long.startswith(cut)
    assert truncate("  short answer  ") == "short answer"
    assert count_tokens("2024") == 4  # digits one by one, as Llama-2 does


def test_score_a_range_counts_undecided_incorrect_then_correct() -> None:
    """4 correct, 1 missing, 3 incorrect of which 2 undecided: Score_a (4 − 3)/8, range up to (6 − 1)/8."""
    js = [Judgement(f"c{i}", "rules", "correct", "exact") for i in range(4)]
    js += [Judgement("m", "rules", "missing", "idk"), Judgement("x", "rules", "incorrect", "numeric")]
    js += [Judgement(f"u{i}", "rules", "incorrect", "undecided", undecided=True) for i in range(2)]
    s = metrics.score(js)
    assert (s.score_a, s.score_a_high, s.n_undecided) == (0.125, 0.625, 2)


def test_original_figures_with_its_crude_exact_match() -> None:
    """exact_accuracy as the original counts it: lower-casing only ("Paris." is not exact, "PARIS" is)."""
    qs = [q("paris", iid="a"), q("rome", ("roma",), iid="b"), q("oslo", iid="c"), q("bern", iid="d")]
    preds = {
        "a": Prediction("a", "PARIS"),
        "b": Prediction("b", "Roma"),
        "c": Prediction("c", "Oslo."),
        "d": Prediction("d", "i don't know"),
    }
    js = [JUDGE.judge(x, preds[x.interaction_id]) for x in qs]
    o = metrics.original_figures(qs, preds, js)
    assert (o["n_correct_exact"], o["exact_accuracy"], o["n_correct"], o["n_miss"]) == (2, 0.5, 3, 1)
    assert (o["accuracy"], o["missing"], o["hallucination"], o["score"], o["total"]) == (
        0.75,
        0.25,
        0.0,
        0.75,
        4,
    )
