"""The checks for the g25 reader's absurd facts (issue 31): ages asked of the dead (`asked`), one fact asked
twice (`asked`), a KG person acting after his death at a month's or a season's precision or in a table
(`deaths`, into the lives line), headcounts and points per game (`headcounts`), media before they existed
and works on a building before it stood (`media`); and the two misreadings of the numbers and markets
lines (an invented peer's budget read in the page film's era; "4 percent" read as an amount).

Real stores throughout: a copy of the tiny world's KG and pages in a DuckDB store (and, for the repeats, a
questions store with the world's schema), read through `Corpus` as the audit reads a world. Each test fails
on main `bdbec73`: it has no `asked`, `deaths`, `headcounts` or `media`, its numbers line dates any film
money of a page by the page's film, and its markets line reads a percentage as revenue. The real CRAG
fixture reads 0 on every new rule.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import duckdb
import pytest
from audit_stores import page_corpus
from fixture_paths import CRAG_DEV_10

from mockapi.audit import asked, deaths, headcounts, lifespans, magnitudes, markets, media, report
from mockapi.audit.data import AuditQuestion, Result, load_real
from mockapi.audit.prices import strip_class
from mockapi.core.paths import QUESTIONS_DB

ASKED = "03/11/2024, 10:00:00 PT"


def _question(
    pages: list[str], ranked: list[int] | None = None, asked_at: str = ASKED, **fields: Any
) -> AuditQuestion:
    """A question ranking `ranked` pages (default: all, in order); `fields` overrides any other field."""
    order = ranked if ranked is not None else list(range(len(pages)))
    results = [Result(k + 1, f"p{i}", f"https://site{i}.example/", pages[i].split("\n", 1)[0], "", 100)
               for k, i in enumerate(order)]  # fmt: skip
    q = AuditQuestion("q0", "who?", "music", "simple", "static", "x", [], [], results, {"p0"}, asked_at)
    for key, value in fields.items():
        setattr(q, key, value)
    return q


def _one(world: Path, sql: str) -> tuple[Any, ...]:
    with duckdb.connect(str(world / "kg.duckdb"), read_only=True) as con:
        row = con.execute(sql).fetchone()
    assert row is not None, sql
    return row


def _dead(world: Path) -> tuple[str, str]:
    """A KG solo artist with a full death day, the only KG person of that exact name."""
    died = deaths.kg_deaths(world)
    with duckdb.connect(str(world / "kg.duckdb"), read_only=True) as con:
        rows = con.execute(
            "SELECT name, end_date FROM music_artists WHERE members IS NULL AND length(end_date) = 10 "
            "AND name LIKE '% %' AND end_date < '2020' ORDER BY ord"
        ).fetchall()
    return next((n, d) for n, d in rows if n in died and n[0].isupper() and n[1:2].islower())


def test_ages_asked_of_the_dead_or_the_very_old(tmp_path: Path, tiny_world: Path) -> None:
    dead, _ = _dead(tiny_world)
    young, born = _one(
        tiny_world, "SELECT name, birthday FROM movie_persons WHERE birthday > '1970' ORDER BY key LIMIT 1"
    )
    corpus = page_corpus(tmp_path, tiny_world, ["Nothing here."], [])
    age = 2024 - int(born[:4]) - 1
    qs = [
        _question([], query=f"how old is {dead.lower()}?", answer="71 years old"),  # the reader's Q24
        _question([], query=f"what is {dead.lower()}'s age now?", answer="71"),
        _question([], query=f"how old was {dead.lower()} when he died?", answer="58"),  # a past age: fine
        _question([], query=f"how many years ago was {dead.lower()} born?", answer="71"),  # the fix's frame
        _question([], query=f"how old is {young.lower()}?", answer=f"{young.lower()} is {age} years old"),
        _question([], query="how old is kumar bertin?", answer="kumar bertin is 111 years old"),  # the gold
    ]
    rule = asked.age_scan(qs, corpus.world)
    assert (rule["checked"], rule["violations"]) == (4, 3), rule
    assert rule["examples"][0].startswith(
        f"how old is {dead.lower()}? -> 71 years old ({dead.lower()}: died "
    )
    assert rule["examples"][2].endswith("(None: the gold's age)")


def _questions_store(world: Path, rows: list[tuple[str, str, str, list[str], list[str], str]]) -> None:
    """A questions.duckdb with the world's schema: (id, query, answer, fact kinds, key phrases, dynamism)."""
    schema = Path(__file__).resolve().parents[2] / "kg_data" / "schema" / "questions.sql"
    with duckdb.connect(str(world / QUESTIONS_DB)) as con:
        con.execute(schema.read_text())
        for i, (qid, query, answer, kinds, phrases, dyn) in enumerate(rows):
            con.execute(
                "INSERT INTO questions VALUES (?, ?, ?, 'movie', 'simple', ?, ?, ?, '[]', 0, '', 'kg', "
                "'[\"p0\"]', ?, TRUE, NULL, '{}', ?)",
                [qid, i, ASKED, dyn, query, answer, json.dumps(phrases), json.dumps(kinds)],
            )


