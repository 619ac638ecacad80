"""The checks for the g22 reader's absurd facts (issue 31): calendar and markets, works in order and box
office, Oscars per year, KG concepts told as places, and the ages of people (born before 1925 with no death,
acting today; a debut before 10).

The reader's sentences (and market prose a real page would carry, which must pass) are put on pages of a
real DuckDB store next to a copy of the tiny world's KG, and read through `Corpus` as the audit reads a
world. Each test fails on main `72d5dcd`: it has no `sessions`, `markets`, `sequels`, `kinds` or `awards`,
and no ages line: an 1897-born man with no death hosting a debate in 2023 and a debut album 8 years before
its singer's birth passed (a "debut" is an anchor of the lives line, which stays as measured). The real CRAG
fixture reads 0 on every line. (That these scans import nothing of `mockapi.world` is checked with the dated
scans', in `test_dated_scans`.)
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import duckdb
import pytest
from fixture_paths import CRAG_DEV_10

from mockapi.audit import awards, kinds, lifespans, markets, rules, sequels, sessions
from mockapi.audit.data import AuditQuestion, Corpus, Result, load_real
from mockapi.formats.manifest import Manifest

QUERY_TIME = "03/01/2024, 10:00:00 PT"


def _world(
    tmp_path: Path, tiny_world: Path, pages: list[str], asked: list[tuple[str, str, list[int]]] | None = None
) -> Corpus:
    """A corpus over the tiny world's KG whose pages hold `pages` (visible text); `asked` gives its questions
    (query, query time, the pages they rank), else one question ranking every page."""
    shutil.copy(tiny_world / "kg.duckdb", tmp_path / "kg.duckdb")
    with duckdb.connect(str(tmp_path / "pages.duckdb")) as con:
        con.execute("CREATE TABLE pages (page_id VARCHAR, text VARCHAR)")
        con.executemany("INSERT INTO pages VALUES (?, ?)", [(f"p{i}", t) for i, t in enumerate(pages)])
    asked = asked or [("who?", QUERY_TIME, list(range(len(pages))))]
    qs = []
    for n, (query, when, ranked) in enumerate(asked):
        results = [Result(r + 1, f"p{i}", f"https://site{i}.example/", f"page {i}", "", len(pages[i]))
                   for r, i in enumerate(ranked)]  # fmt: skip
        qs.append(
            AuditQuestion(f"q{n}", query, "finance", "simple", "static", "x", [], [], results, set(), when)
        )
    return Corpus("world", qs, Manifest(), tmp_path)


def _text(*lines: str) -> str:
    return "\n".join(lines)


def _counts(found: dict[str, rules.RuleCheck]) -> dict[str, tuple[int, int]]:
    return {name: (r["checked"], r["violations"]) for name, r in found.items()}


def test_the_exchange_calendar_follows_its_rules() -> None:
    # the NYSE's published full-day holidays of 2022-2024 (Juneteenth from 2022; 1 Jan 2022, a Saturday,
    # takes no day: the last session of 2021 stayed open)
    assert sorted(sessions.holidays(2024)) == [
        dt.date(2024, m, d)
        for m, d in ((1, 1), (1, 15), (2, 19), (3, 29), (5, 27), (6, 19), (7, 4), (9, 2), (11, 28), (12, 25))
    ]
    assert sorted(sessions.holidays(2023)) == [
        dt.date(2023, m, d)
        for m, d in ((1, 2), (1, 16), (2, 20), (4, 7), (5, 29), (6, 19), (7, 4), (9, 4), (11, 23), (12, 25))
    ]
    assert sorted(sessions.holidays(2022)) == [dt.date(2022, m, d) for m, d in (
        (1, 17), (2, 21), (4, 15), (5, 30), (6, 20), (7, 4), (9, 5), (11, 24), (12, 26))]  # fmt: skip
    assert dt.date(2021, 12, 31) not in sessions.holidays(2021) and dt.date(
        2021, 6, 18
    ) not in sessions.holidays(2021)
    assert sessions.closed(dt.date(2024, 3, 9)) == "Saturday"  # the reader's Q5
    assert sessions.closed(dt.date(2024, 3, 8)) == ""
    assert sessions.closed(dt.date(1950, 3, 11)) == ""  # Saturday sessions until 1952
    assert sessions.session_of(dt.date(2024, 3, 31)) == dt.date(2024, 3, 28)  # Easter weekend
    assert [sessions.easter(y).isoformat() for y in (2000, 2019, 2024, 2025)] == [
        "2000-04-23", "2019-04-21", "2024-03-31", "2025-04-20"]  # fmt: skip


_MARKET = [
    _text("Martinez Systems: latest",
          "Martinez Systems posted first-quarter operating profit of $526m, slightly below forecasts.",
          "The fast-growing business reported first-quarter revenue of $458m, ahead of the consensus.",
          "Smith Inc. shed 40 percent on Sunday.",
          "At the close on Sat, 9 Mar 2024, Lane Holdings closed at USD 116.40.",
          "On 2024-03-29, Lane Holdings traded between $110.20 and $117.80 on heavy volume."),
    _text("Wilson Group stock", "$284.76 is the stock price of Wilson Group."),
    # what real market prose says, which must pass
    _text("Lane Holdings quarterly results",
          "Lane Holdings reported first-quarter revenue of $1.2 billion, up 8 percent from a year earlier.",
          "Lane Holdings reported first-quarter net income of $150 million.",
          "Shares of Lane Holdings closed at $118.05 on Friday, March 8, 2024, on volume of 1.2 million.",
          "Updated Sat, 9 Mar 2024: Lane Holdings closed at USD 118.05 in the previous session.",
          "The stock price of Lane Holdings was $118.05 as of March 9, 2024.",
          "The stock fell 3 percent in the week to Sunday, 10 March 2024.",
          "At the close on Sat, 9 Mar 2024, the museum holds 2,400 paintings.",
          "Lane Holdings shares are trading at $121.30, the official listing said on 12 March 2024."),
]  # fmt: skip


def test_the_readers_market_faults_are_caught_and_real_market_prose_is_not(
    tmp_path: Path, tiny_world: Path
) -> None:
    saturday = "of the insurance stocks, which had the highest trading volume on 2024-03-09?"  # Q5
    asked = [
        (saturday, "03/09/2024, 22:00:00 PT", [0]),
        ("what was lane holdings' closing price on 2024-03-08?", "03/10/2024, 10:00:00 PT", [2]),
        ("total stock price of the atlas growth index", "03/03/2024, 09:00:00 PT", [1]),
        ("average stock price among atlas growth index stocks", "03/13/2024, 09:00:00 PT", [1]),
    ]  # fmt: skip
    corpus = _world(tmp_path, tiny_world, _MARKET, asked)
    pages, _ = lifespans.read_pages(corpus, corpus.questions)
    found = markets.market_scan(pages, corpus.questions)
    assert _counts(found["rules"]) == {
        "trading on closed days (questions)": (2, 1),
        "trading on closed days (pages)": (4, 3),  # Sunday, Saturday, Good Friday; Friday 8 March passes
        "profit above revenue": (2, 1),  # Martinez Systems (one page); Lane Holdings' profit is below
        # Wilson Group on 1 and 13 March; Lane Holdings at 116.40, at 121.30 and at 118.05 (Friday's close,
        # the same "as of" Saturday)
        "frozen prices": (4, 1),
    }, found["rules"]
    examples = [e for r in found["rules"].values() for e in r["examples"]]
    assert any("Wilson Group at 284.76 on 2 sessions" in e for e in examples)
    assert any("Martinez Systems Q1" in e for e in examples)
    assert any(e.startswith("(holiday)") for e in examples)


def test_sequels_before_their_original_and_weekend_grosses_after_the_run(
    tmp_path: Path, tiny_world: Path
) -> None:
    pages = [
        _text("Last Atlas", "Last Atlas was released on November 4, 1998.",
              "Last Atlas II was released on July 7, 1973.",
              "Last checked 23 May 2023: Last Atlas II took $109.0 million at the box office last weekend."),
        _text("Endless Harbor", "Endless Harbor was released on June 26, 1957.",
              "Updated 2024-01-25: Endless Harbor took $86.0 million at the box office last weekend.",
              "The film took $2.0 million on its opening weekend in 1957.",
              "Endless Harbor took $1.1 million at the box office last weekend after its 4K re-release."),
        _text("Crimson Kingdom", "Crimson Kingdom was released on May 2, 1960.",
              "Crimson Kingdom Part Two was released on June 9, 1962.",
              "Night Harbor was released on December 1, 2023.",
              "Night Harbor took $40.0 million at the box office last weekend."),
    ]  # fmt: skip
    corpus = _world(tmp_path, tiny_world, pages)
    pages_read, known = lifespans.read_pages(corpus, corpus.questions)
    kg_only = sequels.sequel_scan([], known)["rules"]["sequels before their original"]  # the tiny KG's own
    rules.EXAMPLES = 100
    try:
        found = sequels.sequel_scan(pages_read, known)["rules"]
    finally:
        rules.EXAMPLES = 3
    order = found["sequels before their original"]
    assert (order["checked"] - kg_only["checked"], order["violations"] - kg_only["violations"]) == (2, 1)
    assert "Last Atlas II (1973-07-07) before Last Atlas (1998-11-04)" in order["examples"]
    assert not any("Crimson Kingdom" in e for e in order["examples"])
    weekend = found["weekend grosses after the run"]
    assert (weekend["checked"], weekend["violations"]) == (3, 2), weekend
    assert [e.split(" (")[0] for e in weekend["examples"]] == ["Last Atlas II", "Endless Harbor"]


def test_oscars_per_year_above_one_ceremony(tmp_path: Path, tiny_world: Path) -> None:
    wins = (11, 10, 9, 8, 3, 2, 1)  # the reader's seven "Films of 1998": 44
    names = ("Silent Frontier", "Velvet Circuit", "Crimson Frontier", "Paper Lanterns", "Lonely Parade",
             "Secret Tide", "Iron Letters")  # fmt: skip
    pages = [
        _text("Films of 1998", "Critics ranked the year's films.", "# Name Oscar wins",
              *(f"{i + 1} {n} {w}" for i, (n, w) in enumerate(zip(names, wins, strict=True))),
              "Films of 1998"),
        _text("Films of 1999", " Oscar wins", "Golden Voyage 9", "Broken Kingdom 11", "Hidden Parade 2",
              "History"),
        _text("Frozen Letters", "Frozen Letters was released on March 3, 2001.",
              "Frozen Letters won 12 Oscars at the ceremony that spring."),
    ]  # fmt: skip
    corpus = _world(tmp_path, tiny_world, pages)
    rule = rules.empty_rule()
    awards.oscar_scan(*lifespans.read_pages(corpus, corpus.questions), rule)
    assert (rule["checked"], rule["violations"]) == (3, 2), rule
    assert rule["examples"][0].startswith("films of 1998: 44 Oscars")
    assert rule["examples"][1].startswith("films of 2001: 12 Oscars")


def test_a_kg_concept_told_as_a_place(tmp_path: Path, tiny_world: Path) -> None:
    with duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True) as con:
        sql = "SELECT name FROM entities WHERE domain = 'open' AND kind = 'concept' AND name LIKE '% paradox'"
        row = con.execute(sql + " ORDER BY name LIMIT 1").fetchone()
    assert row is not None
    concept = str(row[0])
    pages = [
        _text(concept, f"Parking at {concept} sets visitors back £13.",
              f"A heatwave closed a gallery at {concept} in July 2019.",
              f"In physics, {concept} was first described in 1877 and is taught in introductory courses.",
              f"Later work extended {concept} to several related settings."),
    ]  # fmt: skip
    corpus = _world(tmp_path, tiny_world, pages)
    pages_read, _ = lifespans.read_pages(corpus, corpus.questions)
    found = kinds.kind_scan(pages_read, corpus.world)
    # (no KG place on the page: the places rule of the g24 reading checks nothing)
    counts = _counts(found["rules"])
    assert counts == {"concepts told as places": (4, 2), kinds.PLACES: (0, 0)}, found["rules"]
    assert [e.split(": ", 1)[1][:10] for e in found["rules"]["concepts told as places"]["examples"]] == [
        "Parking at", "A heatwave"]  # fmt: skip


def test_the_readers_people_out_of_their_ages(tmp_path: Path, tiny_world: Path) -> None:
    pages = [
        # Q37: born 1897, no death; the KG says "1929-present"
        _text("Lars Roose", "Lars Roose was born on 23 November 1897.",
              "Lars Roose hosted a debate on climate on 28 Oct 2023.",
              "Lars Roose spoke at a university in Hobart in 1931.",
              "A school named for Lars Roose opened in 2016."),
        # Q7 (caught by main's line already: before 16): a TV slot before birth, vinyl sold out at 8
        _text("Crystal Holt", "Crystal Holt was born on 14 September 1996.",
              "Crystal Holt headlined a late TV slot in August 1996.",
              "Early in September 2005, Crystal Holt's vinyl repressing sold out."),
        # Q17: a debut album 8 years before birth; a debut at 17 is fine
        _text("Lisa Smith", "Lisa Smith was born on March 4, 1966.",
              "Lisa Smith released a debut album in 1958.", "Lisa Smith made her debut on stage in 1983."),
    ]  # fmt: skip
    corpus = _world(tmp_path, tiny_world, pages)
    read, known = lifespans.read_pages(corpus, corpus.questions)
    lives = lifespans.lifespan_count(read, known)
    assert sorted(e.split(": ", 1)[1] for e in lives["examples"]) == [
        "Crystal Holt headlined a late TV slot in August 1996.",
        "Early in September 2005, Crystal Holt's vinyl repressing sold out.",
    ], lives
    ages = lifespans.age_count(read, known)
    assert {rule: (r["violations"], [e.split(": ", 1)[1] for e in r["examples"]]) for rule, r in
            ages["rules"].items()} == {
        "debut before 10": (1, ["Lisa Smith released a debut album in 1958."]),
        "born before 1925, no death, acting from 2015": (
            1, ["Lars Roose hosted a debate on climate on 28 Oct 2023."]),
    }  # fmt: skip
    # the lives line as main measured it: the debut and the very old are the ages line's alone
    assert lives["violations"] == 2 and ages["violations"] == 2


@pytest.mark.skipif(not CRAG_DEV_10.is_file(), reason=f"no CRAG fixture at {CRAG_DEV_10}")
def test_real_crag_pages_read_zero_on_the_new_lines() -> None:
    corpus = load_real(CRAG_DEV_10)
    pages, known = lifespans.read_pages(corpus, corpus.questions)
    assert len(pages) > 30
    assert markets.market_scan(pages, corpus.questions)["violations"] == 0
    assert sequels.sequel_scan(pages, known)["violations"] == 0
    assert kinds.kind_scan(pages, None)["violations"] == 0
    rule = rules.empty_rule()
    awards.oscar_scan(pages, known, rule)
    assert rule["violations"] == 0
    assert lifespans.lifespan_count(pages, known)["violations"] == 0
    assert lifespans.age_count(pages, known)["violations"] == 0
