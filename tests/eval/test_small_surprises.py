"""Issue 35's smaller surprises in the harness, each as a user met it: the robustness sweep's Score_a as a
fraction beside percentages, the knobs plot without values, with numbered labels and an empty panel, four
identical cost quartiles from tied costs, key-point judge failures only in the report, and "cannot import"
without a word on where Python looked."""

from __future__ import annotations

from pathlib import Path

import pytest
from crag_eval.files.records import RunDiagnostics
from crag_eval.files.rundir import write_scores
from crag_eval.files.runfiles import Scores
from crag_eval.files.score_sections import KeyPointScores
from crag_eval.files.types import Score
from crag_eval.models import _model_class as load_model_class
from crag_eval.report.render import print_summary
from crag_eval.sweep.knobs import PointFigures, render_svg, render_table
from crag_eval.sweep.robustness import render

from mockapi.core.user_error import UserError


def _score(score_a: float) -> Score:
    return Score(n=6, accuracy=0.5, hallucination=0.25, missing=0.25, score_a=score_a, ci={})


def test_the_robustness_sweep_prints_score_a_in_percent_as_run_tables_do() -> None:
    row: RunDiagnostics = {
        "overall": {"n": 8, "accuracy": 0.5, "hallucination": 0.125, "missing": 0.375, "score_a": 0.375},
        "effective_noise_ratio": 0.5,
        "rejection_rate": None,
        "counterfactual": {"misled_rate": None, "error_detection_rate": None},
        "retrieval": {
            "served_recall": None,
            "served_accuracy": None,
            "context_questions": 0,
            "context_recall": None,
            "context_accuracy": None,
            "answerable": {"n": 0, "accuracy": 0.0},
            "not_answerable": {"n": 0, "accuracy": 0.0},
        },
        "api": None,
        "lost_questions": 0,
    }
    first_row = render({"noise-0.5": row}).splitlines()[2]
    assert "| 50.0% | 12.5% | 37.5% | +37.5% |" in first_row and "0.375" not in first_row


POINTS: dict[str, PointFigures] = {
    "top_k-1": {"knobs": {"top_k": 1}, "n": 6, "score_a": -0.25, "accuracy": 0.5, "hallucination": 0.5},
    "top_k-5": {"knobs": {"top_k": 5}, "n": 6, "score_a": 0.5, "accuracy": 0.5, "hallucination": 0.0},
}


def test_the_knobs_table_is_in_percent_and_the_plot_labels_its_bars_with_values_and_knobs() -> None:
    table = render_table(POINTS)
    assert "| Score_a % | accuracy % | halluc. % |" in table
    assert "| 1 | 6 | -25.0 | 50.0 | 50.0 |" in table and "-0.250" not in table
    svg = render_svg(POINTS)
    assert ">top_k=1</text>" in svg and ">top_k=5</text>" in svg  # the knob values, not 1 and 2
    assert ">-25.0</text>" in svg and ">+50.0</text>" in svg  # each bar's value on the plot
    assert "cost per question" not in svg and "not measured" not in svg  # no cost: no empty panel
    assert svg.count("<rect") == 2


def test_tied_costs_make_one_bucket_and_distinct_costs_four() -> None:
    from crag_eval.score.agent_scores import cost_quartiles  # scores.json `agent.score_a_by_cost`

    tied = cost_quartiles([(0.002, 1.0)] * 6 + [(0.002, -1.0)] * 2)
    assert [(b.bucket, b.n, b.score_a) for b in tied] == [("$0.002000", 8, 0.5)]
    spread = cost_quartiles([(c / 1000, 1.0) for c in range(1, 9)])
    assert [b.n for b in spread] == [2, 2, 2, 2] and len({b.bucket for b in spread}) == 4
    skewed = cost_quartiles([(0.001, 0.0)] * 5 + [(0.003, 1.0), (0.004, 1.0), (0.005, 1.0)])
    assert [b.n for b in skewed] == [5, 1, 1, 1] and skewed[0].bucket == "$0.001000"


def test_key_point_judge_failures_are_said_in_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    key_points = KeyPointScores(
        judge="openai",
        questions=3,
        key_points=6,
        completeness=0.5,
        hallucination=0.0,
        irrelevance=0.5,
        rouge_l_questions=0,
        rouge_l=None,
        llm_failures=5,
    )
    write_scores(
        tmp_path,
        Scores(
            format=1,
            judges=["rules"],
            primary="rules",
            overall={"rules": _score(0.25)},
            key_points=key_points,
        ),
    )
    print_summary(tmp_path)
    out = " ".join(capsys.readouterr().out.split())
    assert "key-point judge openai: no verdict on 5 of 6 key points (the rules decided them)" in out


def test_a_model_module_not_found_says_where_python_looked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UserError) as found:
        load_model_class("my_rag_model_nowhere:Model")
    text = str(found.value)
    assert text.startswith("cannot import 'my_rag_model_nowhere'") and str(tmp_path) in text
    assert "PYTHONPATH" in text and "my_rag_model_nowhere.py" in text
    (tmp_path / "broken_dep_model.py").write_text("import a_package_nobody_installed\n")
    with pytest.raises(UserError) as inner:  # the module exists: its own import failed, no folder hint
        load_model_class("broken_dep_model:Model")
    assert "a_package_nobody_installed" in str(inner.value) and "PYTHONPATH" not in str(inner.value)


def test_task_3_over_a_task_1_2_file_says_it_serves_five_pages(
    crag_fixture: Path,
    tmp_path: Path,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from crag_eval.cli import main

    monkeypatch.setenv("CRAG_MOCK_HOME", str(tmp_path_factory.getbasetemp() / "surprises-home"))
    base = ["--model", "dummy", "--data", str(crag_fixture), "--first", "2"]
    assert main(["--task", "3", *base, "--output", str(tmp_path / "t3")]) == 0
    notes = [x for x in capsys.readouterr().err.splitlines() if x.startswith("note: --task 3 over")]
    assert notes == [
        f"note: --task 3 over {crag_fixture.name}: it holds 5.0 pages per question (a Task 1&2 file), so "
        "each question is served those, not 50; CRAG's Task 3 pages are in its "
        "crag_task_3_dev_v4.tar.bz2.part* files"
    ]
    assert main(["--task", "1", *base, "--output", str(tmp_path / "t1")]) == 0
    assert "note: --task 3" not in capsys.readouterr().err


def test_the_drill_down_lists_five_pages_and_the_answer_pages_not_all_fifty(
    tiny_world: Path, tmp_path: Path
) -> None:
    """The main job's report.html was 31 MB (50 pages with snippets per question) and took 10 s to open."""
    from crag_eval.cli import main
    from crag_eval.files.rundir import load_predictions
    from crag_eval.report.details import read_details

    out = tmp_path / "run"
    args = [
        "--task",
        "3",
        "--model",
        "dummy",
        "--data",
        str(tiny_world),
        "--first",
        "4",
        "--output",
        str(out),
    ]
    assert main(args) == 0
    details = read_details((out / "report.html").read_text())
    served = [len(p.pages) for p in load_predictions(out).values()]
    assert served and all(n > 40 for n in served)
    lists = [q["pages"] for q in details["questions"]]
    assert len(lists) == len(served)
    for listed, more, n in zip(lists, [q["more"] for q in details["questions"]], served, strict=True):
        assert listed is not None
        ranks = sorted(r for rs, _i, _a in listed for r in rs)
        stars = sum(len(rs) for rs, _i, answer in listed if answer)
        assert ranks[:5] == [1, 2, 3, 4, 5] and len(ranks) <= 5 + stars and more == n - len(ranks) > 0