def test_the_same_fact_asked_twice_whatever_the_wording(tmp_path: Path, tiny_world: Path) -> None:
    (film,) = _one(tiny_world, "SELECT title FROM movie_movies WHERE title LIKE 'The % %' ORDER BY key")
    (other,) = _one(
        tiny_world, f"SELECT title FROM movie_movies WHERE title NOT LIKE '%{film[4:]}%' ORDER BY key"
    )
    (company,) = _one(
        tiny_world, "SELECT name FROM fin_companies WHERE name LIKE '% Common Stock' ORDER BY ord"
    )
    low, bare, co = film.lower(), film.lower()[4:], strip_class(company).lower()
    rows = [
        # g24's tiny world: one film, one relation, one year, one director, two wordings (and "the" dropped)
        ("q0", f"who is the director of the 1974 film {low}?", f"noel ortmann is the director of {low}",
         ["mv.director"], ["noel ortmann"], "static"),
        ("q1", f"what's the director of {bare} from 1974?", "noel ortmann", ["mv.director"], ["noel ortmann"],
         "static"),
        # the same director of another film: another fact
        ("q2", f"who directed {other.lower()}?", "noel ortmann", ["mv.director"], ["noel ortmann"], "static"),
        # a qualifier of another kind (a cast member) names the same film: one fact
        ("q3", f"which weekday was {bare} with jane doe released?", "it was a sunday", ["mv.release"],
         ["sunday"], "static"),
        ("q4", f"what day of the week was {low} starring john roe released?", "sunday", ["mv.release"],
         ["sunday"], "static"),
        # one price asked on two days: two facts; on one day, twice: one
        ("q5", f"what was the close of {co} on 2024-03-01?", "$10.00", ["fin.close"], ["$10"], "real-time"),
        ("q6", f"{co} closing price on march 4th, 2024?", "$10.00", ["fin.close"], ["$10.00"], "real-time"),
        ("q7", f"what did {co} close at on mar 1?", "$10.00", ["fin.close"], ["$10.00"], "real-time"),
    ]  # fmt: skip
    corpus = page_corpus(tmp_path, tiny_world, ["Nothing here."], [])
    _questions_store(tmp_path, rows)
    qs = [
        _question([], qid=qid, query=query, answer=answer, dynamism=dyn, key_phrases=phrases)
        for qid, query, answer, _, phrases, dyn in rows
    ]
    rule = asked.repeat_scan(qs, corpus.world)
    assert (rule["checked"], rule["violations"]) == (8, 3), rule
    assert rule["examples"][0] == f"{rows[0][1]} / {rows[1][1]} -> noel ortmann"
    assert rule["examples"][2].startswith(f"{rows[5][1]} / {rows[7][1]}")


