"""The checks of the g30 and g32 readings (issue 31): a film's worldwide gross falling over time, animated
films narrated as live shoots, award counts beyond the real record, and asides in the questions.

Real stores: page texts in a pages.duckdb read through `Corpus` as the audit reads a world, beside a KG with
its films' genres. Each test fails on main `f992b8a` (no `cumulative`, `animated`, `records` or `asides`
module, no line). The real CRAG fixture reads 0 on all four.
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest
from fixture_paths import CRAG_DEV_10

from mockapi.audit import animated, asides, cumulative, records, report, results
from mockapi.audit.data import AuditQuestion, Corpus, Result, load_real
from mockapi.formats.manifest import Manifest

# "Frontier": a KG look-alike's bare tail, animated, inside another film's name ("Rocket of the Frontier")
FILMS = (("Bright Summer", "Animation"), ("Bright Summer II", "Drama"), ("Iron Empire", "Action"),
         ("Frontier", "Animation"))  # fmt: skip


def _reads(tmp_path: Path, texts: list[str]) -> list[results.Read]:
    with duckdb.connect(str(tmp_path / "pages.duckdb")) as con:
        con.execute("CREATE TABLE pages (page_id VARCHAR, text VARCHAR)")
        con.executemany("INSERT INTO pages VALUES (?, ?)", [(f"p{i}", t) for i, t in enumerate(texts)])
    with duckdb.connect(str(tmp_path / "kg.duckdb")) as con:
        con.execute("CREATE TABLE movie_movies (title VARCHAR, doc VARCHAR)")
        rows = [(t, json.dumps({"title": t, "genres": [{"id": 1, "name": g}]})) for t, g in FILMS]
        con.executemany("INSERT INTO movie_movies VALUES (?, ?)", rows)
    corpus = Corpus("world", [], Manifest(), tmp_path)
    ranked = [Result(i + 1, f"p{i}", f"https://s{i}.example/", t.split("\n", 1)[0], "", 100)
              for i, t in enumerate(texts)]  # fmt: skip
    q = AuditQuestion("q0", "what is the worldwide gross of bright summer?", "movie", "simple", "static",
                      "$18.0 million", [], [], ranked, {"p0"}, "", "web")  # fmt: skip
    return list(results.read_results(corpus, [q]))


def test_running_totals_that_fall(tmp_path: Path) -> None:
    scan = cumulative.CumulativeScan()
    for read in _reads(tmp_path, [
        # the reader's film: $21.0M in Nov 2022, $20.0M in Apr 2023, the gold $18.0M in Nov 2023
        "Lonely Circuit - Live Updates\n"
        "The worldwide gross of Lonely Circuit was $21.0 million in a note dated November 3, 2022.\n"
        "Lonely Circuit's worldwide gross stood at $20,000,000 as of April 16, 2023.",
        "Lonely Circuit: key facts\nUpdated 2023-11-14: Lonely Circuit has grossed $18.0 million worldwide.",
        # growing totals; a rounded figure after an exact one; a weekend's take is no running total
        "Iron Empire\nIron Empire has grossed $4,012,345 worldwide (2023-01-02). By March 2023, "
        "Iron Empire has grossed $4.0 million worldwide. The worldwide gross of Iron Empire came to "
        "$9.5 million on 2 May 2023.\n"
        "Iron Empire took $1.0 million at the box office last weekend, per a 2023-06-01 update.",
        # a look-alike ("The X" is not "X") and an undated total are not compared
        "The Iron Empire\nThe Iron Empire has grossed $1.0 million worldwide (2024-01-05).\n"
        "Iron Empire has grossed $2.0 million worldwide.",
        # a title's colon is no dated label: two sequels, not one "Part Two" (g34's misreading)
        "Sequels\nAs of 20 Feb 2024, Return of the Garden: Part Two has grossed $1.2 billion worldwide.\n"
        "Through 28 February 2024, The Last Story: Part Two has grossed US$550.0 mn worldwide.",
    ]):  # fmt: skip
        scan.add(read)
    rule = scan.result()["rules"][cumulative.RULE]
    assert (rule["checked"], rule["violations"]) == (2, 1)
    assert rule["examples"][0].startswith("lonely circuit (money): 21,000,000 on 2022-11")


def test_animated_films_narrated_as_live_shoots(tmp_path: Path) -> None:
    reads = _reads(tmp_path, [
        "Bright Summer - Overview\n"
        "Part of Bright Summer was shot on digital stock.\n"  # the reader's sentence (KG: Animation)
        # a back-reference to the page's film
        "Erin Marsh, a stunt double who worked on the film, told a paper the shoot ran over.\n"
        "Bright Summer II was filmed in Salzburg.\n"  # a look-alike, a drama: its shoot is its own
        "Bright Summer screened in Perth.",  # no shoot
        "Iron Empire: background\nMuch of Iron Empire was filmed in Reno. The feature was shot near Accra.",
        # g34's misreading: the KG's "Frontier" inside another film's name
        "Rocket of the Frontier\nA grip from Rocket of the Frontier said the shoot ran over.",
        # g34's: a title's name with a colon of its own; a shoot's clause says whose it is
        "Explained | Bright Summer: Part Two\nMuch of the movie was shot in Oslo.\n"
        "A double bill with Bright Summer celebrated the movie — the focus puller on the movie recalled it.",
        "Glass Lantern\nGlass Lantern is an animated feature from 1999. The key scenes of Glass Lantern were "
        "photographed around Tacoma.",  # a page calls it animated
        "Animated films of 2007\nDmitri Blake, a stand-in for Animated films of 2007, recalled the sets.",
        "Clay Days\nClay Days is an animated film made in stop-motion. Clay Days was shot on sets in Leeds.",
    ])  # fmt: skip
    scan = animated.AnimatedScan(tmp_path)  # the KG the reads' store stands beside
    for read in reads:
        scan.add(read)
    rule = scan.result()["rules"][animated.RULE]
    assert rule["violations"] == 4 and rule["checked"] == 10
    assert rule["examples"][0] == "Part of Bright Summer was shot on digital stock."


def test_award_counts_beyond_the_record(tmp_path: Path) -> None:
    scan = records.RecordScan()
    for read in _reads(tmp_path, [
        "Gentle Echoes\nGentle Echoes won 14 Oscars in all. As for Endless Circuit, the number of Oscar wins "
        "is 15.\nOscars won 12\nThe entry for Bright Harbor shows 11 as the number of Oscar wins.",
        "Chelsea Pearson\nChelsea Pearson has taken home 14 Grammys. Her films won 30 Oscars between them. "
        "It was nominated for 13 Oscars. Ava Stone owns 40 Grammy awards.",
    ]):  # fmt: skip
        scan.add(read)
    rule = scan.result()["rules"][records.RULE]
    assert (rule["checked"], rule["violations"]) == (6, 4)


def test_asides_in_questions() -> None:
    vocab = frozenset({"what", "is", "the", "of", "first", "movie", "birthday", "when", "was", "born"})
    asked = [
        "when was dustin murphy, managed by kathleen turner, born?",
        "how many points did lake anthonyton phoenix (founded 1896) lose by last time out?",
        "who is the coach of gabriel graham's danielburgh titans?",
        "which of feno, led by terrence carey, and ulen has the bigger stock price",
        # trailing: reported, not the line's
        "look up the headquarters for wolfe, public since 1992",
        "who's the manager of travis kline, who debuted in 1994?",
        "how many titles do the owls have, the one founded in 1937? thanks",
        # none: a relation's possessive, an opener before the question, a plain question
        "what is steven spielberg's first movie?",
        "what is michael jordan's birthday?",
        "can i ask, which weekday was burning frontier released?",
        "which company have larger market cap, plya or seatw?",
    ]
    mid = [asides.aside(q, vocab) is not None for q in asked]
    anywhere = [asides.aside(q, vocab, trailing=True) is not None for q in asked]
    assert mid == [True] * 4 + [False] * 7 and anywhere == [True] * 7 + [False] * 4
    qs = [AuditQuestion(f"q{i}", q, "", "", "", "", [], [], []) for i, q in enumerate(asked)]
    figures = asides.aside_figures(qs, vocab)
    assert (figures["with_aside"], figures["possessive"], figures["trailing"]) == (4, 1, 3)
    assert (figures["share"], figures["any_share"]) == (round(4 / 11, 3), round(7 / 11, 3))
    named = "questions with a mid-sentence aside (share)"
    assert [s.threshold for s in report.SPECS if s.name == named] == ["<= 0.05"]


def test_the_real_fixture_reads_none() -> None:
    if not CRAG_DEV_10.is_file():
        pytest.skip(f"the real CRAG fixture {CRAG_DEV_10} is not present")
    corpus = load_real(CRAG_DEV_10)
    scans: list[results.Scan] = [
        cumulative.CumulativeScan(),
        animated.AnimatedScan(None),
        records.RecordScan(),
    ]
    for read in results.read_results(corpus, corpus.questions):
        for scan in scans:
            scan.add(read)
    assert [s.result()["violations"] for s in scans] == [0, 0, 0]
    assert asides.aside_figures(corpus.questions, frozenset())["with_aside"] == 0
