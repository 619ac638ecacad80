"""`crag-mock audit` end to end on the session's small world (tests/small_world.py: every figure and line is
computed there, for 20 CPU-s against 47 on tiny), alone and beside the real CRAG fixture: its JSON, its table
and its determinism."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fixture_paths import CRAG_DEV_10
from small_world import SMALL_QUESTIONS

from mockapi.audit import sources
from mockapi.audit.data import load_real, load_world
from mockapi.audit.figures import AuditFigures, compute, text_sample
from mockapi.audit.report import SPECS
from mockapi.cli import main
from mockapi.formats.manifest import read_manifest


@pytest.fixture(scope="module")
def real() -> AuditFigures:
    if not CRAG_DEV_10.is_file():
        pytest.skip(f"the real CRAG fixture {CRAG_DEV_10} is not present")
    return compute(load_real(CRAG_DEV_10))


def test_real_fixture_figures(real: AuditFigures) -> None:
    q, p, leaks = real["questions"], real["pages"], real["leaks"]
    assert q["questions"] == 10 and q["distinct_skeletons"] == 10
    # "which company have larger market cap, plya or seatw?": tickers its pages write in capitals
    assert q["finance_questions"] == 3 and q["ticker_share"] == pytest.approx(1 / 3, abs=1e-3)
    assert q["examples"] == ["which company have larger market cap, plya or seatw?"]
    # five of the ten gold answers are sentences ("rory mcilroy has never won the masters tournament, …")
    assert q["sentence_answer_share"] == 0.5
    assert q["conversational_share"] == 0.0
    assert p["pages"] == 37  # distinct page contents among the 50 results
    table, chrome, sentences = p["table_share"], p["chrome_share"], p["median_content_sentences"]
    assert table is not None and chrome is not None and sentences is not None
    assert p["layouts"]["distinct"] >= 25 and table > 0.3
    assert chrome < 0.35 and sentences > 40
    assert len(p["date_styles"]) >= 4
    # no gold labels: answer pages are pages holding the answer verbatim; 9 questions are answerable
    assert leaks["answerable"] == 9 and real["pages"]["not_verbatim"] == 0
    assert leaks["premise_rules"]["false_premises"] == 1
    assert real["pinned"]["last_modified_empty_share"] == pytest.approx(0.68)


def test_audit_json_beside_the_real_fixture(small_world: Path, capsys: pytest.CaptureFixture[str]) -> None:
    real = str(CRAG_DEV_10) if CRAG_DEV_10.is_file() else None
    argv = ["audit", "--data", str(small_world), "--json", "--pages", "120", "--questions", "5"]
    assert main(argv + (["--real", real] if real else [])) == 0
    out = json.loads(capsys.readouterr().out)
    names = [line["figure"] for line in out["lines"]]
    assert names == [s.name for s in SPECS]
    figures = out["figures"]
    assert figures["questions"]["questions"] == SMALL_QUESTIONS
    # the sample sizes asked for (5 of the small world's 7 questions an answer page holds)
    assert figures["sample"]["pages"] == 120 and figures["sample"]["answer_questions"] == 5
    # a world no bigger than --text-questions (default 1,200) is read whole
    assert figures["sample"]["text_questions"] == SMALL_QUESTIONS
    assert figures["adversaries"]["false_premise"]["questions"] == SMALL_QUESTIONS
    assert 0 <= figures["leaks"]["rank1_share"] <= 1
    assert figures["leaks"]["page_rules"]["pairs"] == SMALL_QUESTIONS * 50
    assert figures["pinned"]["snr"] is not None and figures["pinned"]["recall_web_pct"] is not None
    assert {line["verdict"] for line in out["lines"]} <= {"PASS", "FAIL", "info", "n/a"}
    if real:
        assert out["real"]["questions"]["questions"] == 10
        assert next(x for x in out["lines"] if x["figure"].startswith("ticker"))["real"] == pytest.approx(
            0.333
        )


def test_audit_table_and_determinism(small_world: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["audit", "--data", str(small_world), "--pages", "60", "--questions", "30"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert "question skeletons per 1,200" in first and "best page rule:" in first
    assert main(argv) == 0
    assert capsys.readouterr().out == first


def test_text_figures_read_a_sample_of_a_bigger_world(
    small_world: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A world with more questions than --text-questions: its question-text figures, learned adversaries and
    the rules that read question by question read that many, drawn with a seed (a distinct-skeleton count and
    a learned CV score grow with the questions read, a rule's cost too, and every bar was set at 1,200);
    recall and the pinned mixes still count every question."""
    n = SMALL_QUESTIONS // 2
    argv = ["audit", "--data", str(small_world), "--json", "--pages", "40", "--questions", "3"]
    assert main([*argv, "--text-questions", str(n)]) == 0
    figures = json.loads(capsys.readouterr().out)["figures"]
    q = figures["questions"]
    assert figures["sample"]["text_questions"] == n == q["questions"]
    assert figures["adversaries"]["false_premise"]["questions"] == n
    assert q["distinct_per_1200"] == round(q["distinct_skeletons"] * 1200 / n, 1)
    assert figures["leaks"]["page_rules"]["pairs"] == n * 50
    world = load_world(small_world, read_manifest(small_world)).questions
    every = [x.qid for x in world]
    sample = text_sample(world, n)
    picked = [x.qid for x in sample]
    assert len(set(picked)) == n and picked == [qid for qid in every if qid in picked]  # the world's order
    # the rules read question by question read the sample: the fact asked twice checks its answerable ones
    asked = [x for x in sample if not x.false_premise and x.answers()]
    assert figures["consistency"]["repeats"]["rules"]["the same fact asked twice"]["checked"] == len(asked)
    assert figures["sources"]["recall"] == sources.recall(world)  # recall counts every question
    # answer verbatim on no answer page: every answerable question of the world (up to 5,000: `pages`), not
    # the text sample's nor --questions' 3
    assert figures["pages"]["answerable"] == len([x for x in world if x.answerable and x.answers()]) > 3
    assert main([*argv, "--text-questions", "-1"]) == 2
    err = capsys.readouterr().err
    assert "--text-questions must be 0" in err and len(err.strip().splitlines()) == 1


