"""The checks of the g27 reading (issue 31): the audit's count of questions naming no entity, read against
hand labels of w_g27b's questions (/work/scratch/audit/notes_audit28.md), and the g27 reader's classes.

Real stores throughout: page texts in a pages.duckdb read through `Corpus` as the audit reads a world
(beside a copy of the tiny world's KG where a rule needs one). Each test fails on main `eb1b8a6`. The real
CRAG fixture reads 0 on every new bar-0 rule.
"""

from __future__ import annotations

import random
from pathlib import Path

import duckdb
import pytest
from fixture_paths import CRAG_DEV_10

from mockapi.audit import pages, questions, report
from mockapi.audit.data import AuditQuestion, Corpus, load_real
from mockapi.audit.text import masked, page_vocabulary
from mockapi.formats.manifest import Manifest


def _aq(qid: str, query: str) -> AuditQuestion:
    return AuditQuestion(qid, query, "movie", "simple", "static", "x", [], [], [], set(), "", "kg")


def _vocabulary(corpus: Corpus) -> frozenset[str]:
    """The vocabulary `figures.compute` draws: the content text of (up to) 400 sampled pages."""
    ids = corpus.page_ids()
    sample = sorted(random.Random("audit:0").sample(ids, min(400, len(ids))))
    return page_vocabulary(a.content_text for a in pages.measure(corpus, sample).values())


# w_g27b's questions naming no entity that the audit read as naming one (hand labels of all 1,200): typos,
# a contraction, everyday words outside the page vocabulary
ENTITY_FREE = (
    "of the movies released in 2018, which has the highest bduget?",
    "look up the albums of the sniger born on october 19, 2004",
    "2000 comedy movie with the lowset rating?",
    "what're the three 2012 animated films with the longest runtime",
    "so how big is the gap between the top and bottom trading volume of the semiconductor companies?",
    "of the hip hop songs released in 2012, which has the highest live chart position?",
    "which rock singer had the most studio albums last monday?",
)
NAMING = (
    "who founded the company run by matthew nguyen?",
    "how many oscar wins has the movie giacinto rogers directed got?",
    "what is the ceo of brdia at the moment?",  # a 5-letter name that swaps to no word ("bradi", "bdria")
    "which was born earlier, ingolf lelijveld or bernardaa?",
)


def test_questions_naming_no_entity_read_as_a_reader_reads_them(tmp_path: Path) -> None:
    texts = [
        "Films of 2018 | MovieBase\nThe budget of the film was reported in the trade press. Its rating rose "
        "after the release, and the singer who recorded the theme song was born in Ohio.",
        "Pop charts | ChartDesk\nThe song entered the chart in March and stayed there; its position fell in "
        "the second week. The album was recorded by a singer born in 1970.",
        "Stocks today | MarketLedger\nThe trading volume of the company rose; its budget and rating were "
        "discussed in the report, and the singer sold shares in the company.",
    ]
    corpus = _store(tmp_path, texts)
    vocab = _vocabulary(corpus)
    for query in ENTITY_FREE:
        assert "<e>" not in masked(query, vocab), (query, masked(query, vocab))
    for query in NAMING:
        assert "<e>" in masked(query, vocab), query
    qs = [_aq(f"q{i}", q) for i, q in enumerate(ENTITY_FREE + NAMING)]
    assert questions.style_figures(qs, vocab)["no_entity_share"] == round(7 / 11, 3)


def _store(tmp_path: Path, texts: list[str]) -> Corpus:
    """A page store of `texts` with no KG (the masker reads page text only)."""
    with duckdb.connect(str(tmp_path / "pages.duckdb")) as con:
        con.execute("CREATE TABLE pages (page_id VARCHAR, text VARCHAR)")
        con.executemany("INSERT INTO pages VALUES (?, ?)", [(f"p{i}", t) for i, t in enumerate(texts)])
    return Corpus("world", [], Manifest(), tmp_path)


@pytest.mark.skipif(not CRAG_DEV_10.is_file(), reason=f"no CRAG fixture at {CRAG_DEV_10}")
def test_real_crag_questions_naming_no_entity() -> None:
    corpus = load_real(CRAG_DEV_10)
    vocab = _vocabulary(corpus)
    free = [q.query for q in corpus.questions if "<e>" not in masked(q.query, vocab)]
    # by hand: celebrities and beauty brands, dividend yield, a comic book villain name none; "the us" is a
    # place read as a function word; "microsoft office" and "heaven and hell" (a film) are names the pages
    # write in lower case often enough to enter the vocabulary (the masker's known limit)
    assert (
        "name three celebrities who have been involved in successful collaborations with beauty brands."
        in free
    )
    assert "which companies have the highest level of dividend yield?" in free
    assert any("comic book villain" in q for q in free)
    assert not any("rory mcilroy" in q or "dow jones" in q or "plya" in q or "dreamworks" in q for q in free)


def test_audit_modules_keep_the_house_limit() -> None:
    """DESIGN.md: no module over 400 lines (report.py was 416, its bar-0 lines written out one by one)."""
    import mockapi.audit

    root = Path(mockapi.audit.__file__).parent
    long = {p.name: n for p in sorted(root.glob("*.py")) if (n := len(p.read_text().splitlines())) > 400}
    assert not long, long
    names = [s.name for s in report.SPECS]
    sizes = report.SPECS[names.index("sizes: headcounts, points per game")]
    assert sizes.get({"consistency": {"sizes": {"violations": 3}}}) == 3  # type: ignore[typeddict-item]
    assert sizes.threshold == "0" and sizes.ok is not None and sizes.ok(0) and not sizes.ok(1)