def test_acts_after_a_kg_death_in_months_seasons_and_tables(tmp_path: Path, tiny_world: Path) -> None:
    name, died = _dead(tiny_world)
    day = dt.date.fromisoformat(died)
    after = day + dt.timedelta(days=62)
    page = "\n".join([
        name,
        f"In {after:%B %Y}, {name} toured the coast.",  # the reader's Q24 at rank 2: after the death
        f"In the summer of {day.year + 1 if day.month >= 6 else day.year}, {name} hosted a radio show.",
        f"In {day.year}, {name} toured the coast.",  # the death's own year: maybe before it
        f"In {day:%B %Y}, {name} spoke to a reporter.",  # the death's month: maybe before it
        f"In {day.year + 3}, {name} toured the coast.",  # a later year: the lives line's own
        f"In {after:%B %Y}, the records of {name} sold well.",  # no act of his
        f"In December, {name} spoke to admirers about his craft.",  # December 2023 at the latest
        "Date Event",
        f"{after:%Y-%m-%d} {name} performed in Oslo",  # a timeline row
    ])  # fmt: skip
    corpus = page_corpus(tmp_path, tiny_world, [page], [_question([page])])
    read, known = lifespans.read_pages(corpus, corpus.questions)
    rule = deaths.death_scan(read, corpus.world)
    assert (rule["checked"], rule["violations"]) == (6, 4), rule
    assert rule["examples"][0].startswith(f"{name} (died {died}; act {after:%Y-%m}-01): In {after:%B %Y}")
    lives = deaths.with_deaths(lifespans.lifespan_count(read, known), read, corpus.world)
    assert lives["violations"] == lifespans.lifespan_count(read, known)["violations"] + 4
    assert lives["rules"][deaths.RULE] == rule


def test_headcounts_and_points_per_game(tmp_path: Path, tiny_world: Path) -> None:
    name, ticker, doc = _one(
        tiny_world,
        "SELECT c.name, c.symbol, i.doc FROM fin_companies c JOIN fin_info i ON i.ticker = c.symbol "
        "WHERE c.name LIKE '% Common Stock' AND i.doc LIKE '%fullTimeEmployees%' ORDER BY c.ord",
    )
    staff = json.loads(doc)["fullTimeEmployees"]
    company = strip_class(name)
    finance = "\n".join([
        f"{company}: latest news",
        f"{company} laid off {staff * 54 // 100} managers at its Ghent site.",  # 540 at a 1,001-employee firm
        f"The firm relocated {staff * 2 / 1000:.1f}K managers over 9 months.",  # Q17: 5.8K at 3,235
        f"{company} hired {max(1, staff // 50)} engineers this year.",  # 2 %: ordinary
        f"{company} added {max(1, staff // 50)} drivers, and the firm retrained {staff // 4} contractors.",
    ])  # fmt: skip
    roster = "\n".join(
        [
            "Coastal Royals roster",
            "Mike Walter is averaging 55.01 points per game.",  # the reader's Q13
            "The points per game of Andrew Sanders is 49.76.",
            "The Royals are averaging 112.4 points per game.",  # a team's figure
            "#  Points per game",
            "1 Mike Walter 55.01",
            "2 Andrew Sanders 49.76",
            "3 Calvin Kelly 40.28",
            "4 Neil Fitzgerald 14.17",
            "Coastal Royals roster",
        ]
    )
    pages = [finance, roster]
    corpus = page_corpus(tmp_path, tiny_world, pages, [_question(pages)])
    read, _ = lifespans.read_pages(corpus, corpus.questions)
    found = headcounts.size_scan(read, corpus.world)["rules"]
    heads, players, team = (found[rule] for rule in headcounts.RULES)
    assert (heads["checked"], heads["violations"]) == (5, 3), heads
    assert heads["examples"][0].startswith(f"{staff * 54 // 100:,} of {staff:,} staff (54%) at {ticker}: ")
    assert (players["checked"], players["violations"]) == (4, 3), players
    assert players["examples"][0].startswith("Mike Walter 55.01 points per game")
    assert (team["checked"], team["violations"]) == (1, 1), team
    assert team["examples"][0].startswith("4 players summing to 159.2 points per game")
    assert headcounts.size_scan(read, None)["rules"][headcounts.RULES[0]]["checked"] == 0  # no KG


