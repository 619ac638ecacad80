"""One test per bug of the original evaluator (contract §5.5), each shown fixed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from crag_eval.files.questions import parse_alt_answers, question_from_record
from crag_eval.files.types import Prediction
from crag_eval.score import metrics
from rules_cases import label, q

from mockapi.core.user_error import UserError


def test_bug1_missing_check_needs_no_prior_state() -> None:
    """Bug 1: the original read `prediction_lowercase` before assigning it; the first call works here."""
    assert label(q("paris"), "I don't know") == ("missing", "idk")


def test_bug2_gold_answer_is_not_iterated_by_character() -> None:
    """Bug 2: 'y' matched the character 'y' of 'yes'; we compare whole answers."""
    assert label(q("yes"), "y")[0] == "incorrect"
    assert label(q("cat"), "c")[0] == "incorrect"


def test_bug3_alternative_answers_are_used() -> None:
    """Bug 3: alternatives were never loaded; both field spellings and both value types are accepted."""
    rec = {"interaction_id": "x", "query": "q", "query_time": "t", "answer": "usa"}
    from_str = question_from_record({**rec, "alternative_answers": "['united states', 'u.s.']"})
    from_list = question_from_record({**rec, "alt_ans": ["united states"]})
    assert from_str.alt_answers == ("united states", "u.s.") and from_list.alt_answers == ("united states",)
    assert label(from_str, "The United States")[0] == "correct"
    assert parse_alt_answers("[]") == ()


def test_bug4_5_6_7_8_judges_are_constructed_without_crashing(tmp_path: Path) -> None:
    """Bugs 4–8: wrong arity, rejected default judge, unimplemented judge, bad import, CWD-relative tokenizer.

    Our judges are built from a name, need no import beyond our package, and the tokenizer needs no file.
    """
    from crag_eval.judges import make_judges

    (judge,) = make_judges("rules")  # the default judge is accepted and built from its name alone
    question = q("paris", iid="q-7")
    verdicts = {
        text: judge.judge(question, Prediction("q-7", text)) for text in ("Paris", "London", "I don't know")
    }
    assert {text: (j.interaction_id, j.judge, j.label) for text, j in verdicts.items()} == {
        "Paris": ("q-7", "rules", "correct"),
        "London": ("q-7", "rules", "incorrect"),
        "I don't know": ("q-7", "rules", "missing"),
    }
    with pytest.raises(UserError, match="unknown judge 'gpt'"):  # an unimplemented judge is a clear error
        make_judges("gpt")
    # the judge and the tokenizer load from any working directory, without the LLM client
    code = (
        "import sys\nfrom crag_eval.judges import make_judges\nfrom crag_eval.llm.truncate import truncate\n"
        "make_judges('rules')\nprint(truncate('x ' * 200, 75).count('x'), 'openai' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["75", "False"]


def test_bug10_broad_missing_family() -> None:
    for text in [
        "I don’t know",
        "i do not know",
        "Unknown",
        "I'm not sure.",
        "no information available",
        "  ",
    ]:
        assert label(q("paris"), text)[0] == "missing", text


def test_bug11_invalid_is_word_level() -> None:
    assert (
        label(q("invalid question", qtype="false_premise"), "the patent was invalidated in 2019")[0]
        == "incorrect"
    )
    assert label(q("1999"), "this is invalidity law")[0] != "correct"


def test_bug12_exact_match_normalises_punctuation_and_space() -> None:
    assert label(q("st. louis"), "  St Louis!  ") == ("correct", "exact")


def test_bug13_empty_set_and_count_mismatch_safe() -> None:
    """Bug 13: n = 0 divided by zero; here it scores zeros."""
    s = metrics.score([])
    assert s.n == 0 and s.score_a == 0.0


def test_bug14_any_dataset_file(crag_fixture: Path) -> None:
    """Bug 14: the dataset path was hard-coded; we load any file, e.g. the real fixture."""
    from crag_eval.files.questions import load_dataset_questions

    questions = load_dataset_questions(crag_fixture)
    assert len(questions) == 10 and len({x.interaction_id for x in questions}) == 10


def test_dataset_file_with_a_bad_line_is_a_one_line_error(tmp_path: Path) -> None:
    """The file is read as `crag-mock import-dataset` reads it, which refuses a line that is not JSON."""
    from crag_eval.files.questions import load_dataset_questions

    good = '{"interaction_id": "a", "query": "q", "query_time": "t", "answer": "x", "search_results": []}'
    path = tmp_path / "bad.jsonl"
    path.write_text(f"{good}\nnot json\n")
    with pytest.raises(UserError, match=r"bad\.jsonl: line 2: not valid JSON"):
        load_dataset_questions(path)
