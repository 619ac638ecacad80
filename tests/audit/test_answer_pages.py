"""The verbatim and median answer-page lines (audit37): they read every answerable question up to
`pages.ANSWER_QUESTIONS` (a seeded sample beyond, in the world's order), not a few hundred; the verbatim line
reads the stored text first and the served HTML only where the text lacks the answer, with the figure of
reading the HTML of every answer page."""

from __future__ import annotations

from pathlib import Path

import pytest

from mockapi.audit import pages
from mockapi.audit.anatomy import strip_tags
from mockapi.audit.data import AuditQuestion, Corpus, Result, load_world
from mockapi.formats.manifest import Manifest, read_manifest


def _question(n: int, answer: str, gold: bool = True) -> AuditQuestion:
    result = Result(1, f"p{n}", f"https://x.test/p{n}", f"p{n}", "", 100, "a snippet")
    return AuditQuestion(
        f"q{n}", "q?", "open", "simple", "static", answer, [], [], [result], {f"p{n}"} if gold else set()
    )


def test_every_answerable_question_up_to_the_cap_in_the_world_s_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    qs = [_question(n, "x", gold=n % 3 != 0) for n in range(30)]
    answerable = [q.qid for q in qs if q.answerable]
    assert [q.qid for q in pages.answer_sample(qs)] == answerable  # 20 <= the cap: all of them
    drawn = [q.qid for q in pages.answer_sample(qs, n=8)]
    assert len(drawn) == 8 and drawn == [qid for qid in answerable if qid in drawn]
    assert (
        drawn
        == [q.qid for q in pages.answer_sample(qs, n=8)]
        != [q.qid for q in pages.answer_sample(qs, 8, 1)]
    )


def test_an_answer_in_a_script_only_still_counts_as_stated() -> None:
    """The stored (visible) text misses an SPA shell's JSON; the HTML read after it finds the answer there."""
    body = {
        0: "<html><body><p>Founded in 1901 by Tara Dias.</p></body></html>",
        1: '<html><body><div id="app"></div><script>{"founded": "1875"}</script></body></html>',
        2: "<html><body><p>Founded long ago.</p></body></html>",
    }
    qs = [_question(0, "1901"), _question(1, "1875"), _question(2, "1650")]
    corpus = Corpus("real", qs, Manifest(), None, {f"p{n}": html for n, html in body.items()})
    assert "1875" not in corpus.text(["p1"])["p1"]
    found = pages.not_verbatim(corpus, qs)
    assert (found["answerable"], found["not_verbatim"]) == (3, 1)
    assert found["examples"] == ["q? -> 1650"]


def test_the_tiny_world_s_lines_read_as_the_html_of_every_answer_page(tiny_world: Path) -> None:
    corpus = load_world(tiny_world, read_manifest(tiny_world))
    qs = pages.answer_sample(corpus.questions)
    assert qs and all(q.answerable for q in qs)
    missing = 0
    for q in qs:
        if q.answers():
            text = " ".join(strip_tags(h) for h in corpus.html(sorted(q.gold)[:3]).values()).lower()
            missing += not any(a.lower() in text for a in q.answers())
    found = pages.not_verbatim(corpus, qs)
    assert found["not_verbatim"] == missing and found["answerable"] == len([q for q in qs if q.answers()])
    median = pages.answer_page_figures(corpus, qs[: pages.MEDIAN_QUESTIONS])
    assert median["answer_pages"] == len(
        {p for q in qs[: pages.MEDIAN_QUESTIONS] for p in sorted(q.gold)[:3]}
    )
    assert median["median_content_sentences"] is not None and median["median_content_sentences"] > 0