def test_media_before_they_existed(tmp_path: Path, tiny_world: Path) -> None:
    film, released = _one(
        tiny_world,
        "SELECT title, release_date FROM movie_movies WHERE release_date BETWEEN '1990' AND '2010' "
        "AND title LIKE '% %' ORDER BY key",
    )
    year = int(released[:4])
    page = "\n".join([
        "CGOA: latest news",
        "In March 1995, CGOA previewed its mobile application.",  # the reader's Q18
        "In March 2012, CGOA redesigned its mobile app.",
        "In 2003, the label signed with a streaming service.",
        "A live stream in 1999 drew 2,000 viewers.",  # live web streams: from 1995 (the eras line's)
        "The concert recording was released on DVD in 1995.",
        "The box set came out on DVD in 2001.",
        f"{film} landed on home video in {year - 1}.",  # the reader's Q19: a year before the release
        f"{film} returned to home video in {year + 2}.",
    ])  # fmt: skip
    corpus = page_corpus(tmp_path, tiny_world, [page], [_question([page])])
    read, known = lifespans.read_pages(corpus, corpus.questions)
    rules = media.media_scan(read, known)["rules"]
    apps, streaming, dvds, home = (rules[r] for r in media.MEDIA)
    assert (apps["checked"], apps["violations"]) == (2, 1), apps
    assert apps["examples"][0] == "mobile application (from 2008) at 1995: " + page.split("\n")[1]
    assert (streaming["checked"], streaming["violations"]) == (1, 1), streaming
    assert (dvds["checked"], dvds["violations"]) == (2, 1), dvds
    assert (home["checked"], home["violations"]) == (3, 1), home  # the recording dated by its own DVD
    assert home["examples"][0].startswith(f"{film} ({released}) at {year - 1}: ")


def test_works_on_a_building_before_it_stood(tmp_path: Path, tiny_world: Path) -> None:
    page = "\n".join([
        "Blakeside Hall",
        "Blakeside Hall was erected in 2016 after years of planning.",
        "The trust extended a wing erected in 2016 in October 2009.",  # the reader's Q2
        "Blakeside Hall added a new wing in 2010, said its curator.",  # before the page's own 2016
        "The library, built in 1920, was renovated in 1995.",
        "Blakeside Hall was renovated in 2019 after a storm.",
        "The studio extended the film's lead in 2009.",  # no building
    ])  # fmt: skip
    corpus = page_corpus(tmp_path, tiny_world, [page], [_question([page])])
    read, _ = lifespans.read_pages(corpus, corpus.questions)
    rule = media.building_scan(read)["rules"][media.BUILDINGS]
    assert (rule["checked"], rule["violations"]) == (4, 2), rule
    assert rule["examples"][0] == "works at 2009, stood 2016: " + page.split("\n")[2]


