"""The checks for the g23 reader's absurd facts and labels (issue 31): KG people's ages at their works
(`credits`), reception and trailers before a film's release (`windows`, the lives line), relative offsets past
the query day (`offsets`), no-answer labels whose gold a top page states (`labels`), and the audit's own false
positives read on g23's landed world (a labour board on a Saturday as trading, a concept's KG year as its
"founding year", KG look-alike songs as sequels).

Real stores throughout: a copy of the tiny world's KG (changed by SQL where a test needs a fault in the gold)
and pages in a DuckDB store, read through `Corpus` as the audit reads a world. Each test fails on main
`ea891ec`: it has no `credits`, `offsets` or `labels`; its windows call "applauded the final shot" a shooting
(in the making window), let "the trailer came out" pass as an anchor and never resolve "the feature"; its
markets read a labour board's Saturday as a trading day; its kinds flag "The founding year of Red cycle is
1837"; its sequels count songs. The real CRAG fixture reads 0 on every new line.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path
from typing import Any

import duckdb
import pytest
from audit_stores import page_corpus
from fixture_paths import CRAG_DEV_10

from mockapi.audit import credits, kinds, labels, lifespans, markets, offsets, prices, sequels, windows
from mockapi.audit.data import AuditQuestion, Corpus, Result, load_real

QUERY_TIME = "03/11/2024, 10:00:00 PT"


def _world(
    tmp_path: Path, tiny_world: Path, pages: list[str], qs: list[AuditQuestion] | None = None
) -> Corpus:
    """A corpus over a copy of the tiny world's KG whose pages hold `pages`; `qs` (default: one question
    ranking every page, asked on 11 Mar 2024)."""
    if qs is None:
        qs = [AuditQuestion("q0", "who?", "movie", "simple", "static", "x", [], [], _results(pages), {"p0"},
                            QUERY_TIME)]  # fmt: skip
    return page_corpus(tmp_path, tiny_world, pages, qs)


def _results(pages: list[str]) -> list[Result]:
    return [Result(i + 1, f"p{i}", f"https://site{i}.example/", f"page {i}", "", len(t)) for i, t in
            enumerate(pages)]  # fmt: skip


def _text(*lines: str) -> str:
    return "\n".join(lines)


def _one(con: duckdb.DuckDBPyConnection, sql: str) -> tuple[Any, ...]:
    row = con.execute(sql).fetchone()
    assert row is not None, sql
    return row


def test_kg_people_at_their_works_read_from_the_kg(tmp_path: Path, tiny_world: Path) -> None:
    kg = tmp_path / "kg.duckdb"
    shutil.copy(tiny_world / "kg.duckdb", kg)
    clean = credits.credit_scan(tmp_path)
    assert clean["film crew under 16 at release"]["checked"] > 100  # the tiny KG's crew, read
    assert clean["film cast under 5 at release"]["checked"] > 100
    with duckdb.connect(str(kg)) as con:
        # the reader's Q3: a 1981 film directed by a man born 24 Aug 1968 (aged 12)
        title, released, doc = _one(con, "SELECT title, release_date, doc FROM movie_movies ORDER BY id")
        director = next(c["id"] for c in json.loads(doc)["crew"] if c["job"] == "Director")
        year = int(released[:4])
        con.execute("UPDATE movie_persons SET birthday = ? WHERE id = ?", [f"{year - 12}-08-24", director])
        # a song released 3 years before its singer's birth
        author, when = _one(
            con,
            "SELECT s.author, s.date FROM music_songs s JOIN music_artists a ON a.name = s.author "
            "WHERE a.members IS NULL AND length(s.date) = 10 ORDER BY s.ord LIMIT 1",
        )
        con.execute(
            "UPDATE music_artists SET birth_date = ? WHERE name = ?", [f"{int(when[:4]) + 3}-01-01", author]
        )
    found = credits.credit_scan(tmp_path)
    young = found["film crew under 16 at release"]
    assert young["violations"] - clean["film crew under 16 at release"]["violations"] >= 1
    assert any(e.startswith(f"{title} ({released}): Director") and "aged 1" in e for e in young["examples"])
    early = found["music before 12 (bands: before forming)"]
    assert early["violations"] > clean["music before 12 (bands: before forming)"]["violations"]
    assert any(f"by {author}, born" in e and "aged -" in e for e in early["examples"])


def test_age_at_counts_whole_years_at_the_precision_given() -> None:
    assert credits.age_at((1968, 8, 24), (1981, 6, 1)) == 12
    assert credits.age_at((1968, 8, 24), (1981, 8, 24)) == 13
    assert credits.age_at((1961, 4, 4), (1970, 1, 31)) == 8  # the reader's Q25
    assert credits.age_at((1968, 0, 0), (1981, 6, 1)) == 13  # a year alone: the years' difference


FILM = windows.Life("movie", 1983, 6, 14)  # "Escape from Hawford", 14 Jun 1983


def test_reception_and_trailers_before_release_are_outside_the_films_life() -> None:
    bad = [
        "At the end of June 1981, commentators in Lisbon applauded the final shot.",
        "In mid-March 1981, audiences picked apart the opening shot.",
        "Early in January 1981, the trailer came out.",  # an anchor's words: the trailer's date all the same
        "A fan event on 1982-10-06 revived Escape from Hawford.",
        "Earlier in 1982, reviewers lauded the tempo of Escape from Hawford.",
        # 12 days early
        "A double bill with two silent classics on Jun. 2, 1983 featured Escape from Hawford.",
    ]
    for s in bad:
        assert windows.violation(s, FILM, 2024, "Escape from Hawford") is not None, s
    fine = [
        "At the end of June 1983, commentators in Lisbon applauded the final shot.",
        "Late in March 1982, the final shot was filmed near Osaka.",  # the shooting, before release
        "In mid-April 1982, the first teaser of Escape from Hawford came out.",  # 14 months ahead
        "A fan event on 1993-10-06 revived Escape from Hawford.",
        "Escape from Hawford came out on June 14, 1983.",
    ]
    for s in fine:
        assert windows.violation(s, FILM, 2024, "Escape from Hawford") is None, s


def test_the_feature_is_the_film_the_page_is_about(tmp_path: Path, tiny_world: Path) -> None:
    with duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True) as con:
        title, released = _one(
            con,
            "SELECT title, release_date FROM movie_movies WHERE title LIKE '% %' AND release_date > '1950' "
            "ORDER BY id",
        )
    before = int(released[:4]) - 3
    pages = [
        _text(title, f"{title} at a glance.",
              f"A midnight screening on Mar. 5, {before} revived the feature.",
              f"A midnight screening on Mar. 5, {before + 9} revived the feature."),
        # a person's page: "the film" there is some other film
        _text("Anna Ruiz", "Anna Ruiz at a glance.",
              f"A midnight screening on Mar. 5, {before} revived the film."),
    ]  # fmt: skip
    corpus = _world(tmp_path, tiny_world, pages)
    found = lifespans.lifespan_scan(corpus, corpus.questions)
    assert found["violations"] == 1, found
    assert found["examples"][0].startswith(f"{title} (movie") and str(before) in found["examples"][0]


def test_relative_offsets_resolved_past_the_query_day(tmp_path: Path, tiny_world: Path) -> None:
    pages = [
        _text("Harbor Rangers", "Harbor Rangers sat third in the table as of February 12th, 2024.",
              # late April: after 11 Mar
              "10 weeks later, former players backed Harbor Rangers as dark horses.",
              "As of February 12th, 2024, the club led the division.",
              "Two weeks later, the club signed a winger.",  # 26 Feb: before
              "On 3 March 2024, the board met. A few days later, the board will vote.",  # a plan
              "Nine days later, the coach resigned."),  # nothing to count from
        _text("Harbor Rangers 2", "In January 2024, the club moved grounds.",
              "Three months on, fans returned."),
    ]  # fmt: skip
    corpus = _world(tmp_path, tiny_world, pages)
    read, _ = lifespans.read_pages(corpus, corpus.questions)
    found = offsets.offset_scan(read)
    rule = found["rules"][offsets.RULE]
    assert (rule["checked"], rule["violations"]) == (3, 2), rule
    assert "lands 2024-04-22" in rule["examples"][0] and "dark horses" in rule["examples"][0]
    assert "lands 2024-04-01" in rule["examples"][1]
    assert found["dangling"] == 1


def _question(qid: str, query: str, key: str, ranked: list[int], gold: set[str]) -> AuditQuestion:
    results = [Result(r + 1, f"p{i}", f"https://site{i}.example/", f"page {i}", "", 100) for r, i in
               enumerate(ranked)]  # fmt: skip
    return AuditQuestion(
        qid, query, "movie", "simple", "static", key.lower(), [], [key], results, gold, QUERY_TIME
    )


def test_a_no_answer_label_whose_gold_a_top_page_states(tmp_path: Path, tiny_world: Path) -> None:
    pages = [
        _text("The Iron Mirrors", "James Gibson is the director of The Iron Mirrors."),  # the reader's Q26
        # no statement
        _text("Bright Anthem", "Bright Anthem was a hit.", "James Proctor toured Spain in 2004."),
        _text("Night Harbor", "Night Harbor's director is Ana Lopez."),  # an answer page (calibration)
        _text("Night Harbor", "Ana Lopez shot it in Perth."),
    ]  # fmt: skip
    qs = [
        _question("q0", "who's the director of the iron mirrors, starring sheryl pratt?", "James Gibson",
                  [0, 3], set()),
        _question("q1", "tell me the performer of bright anthem, released in 2005", "James Proctor",
                  [1, 3], set()),
        _question("q2", "who directed night harbor?", "Ana Lopez", [3, 2], {"p2"}),
    ]  # fmt: skip
    found = labels.label_scan(_world(tmp_path, tiny_world, pages, qs))
    rule = found["rules"][labels.RULE]
    assert (rule["checked"], rule["violations"]) == (2, 1), rule
    assert rule["examples"][0].endswith("rank 1: James Gibson is the director of The Iron Mirrors.")
    assert (found["calibration_pages"], found["calibration_share"]) == (1, 1.0)


def test_the_audits_false_positives_on_g23s_landed_world(tmp_path: Path, tiny_world: Path) -> None:
    market = [
        _text("Dalstone Inc.",  # not trading (g23: 2 of 3 cases)
              "On January 27th, 2024, a labour board sided with Dalstone Inc. Shipments at Dalstone Inc. "
              "fell 9 percent in September.",
              # Saturday's close: still one
              "Just before 4 a.m. on Saturday, analysts at Dufresne Partners started coverage of North "
              "Synbridge Inc. The stock added 29 percent into the close."),
    ]  # fmt: skip
    read, _ = lifespans.read_pages(*_both(_world(tmp_path / "m", tiny_world, market)))
    rule = markets.market_scan(read, [])["rules"]["trading on closed days (pages)"]
    assert (rule["checked"], rule["violations"]) == (1, 1), rule
    assert "The stock added 29 percent" in rule["examples"][0]
    with duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True) as con:
        name, doc = _one(
            con,
            "SELECT o.name, o.summary_structured FROM open_entities o JOIN entities e ON e.name = o.name "
            "WHERE e.kind = 'concept' AND (o.name LIKE '% cycle' OR o.name LIKE '% paradox') ORDER BY o.ord",
        )
        songs = _one(con, "SELECT count(*) FROM music_songs WHERE name LIKE '% II'")[0]
    year = json.loads(doc)["year"]
    pages = [
        _text(name, f"The founding year of {name} is {year}.", f"{name} was founded in {int(year) + 40}.")
    ]
    corpus = _world(tmp_path, tiny_world, pages)
    read, known = lifespans.read_pages(corpus, corpus.questions)
    told = kinds.kind_scan(read, corpus.world)["rules"]["concepts told as places"]
    assert (told["checked"], told["violations"]) == (2, 1), told
    # the tiny KG's look-alike songs "X II" beside a song "X": other artists' songs, not sequels
    kinds_of = {n: life.kind for index in known.values() for n, life in index}
    pairs = {kind: 0 for kind in ("movie", "song")}
    for title, kind in kinds_of.items():
        found = sequels._SEQUEL.match(title)
        if found is not None and kinds_of.get(found["base"]) == kind and kind in pairs:
            pairs[kind] += 1
    assert songs > 0 and pairs["song"] > 0, pairs
    order = sequels.sequel_scan([], known)["rules"]["sequels before their original"]
    assert order["checked"] == pairs["movie"], (order, pairs)


def _both(corpus: Corpus) -> tuple[Corpus, list[AuditQuestion]]:
    return corpus, corpus.questions


@pytest.mark.skipif(not CRAG_DEV_10.is_file(), reason=f"no CRAG fixture at {CRAG_DEV_10}")
def test_real_crag_pages_read_zero_on_the_g23_lines() -> None:
    corpus = load_real(CRAG_DEV_10)
    pages, known = lifespans.read_pages(corpus, corpus.questions)
    assert len(pages) > 30
    assert (
        lifespans.lifespan_count(pages, known)["violations"] == 0
    )  # with reception, trailers, "the feature"
    assert offsets.offset_scan(pages)["violations"] == 0
    assert labels.label_scan(corpus)["violations"] == 0
    assert all(r["checked"] == 0 for r in credits.credit_scan(corpus.world).values())  # no KG
    assert markets.market_scan(pages, corpus.questions)["violations"] == 0


def test_prices_and_moves_against_the_kgs_series(tmp_path: Path, tiny_world: Path) -> None:
    with duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True) as con:
        name, ticker = _one(con, "SELECT name, symbol FROM fin_companies WHERE name LIKE '% Common Stock' "
                                 "ORDER BY ord")  # fmt: skip
        closes = con.execute(
            "SELECT ts, close FROM fin_prices WHERE ticker = ? AND ts >= '2024-02-01' ORDER BY ts", [ticker]
        ).fetchall()
    company = name.removesuffix(" Common Stock").removesuffix(" Class A")
    day, close = closes[-1]
    when = dt.date.fromisoformat(day[:10])
    assert abs(close / closes[-6][1] - 1) < 0.15  # the KG's week: an ordinary one
    pages = [
        _text(company,
              f"On {when:%B %d, %Y}, {company} shares are trading at ${close:.2f}.",  # the KG's close
              # the reader's kind: a price the KG never had that day
              f"The stock price of {company} came to ${close * 4:.2f} on {when:%d %B %Y}.",
              # a week's move the KG does not make
              f"{company} stock added 37 percent in the week to {when:%B %d, %Y}."),
    ]  # fmt: skip
    corpus = _world(tmp_path, tiny_world, pages)
    read, _ = lifespans.read_pages(corpus, corpus.questions)
    found = prices.price_scan(read, corpus.world)
    told, moved = found["prices against the KG"], found["moves against the KG"]
    assert (told["checked"], told["violations"]) == (2, 1), told
    assert told["examples"][0].startswith(f"{company} {round(close * 4, 2):g} on {when}")
    assert (moved["checked"], moved["violations"]) == (1, 1), moved
    market = markets.market_scan(read, corpus.questions)
    assert prices.with_prices(market, read, corpus.world)["violations"] == market["violations"] + 2
