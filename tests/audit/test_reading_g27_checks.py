"""The checks of the g27 reading (issue 31): the audit's count of questions naming no entity, read against
hand labels of w_g27b's questions (/work/scratch/audit/notes_audit28.md), and the g27 reader's classes.

Real stores throughout: page texts in a pages.duckdb read through `Corpus` as the audit reads a world
(beside a copy of the tiny world's KG where a rule needs one). Each test fails on main `eb1b8a6`. The real
CRAG fixture reads 0 on every new bar-0 rule.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import duckdb
import pytest
from fixture_paths import CRAG_DEV_10

from mockapi.audit import everyday, pages, partials, questions, report, results, rosters, seasons, sessionfigs
from mockapi.audit.data import AuditQuestion, Corpus, Result, load_real
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


def _res(i: int, texts: list[str], lm: str = "") -> Result:
    return Result(i + 1, f"p{i}", f"https://site{i}.example/{i}", texts[i].split("\n", 1)[0], lm, 100)


def _asked(
    qid: str, query: str, answer: str, domain: str, results: list[Result], when: str = ""
) -> AuditQuestion:
    gold = {r.page_id for r in results}
    return AuditQuestion(qid, query, domain, "simple", "static", answer, [], [], results, gold, when, "web")


def _fed(tmp_path: Path, texts: list[str], qs: list[AuditQuestion], *scans: Any) -> None:
    corpus = _store(tmp_path, texts)
    corpus.questions.extend(qs)
    for read in results.read_results(corpus, qs):
        for scan in scans:
            scan.add(read)


def test_session_figures_before_the_session(tmp_path: Path) -> None:
    texts = [
        "Alvarado Technologies | MarketLedger\n"
        "As of 29 February 2024, Alvarado Technologies closed at US$16.21 a share.\n"  # 06:26 ET: not yet
        "Updated 28 Feb 2024: 69.45M shares of Allen Industries have changed hands today.",  # the day before
        # the reader's #12: a volume of 4 March on a page of 04:19 ET, the gold of a question of 05:01 ET
        "Gonzales Systems | Street Signal\n"
        "As of Mon, 4 Mar 2024, 19.77 million shares of Gonzales Systems have changed hands today.",
        # after the close (16:30 EDT); a previous session's close is not read
        "Riverbend Corp. | MarketLedger\nThe stock was USD 15.92 on March 11th, 2024. The stock closed out "
        "this session 2% higher.\nShares closed at $10.00 in the previous session on 11 March 2024.",
    ]
    ranked = [
        _res(0, texts, "Thu, 29 Feb 2024 11:26:00 GMT"),
        _res(1, texts, "Mon, 04 Mar 2024 09:19:00 GMT"),
    ]
    q0 = _asked("q0", "what is the trading volume of gss in millions of shares?", "19.77 million", "finance",
                ranked, "03/04/2024, 02:01:00 PT")  # fmt: skip
    q1 = _asked("q1", "find the stock price of rive", "$15.92", "finance",
                [_res(2, texts, "Mon, 11 Mar 2024 20:30:00 GMT")], "03/11/2024, 20:44:00 PT")  # fmt: skip
    scan = sessionfigs.SessionScan([q0, q1])
    _fed(tmp_path, texts, [q0, q1], scan)
    found = scan.result()
    page, gold = (found["rules"][r] for r in sessionfigs.RULES)
    assert (page["checked"], page["violations"]) == (4, 2), page
    assert page["examples"][0].startswith("close of 2024-02-29, page of 2024-02-29 06:26 ET: As of 29 Feb")
    assert page["examples"][1].startswith("volume of 2024-03-04, page of 2024-03-04 04:19 ET")
    assert (gold["checked"], gold["violations"]) == (2, 1), gold
    assert gold["examples"][0].startswith("volume of 2024-03-04, asked 2024-03-04 05:01 ET: what is the")


def test_rosters_of_both_sexes(tmp_path: Path) -> None:
    texts = [
        "Leechester Royals | Culture Weekly\n"
        "Starters (2 days ago): Tiffany Parker, Suzanne Davis and Richard Taylor\n"  # the reader's #29
        "Roster\nRicky Marshall 16.40\nChristopher Thompson 11.70\nMichael Santos 2.20\n"
        "Coaching staff notes\nIn brief\nOther news\nMark Lee\nMary Smith\nLinda Green",  # no roster near
    ]
    qs = [
        _asked("q0", "who are the starters of leechester royals?", "x", "sports", [_res(0, texts)]),
        _asked("q1", "who are the members of the leechester royals band?", "x", "music", [_res(0, texts)]),
    ]
    scan = rosters.RosterScan()
    _fed(tmp_path, texts, qs, scan)
    rule = scan.result()["rules"][rosters.RULE]
    assert (rule["checked"], rule["violations"]) == (2, 1), rule
    assert rule["examples"] == ["Tiffany, Suzanne, Richard (Leechester Royals | Culture Weekly)"]


def test_games_outside_their_season(tmp_path: Path) -> None:
    with duckdb.connect(str(tmp_path / "kg.duckdb")) as con:
        con.execute("CREATE TABLE entities (name VARCHAR, kind VARCHAR)")
        con.execute("INSERT INTO entities VALUES ('Providence Express', 'nba_team')")
    texts = [
        # the KG's basketball team (the page says no sport): June is in season, August is not
        "Providence Express news | SportsDesk\nProvidence Express took 7 of the latest ten outings in June.\n"
        "Providence Express won 4 of the previous ten road matches through August.",
        # a soccer page by its words
        "Kingsford Rovers | FanHub\nThe striker scored two goals.\n"
        "Kingsford Rovers lost 4 of their previous twelve matches in July. Kingsford Rovers won 3 of the "
        "last dozen away games in October.",
        # two sports named: no sport
        "Mixed | Desk\nThe NBA and soccer.\n"
        "Kimside Wolves won 8 of the past twelve league matches in August.",
    ]
    qs = [_asked("q0", "how many wins do the teams have?", "x", "sports", [_res(i, texts) for i in range(3)])]
    scan = seasons.SeasonScan(tmp_path)
    _fed(tmp_path, texts, qs, scan)
    rule = scan.result()["rules"][seasons.RULE]
    assert (rule["checked"], rule["violations"]) == (4, 2), rule
    assert rule["examples"][0] == (
        "basketball, August: Providence Express won 4 of the previous ten road matches through August"
    )
    assert rule["examples"][1].startswith("soccer, July: Kingsford Rovers lost 4")


def test_everyday_prices_and_tickets(tmp_path: Path) -> None:
    texts = [
        "Deborahborough | Wander Guide\n"
        "A coffee on the high street for Deborahborough comes to $40.50.\n"  # the reader's #21
        "A coffee at the corner café costs $3.20. A bus ticket in the town costs €2.10.\n"
        "A pint at the pub runs about £95.\nAdmission to the city museum is $25.",
        "Buckbury Institute of Technology | Wander Guide\n"
        "A day ticket at Buckbury Institute of Technology is still priced at $3.50.\n"  # the reader's #1
        "Tickets for the stadium at Longmouth University cost $40 a day ticket.\n"
        "The entry for Maryburgh Institute of Technology lists 2018 as the founding year.",
    ]
    qs = [_asked("q0", "average area among the places?", "x", "open", [_res(0, texts), _res(1, texts)])]
    scan = everyday.EverydayScan()
    _fed(tmp_path, texts, qs, scan)
    prices, tickets = (scan.result()["rules"][r] for r in everyday.RULES)
    assert (prices["checked"], prices["violations"]) == (5, 2), prices
    assert prices["examples"] == [
        "a coffee at 40.5: A coffee on the high street for Deborahborough comes to $40.50.",
        "a beer at 95: A pint at the pub runs about £95.",
    ]
    assert (tickets["checked"], tickets["violations"]) == (2, 1), tickets


def test_counts_cut_short_by_a_partial_list(tmp_path: Path) -> None:
    texts = [
        "Day Corp. | SportsDesk\nThe largest holders of Day Corp. are Kelley Capital Management, Walker "
        "Capital Management, Jones Capital Management and Parker Capital Management, per a 19 December 2023 "
        "update.",
        "The Distant Frontier | TuneBase\nThe main members of the band are Samantha Andrade, Christopher "
        "Khan and Cynthia Tapia.",
    ]
    qs = [
        _asked("q0", "how many institutional holders has doc, founded in 1953, got?", "4", "finance",
               [_res(0, texts)]),  # the reader's #27
        _asked("q1", "how many members does the distant frontier have?", "5", "music", [_res(1, texts)]),
        _asked("q2", "how many of the largest holders does doc list?", "4", "finance", [_res(0, texts)]),
    ]  # fmt: skip
    scan = partials.PartialScan()
    _fed(tmp_path, texts, qs, scan)
    rule = scan.result()["rules"][partials.RULE]
    assert (rule["checked"], rule["violations"]) == (2, 1), rule
    assert rule["examples"][0].startswith(
        "how many institutional holders has doc, founded in 1953, got? -> 4:"
    )


def test_the_g27_lines_are_lines_of_the_report() -> None:
    names = [s.name for s in report.SPECS]
    for line in (
        "session figures before the session",
        "rosters of both sexes",
        "games outside their sport's season",
        "everyday prices out of scale, tickets of places that sell none",
        "counts cut short by a partial list",
    ):
        spec = report.SPECS[names.index(line)]
        assert spec.threshold == "0" and spec.ok is not None and not spec.ok(1) and spec.ok(0)


@pytest.mark.skipif(not CRAG_DEV_10.is_file(), reason=f"no CRAG fixture at {CRAG_DEV_10}")
def test_real_crag_reads_zero_on_the_g27_lines() -> None:
    corpus = load_real(CRAG_DEV_10)
    scans = (
        sessionfigs.SessionScan(corpus.questions),
        rosters.RosterScan(),
        seasons.SeasonScan(None),
        everyday.EverydayScan(),
        partials.PartialScan(),
    )
    for read in results.read_results(corpus, corpus.questions):
        for scan in scans:
            scan.add(read)
    for scan in scans:
        assert scan.result()["violations"] == 0, scan.result()