def test_audit_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--data", str(tmp_path / "none")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("crag-mock audit: error: no world at") and len(err.strip().splitlines()) == 1


class _Underload:
    """A DuckDB connection whose queries all outlast the progress bar's threshold, as at load 10+: its first
    query (not a SET) first sets `progress_bar_time` to 0 ms. The bar itself is as DuckDB leaves it (on, for a
    connection to a file), so a connection that turned it off stays quiet."""

    def __init__(self, con: Any) -> None:
        self._con, self._due = con, False

    def execute(self, sql: str, *args: Any) -> Any:
        if not self._due and not sql.lstrip().upper().startswith("SET"):
            self._con.execute("SET progress_bar_time = 0")
            self._due = True
        return self._con.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._con, name)

    def __enter__(self) -> _Underload:
        return self

    def __exit__(self, *exc: object) -> None:
        self._con.close()


def test_audit_json_stdout_is_json_when_every_query_is_slow(
    small_world: Path, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """DuckDB draws its progress bar on fd 1 once a query outlasts `progress_bar_time` (2 s): under load the
    audit's reads did, and `--json` printed the bar's lines before the JSON. With every query past the
    threshold the audit's stdout is still the JSON alone (on 0b9a5bc it opened with '\\r100% ▕…▏')."""
    import duckdb

    opened = duckdb.connect
    monkeypatch.setattr(duckdb, "connect", lambda *a, **k: _Underload(opened(*a, **k)))
    argv = ["audit", "--data", str(small_world), "--json", "--pages", "60", "--questions", "5"]
    assert main(argv) == 0
    out = capfd.readouterr().out
    assert "▕" not in out and not out.startswith("\r")
    assert json.loads(out)["world"] == str(small_world)