def test_an_invented_peers_budget_is_not_the_page_films(tmp_path: Path, tiny_world: Path) -> None:
    starts = lifespans.kg_starts(tiny_world)
    known = lifespans.by_word(starts)
    with duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True) as con:
        films = con.execute(
            "SELECT title, release_date FROM movie_movies WHERE release_date < '1975' ORDER BY key"
        ).fetchall()
    # a film a page's head names as itself (not a look-alike inside it: "a Heart's Winter")
    film, released = next(
        (t, d)
        for t, d in films
        if t in starts and lifespans.named(f"{t}: facts", known)[:1] == [(t, starts[t])]
    )
    page = "\n".join([
        f"{film}: facts and figures",
        "The Neon Lanterns was made on a budget of $101.0 million.",  # g25d: an invented peer on a 1971 page
        "As for Gentle Summer, the budget is $123.0 million.",
        "The film was made on a budget of $101.0 million.",  # the page's own film: above its era's ceiling
        f"{film} was made on a budget of $4.0 million.",
    ])  # fmt: skip
    corpus = page_corpus(tmp_path, tiny_world, [page], [_question([page])])
    read, known = lifespans.read_pages(corpus, corpus.questions)
    rule = magnitudes.magnitude_scan(read, known, corpus.world)["rules"]["film money on pages"]
    assert (rule["checked"], rule["violations"]) == (2, 1), rule
    assert rule["examples"] == [f"({released[:4]}) The film was made on a budget of $101.0 million."]
    assert magnitudes.names_another("As for Gentle Summer, the budget is $123.0 million.", film)
    assert not magnitudes.names_another(f"As for {film}, the budget is $1.0 million.", film)


def test_a_glued_next_sentences_amount_is_no_revenue(tmp_path: Path, tiny_world: Path) -> None:
    page = "\n".join([
        "Ford Holdings: results",
        "Ford Holdings booked second-quarter operating income totalling $94m, well above estimates.",
        # g25d: the splitter keeps "... ahead of outlook. $3.91 is ..." whole; its $3.91 was read as the
        # quarter's revenue (the audit's note showed it rounded: "revenue 4", read as "4 percent")
        "Ford Holdings gained 4 percent in the five days to 15 February 2024, while Ford Holdings confirmed "
        "second-quarter revenue at €674m, ahead of outlook. $3.91 is the dividend of Boyer Corp. now.",
        "Ford Holdings booked $9m of third-quarter revenue.",  # the amount before the word
        "Ford Holdings reported third-quarter net income of $12m.",
    ])  # fmt: skip
    corpus = page_corpus(tmp_path, tiny_world, [page], [_question([page])])
    read, _ = lifespans.read_pages(corpus, corpus.questions)
    rule = markets.market_scan(read, [])["rules"]["profit above revenue"]
    assert (rule["checked"], rule["violations"]) == (2, 1), rule
    assert rule["examples"][0].startswith("Ford Holdings Q3: profit 12,000,000 > revenue 9,000,000: ")
    assert markets.amount_after("revenue at €674m, ahead of outlook. $3.91 is the dividend", 7) == 674e6


def test_the_new_lines_are_fail_lines_of_the_report() -> None:
    names = [s.name for s in report.SPECS]
    for line in ("ages asked of the dead or born before 1926", "the same fact asked twice",
                 "sizes: headcounts, points per game", "media before they existed",
                 "works on a building before it stood"):  # fmt: skip
        spec = report.SPECS[names.index(line)]
        assert spec.threshold == "0" and spec.ok is not None and not spec.ok(1) and spec.ok(0)


@pytest.mark.skipif(not CRAG_DEV_10.is_file(), reason=f"no CRAG fixture at {CRAG_DEV_10}")
def test_real_crag_pages_read_zero_on_the_g25_lines() -> None:
    corpus = load_real(CRAG_DEV_10)
    pages, known = lifespans.read_pages(corpus, corpus.questions)
    assert asked.age_scan(corpus.questions, corpus.world)["violations"] == 0
    repeats = asked.repeat_scan(corpus.questions, corpus.world)
    assert repeats["checked"] >= 8 and repeats["violations"] == 0, repeats
    assert deaths.death_scan(pages, corpus.world)["checked"] == 0  # no KG
    sizes = headcounts.size_scan(pages, corpus.world)
    assert sizes["violations"] == 0, sizes
    found = media.media_scan(pages, known)
    assert found["violations"] == 0, found
    assert media.building_scan(pages)["violations"] == 0
