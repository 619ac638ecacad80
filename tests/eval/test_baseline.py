"""The template-blind `baseline`: reading questions, extracting typed spans from real HTML, declining when the
evidence is weak, and whole runs on the real CRAG fixture (Task 1) and the tiny world (Tasks 1 and 3)."""

from __future__ import annotations

import bz2
import json
from pathlib import Path
from typing import Any

import pytest
from crag_eval.cli import main
from crag_eval.files.records import SearchPage
from crag_eval.models.baseline import IDK, READ_PAGES, BaselineModel, answer_passages
from crag_eval.models.baseline_pages import Passage, passages
from crag_eval.models.baseline_query import read

from mockapi.core.paths import QUESTIONS_DB

# --- reading questions (no pages) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "kind"),
    [
        ("how many times has rory mcilroy won the masters tournament?", "number"),
        (
            "is microsoft office 2019 available in a greater number of languages than microsoft office 2013?",
            "yesno",
        ),
        ("is dreamworks animation owned by time warner or universal pictures?", "choice"),
        ("which companies have the highest level of dividend yield?", "superlative"),
        (
            "name three celebrities who have been involved in successful collaborations with beauty brands.",
            "list",
        ),
        (
            "who was the first actor to play the role of a comic book villain in a live-action movie?",
            "person",
        ),
        ("can you tell me when the savage anthem was released?", "date"),
        ("i'm curious, in what year did acme go public?", "year"),
        ("what's the current stock price of acme corp?", "number"),
        ("where was jane roe born?", "place"),
        ("what is the other language between heaven and hell came out in originally?", "phrase"),
    ],
)
def test_answer_type_from_general_english(query: str, kind: str) -> None:
    assert read(query).kind == kind


def test_wrappers_options_and_chains() -> None:
    ask = read("Hey, could you tell me which has a higher budget, velvet anthem or the broken letters?")
    assert ask.text.startswith("which has") and ask.options == ("velvet anthem", "the broken letters")
    assert ask.direction == 1
    assert read("which was released first, a b or c d?").direction == -1
    assert read("who is the head coach of the team of cesar smith?").chained
    assert read("where was the director of the wild parade born?").chained
    assert not read("who is the director of the wild parade?").chained


# --- answers from sentences ---------------------------------------------------------------------------------


def _docs(*pages: list[str]) -> list[Passage]:
    return [Passage(s, i, "") for i, page in enumerate(pages) for s in page]


def test_span_of_the_asked_type_from_the_answer_sentence() -> None:
    docs = _docs(
        ["Golden Parade is a 1998 drama.", "Golden Parade was made on a budget of $97.0 million."],
        ["Critics liked Golden Parade.", "The film was directed by Maria Lopez in Toronto."],
        ["Golden Parade premiered on May 8, 1998 in Cannes."],
    )
    assert answer_passages("what was the budget of golden parade?", docs) == "$97.0 million"
    assert answer_passages("who directed golden parade?", docs) == "Maria Lopez"
    assert answer_passages("when did golden parade premiere?", docs) == "May 8, 1998"


def test_i_dont_know_without_evidence() -> None:
    docs = _docs(["Golden Parade was made on a budget of $97.0 million."], ["Weather is fine today."])
    assert answer_passages("who founded the acme rocket company?", docs) == IDK
    assert answer_passages("what was the budget of silver canyon?", docs) == IDK
    assert answer_passages("what was the budget of golden parade?", []) == IDK
    # two different values, equally supported: no answer rather than a coin flip
    split = _docs(
        ["Golden Parade had a budget of $97.0 million."], ["Golden Parade had a budget of $12.0 million."]
    )
    assert answer_passages("what was the budget of golden parade?", split) == IDK


def test_comparison_and_latest_value() -> None:
    docs = _docs(
        ["Velvet Anthem had a budget of $40 million."],
        ["The Broken Letters had a budget of $65 million."],
    )
    assert answer_passages("which has a higher budget, velvet anthem or the broken letters?", docs) == (
        "the broken letters"
    )
    assert answer_passages("which has a lower budget, velvet anthem or the broken letters?", docs) == (
        "velvet anthem"
    )
    prices = _docs(
        ["On January 2, 2024, the Acme Corp share price was $4.10."],
        ["On March 4, 2024, the Acme Corp share price was $5.46."],
        ["On March 20, 2024, the Acme Corp share price was $9.99."],  # after the question's time
    )
    assert answer_passages(
        "what is the current share price of acme corp?", prices, "03/05/2024, 10:00:00 PT"
    ) == ("$5.46")


PAGE = """<!DOCTYPE html><html><head><title>Acme</title><script>var price = "$1.00";</script></head><body>
<nav><a href="/">Home</a> <a href="/markets">Markets</a></nav>
<main><h1>Acme Corp</h1><p>Acme Corp was founded by Jane Roe in 1987. Its headquarters are in Springfield.</p>
<table><tr><th>Employees</th><td>4,200</td></tr></table></main>
<footer>© 2024 Example</footer></body></html>"""


def test_reads_real_html_through_the_batch_protocol() -> None:
    pages: list[SearchPage] = [
        {"page_name": "Acme Corp", "page_snippet": "", "page_result": PAGE, "page_url": "https://x.test/"}
    ]
    texts = [p.text for p in passages(pages)]
    assert "Employees | 4,200" in texts and not any("price" in t for t in texts)
    model = BaselineModel()
    batch: dict[str, list[Any]] = {
        "interaction_id": ["a", "b", "c"],
        "query": [
            "who founded acme corp?",
            "in what year was acme corp founded?",
            "who won the 1990 world cup?",
        ],
        "search_results": [pages, pages, pages],
        "query_time": ["03/01/2024, 10:00:00 PT"] * 3,
    }
    assert model.batch_generate_answer(batch) == ["Jane Roe", "1987", IDK]


def test_reads_the_top_pages_by_rank_only() -> None:
    """Task 3 serves 50 pages; the baseline reads the first READ_PAGES (their HTML is most of its CPU): an
    answer stated only below them is not read, unless it is asked to read every page."""
    filler = PAGE.replace("Acme Corp", "Zenith Ltd").replace("Jane Roe", "Ann Poe")
    page: SearchPage = {"page_name": "", "page_snippet": "", "page_result": filler, "page_url": ""}
    pages = [{**page, "page_url": f"https://x.test/{i}"} for i in range(50)]
    pages[READ_PAGES] = {"page_name": "Acme Corp", "page_snippet": "", "page_result": PAGE, "page_url": ""}
    batch: dict[str, list[Any]] = {
        "interaction_id": ["a"],
        "query": ["who founded acme corp?"],
        "search_results": [pages],
        "query_time": ["03/01/2024, 10:00:00 PT"],
    }
    assert READ_PAGES < 50 and BaselineModel().batch_generate_answer(batch) == [IDK]
    assert BaselineModel(read_pages=50).batch_generate_answer(batch) == ["Jane Roe"]
    with pytest.raises(ValueError, match="read_pages"):
        BaselineModel(read_pages=0)


# --- whole runs ---------------------------------------------------------------------------------------------


def test_runs_on_the_real_crag_fixture_task_1(crag_fixture: Path) -> None:
    with bz2.open(crag_fixture) as f:
        records = [json.loads(line) for line in f]
    model = BaselineModel()
    batch = {k: [r[k] for r in records] for k in ("interaction_id", "query", "search_results", "query_time")}
    answers = model.batch_generate_answer(batch)
    assert len(answers) == 10 and all(isinstance(a, str) and a for a in answers)
    by_query = dict(zip(batch["query"], answers, strict=True))
    assert (
        by_query["is dreamworks animation owned by time warner or universal pictures?"]
        == "universal pictures"
    )
    # the false premise (McIlroy never won the Masters): no count is made up
    assert by_query["how many times has rory mcilroy won the masters tournament?"] == IDK


@pytest.mark.parametrize("task", [1])  # Task 3: its reference run (tests/eval/test_reference_runs.py)
def test_crag_eval_runs_the_baseline_on_the_tiny_world(tiny_world: Path, tmp_path: Path, task: int) -> None:
    """A sample of 30 through the CLI. Task 3 is read on all 80 questions by the baseline's reference run,
    with these checks (one Task 3 run of the baseline a suite: 14 CPU-s less)."""
    assert (tiny_world / QUESTIONS_DB).is_file(), "the builder must write questions.duckdb"
    out = tmp_path / "run"
    args = ["--task", str(task), "--model", "baseline", "--data", str(tiny_world), "--limit", "30"]
    assert main([*args, "--output", str(out)]) == 0
    s = json.loads((out / "scores.json").read_text())["overall"]["rules"]
    assert s["n"] == 30
    predictions = [json.loads(line) for line in (out / "predictions.jsonl").read_text().splitlines()]
    assert len(predictions) == 30 and not any(p.get("error") for p in predictions)
    # mostly declines, as a template-blind reader should on unfamiliar phrasing; never crashes
    assert s["missing"] >= 0.5
