"""The checks for the g24 reader's absurd facts (issue 31): dates past the query day at a month's precision
and relative dates before a work's release (`relative`), finance amounts against the KG's size (`amounts`),
sequels of any kind and below the top 10 (`sequels`), multi-hop questions whose pages never tie the subject
to its bridge (`hops`), one-letter look-alikes on the subject's own page (`lookalikes`) and towns sold with
tickets (`kinds`).

Real stores throughout: a copy of the tiny world's KG (changed by SQL where a test needs a fault in the gold)
and pages in a DuckDB store, read through `Corpus` as the audit reads a world. Each test fails on main
`ea9ed61`: it has no `relative`, `amounts`, `hops` or `lookalikes`, its sequel scan reads neither pages
below the top 10, nor a year's list page, nor the KG's songs by one artist, and its kinds no KG places. The
real CRAG fixture reads 0 on every new line.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path
from typing import Any

import duckdb
import pytest
from audit_stores import page_corpus
from fixture_paths import CRAG_DEV_10

from mockapi.audit import amounts, hops, kinds, lifespans, lookalikes, relative, sequels
from mockapi.audit.data import AuditQuestion, Result, load_real
from mockapi.audit.prices import strip_class

ASKED = "03/11/2024, 10:00:00 PT"


def _question(
    pages: list[str], ranked: list[int] | None = None, asked: str = ASKED, **fields: Any
) -> AuditQuestion:
    """A question ranking `ranked` pages (default: all, in order), each result titled by its page's first
    line; `fields` overrides the query, type, answer and gold."""
    order = ranked if ranked is not None else list(range(len(pages)))
    results = [Result(k + 1, f"p{i}", f"https://site{i}.example/", pages[i].split("\n", 1)[0], "", 100)
               for k, i in enumerate(order)]  # fmt: skip
    q = AuditQuestion("q0", "who?", "music", "simple", "static", "x", [], [], results, {"p0"}, asked)
    for key, value in fields.items():
        setattr(q, key, value)
    return q


def _one(con: duckdb.DuckDBPyConnection, sql: str) -> tuple[Any, ...]:
    row = con.execute(sql).fetchone()
    assert row is not None, sql
    return row


def test_dates_past_the_query_day_at_a_months_precision(tmp_path: Path, tiny_world: Path) -> None:
    page = "\n".join([
        "Sweet Shadow",
        "In April 2024, Sweet Shadow was licensed for a period drama.",  # the reader's Q29, rank 1
        "Late in June 2024, a choir arrangement of Sweet Shadow went viral.",
        "In mid-September 2024, a send up of Sweet Shadow went viral.",
        "On March 15, 2024, Sweet Shadow charted in Ghent.",  # 4 days after the question
        "In March 2024, streams for Sweet Shadow climbed.",  # the query's month: not after it
        "On March 9, 2024, Sweet Shadow charted in Ghent.",
        "The band will tour the single in May 2024.",  # a plan
        "In April 2025, a cover went viral.",  # a later year: the year-based line's, not this rule's
    ])  # fmt: skip
    corpus = page_corpus(tmp_path, tiny_world, [page], [_question([page])])
    read, _ = lifespans.read_pages(corpus, corpus.questions)
    rule = relative.late_scan(read)
    assert (rule["checked"], rule["violations"]) == (7, 4), rule
    assert (
        rule["examples"][0]
        == "(2024-03-11 asked) In April 2024, Sweet Shadow was licensed for a period drama."
    )


def test_the_latest_day_a_relative_date_can_mean() -> None:
    asked = dt.date(2024, 3, 11)
    cases = {
        "Downloads for the breezy single doubled in August.": dt.date(2023, 8, 31),
        "In mid-May, the track played over the closing credits.": dt.date(2023, 5, 31),
        "Streams for Sweet Shadow climbed in March.": asked,  # this March, up to the query day
        "Last autumn, a cover of Sweet Shadow by a bar band went viral.": dt.date(2023, 11, 30),
        "Last fall, Sweet Shadow turned up in a sports telecast.": dt.date(2023, 11, 30),
        "A live version was released last summer.": dt.date(2023, 8, 31),
        "A live version was pulled last winter.": dt.date(2024, 2, 29),
        "Sweet Shadow's video leaked last spring.": asked,  # this spring has begun: at the latest, today
        "Sales doubled last year.": dt.date(2023, 12, 31),
        "Sales doubled last month.": dt.date(2024, 2, 29),
        "In May 2023, sales doubled.": None,  # a year: not relative
        "The May release was delayed.": None,
    }
    for sentence, latest in cases.items():
        assert relative.latest_day(sentence, asked) == latest, sentence


def test_relative_dates_before_a_songs_release(tmp_path: Path, tiny_world: Path) -> None:
    with duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True) as con:
        kg = lifespans.kg_starts(tiny_world)
        songs = con.execute(
            "SELECT name, date FROM music_songs WHERE length(date) = 10 AND name LIKE '% %' ORDER BY ord"
        ).fetchall()
    name, day = next((n, d) for n, d in songs if n in kg and kg[n].kind == "song" and n[-1].isalnum())
    released = dt.date.fromisoformat(day)
    asked = released + dt.timedelta(days=10)  # the reader's Q29: asked 10 days after the release
    page = "\n".join([
        name,
        f"{name} at a glance.",
        f"Last autumn, a cover of {name} by a bar band went viral.",  # a season before the release
        # "the breezy single": the page's own song
        f"Shazam searches for the breezy single spiked in {released - dt.timedelta(days=60):%B}.",
        f"Streams for {name} climbed in {asked:%B}.",  # this month: after the release
        f"The producer of {name} recorded the hook last autumn.",  # the making: before a release
        f"A live take of {name} leaked last autumn.",  # a leak: any time
    ])  # fmt: skip
    corpus = page_corpus(
        tmp_path, tiny_world, [page], [_question([page], asked=f"{asked:%m/%d/%Y}, 10:00:00 PT")]
    )
    read, known = lifespans.read_pages(corpus, corpus.questions)
    rule = relative.before_scan(read, known)
    assert (rule["checked"], rule["violations"]) == (3, 2), rule
    assert rule["examples"][0].startswith(f"{name} ({day}; asked {asked}, at latest ")
    lives = relative.with_before(lifespans.lifespan_count(read, known), read, known)
    assert lives["violations"] == lifespans.lifespan_count(read, known)["violations"] + 2
    assert lives["rules"][relative.BEFORE] == rule


def test_finance_amounts_against_the_kgs_market_cap(tmp_path: Path, tiny_world: Path) -> None:
    with duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True) as con:
        name, ticker, cap = _one(
            con,
            "SELECT c.name, c.symbol, m.value FROM fin_companies c JOIN fin_marketcap m "
            "ON m.ticker = c.symbol WHERE c.name LIKE '% Common Stock' AND m.value > 1e8 ORDER BY c.ord",
        )
    company = strip_class(name)
    bn = cap / 1e9
    page = "\n".join([
        f"{company}: latest news",
        f"{company} confirmed a ${12 * bn:.1f} billion share buyback.",  # the reader's Q34: 12x the company
        f"{company} announced a ${bn * 0.05 * 1000:.0f} million share buyback.",  # 5 %: ordinary
        f"The firm booked revenue in the first quarter worth ${20 * bn:.1f} billion.",  # 80x a year
        f"{company} priced a ${2 * bn:.1f}bn term loan.",  # 2x: a stretch, not absurd
        f"{company} paid a dividend of $0.52 per share.",
    ])  # fmt: skip
    corpus = page_corpus(tmp_path, tiny_world, [page], [_question([page])])
    read, _ = lifespans.read_pages(corpus, corpus.questions)
    rule = amounts.amount_scan(read, corpus.world)
    assert (rule["checked"], rule["violations"]) == (4, 2), rule
    assert rule["examples"][0].startswith("buyback ") and "x the KG cap" in rule["examples"][0]
    assert f"of {ticker}" in rule["examples"][1] and "The firm booked revenue" in rule["examples"][1]
    assert amounts.amount_scan(read, None)["checked"] == 0  # no KG: nothing to hold the amounts to


def test_sequels_below_the_top_ten_and_by_one_artist(tmp_path: Path, tiny_world: Path) -> None:
    kg = tmp_path / "kg.duckdb"
    shutil.copy(tiny_world / "kg.duckdb", kg)
    with duckdb.connect(str(kg)) as con:
        song, author, when = _one(
            con,
            "SELECT name, author, date FROM music_songs WHERE length(date) = 10 AND author IS NOT NULL "
            "AND name NOT LIKE '% II' ORDER BY ord",
        )
        earlier = f"{int(when[:4]) - 5}{when[4:]}"
        con.execute("INSERT INTO music_songs SELECT max(ord) + 1, ?, ?, NULL, ? FROM music_songs",
                    [f"{song} II", author, earlier])  # fmt: skip
        con.execute(
            "INSERT INTO music_songs SELECT max(ord) + 1, ?, 'Someone Else', NULL, ? FROM music_songs",
            [f"{song} 2", earlier],
        )  # fmt: skip  (another artist's: another song)
    fill = [f"Notes {chr(65 + i)}\nNothing dated here." for i in range(13)]
    pages = [
        "Animated films of 2008: latest news\nName Budget\nDistant Lanterns $3.0 million\n"
        "Iron Tide $6.0 million",
        *fill,
        "Distant Lanterns II: what to know\nThe release date of Distant Lanterns II is March 4th, 2000.",
    ]
    corpus = page_corpus(tmp_path, tiny_world, pages, [_question(pages)])
    read, known = lifespans.read_pages(corpus, corpus.questions)
    far = sequels.far_pages(corpus, corpus.questions, known)
    assert [p.head.split("\n")[0] for p in far] == ["Distant Lanterns II: what to know"]
    order = sequels.sequel_scan(read, known, far, corpus.world)["rules"]["sequels before their original"]
    assert order["violations"] == 2, order
    assert "Distant Lanterns II (2000-03-04) before Distant Lanterns (2008)" in order["examples"]
    assert f"{song} II ({earlier}) before {song} ({when}), one artist's" in order["examples"]
    assert sequels.sequel_scan(read, known)["rules"]["sequels before their original"]["violations"] == 0


def test_multi_hop_pages_that_never_tie_the_subject_to_its_bridge(tmp_path: Path, tiny_world: Path) -> None:
    with duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True) as con:
        child, parent = _one(
            con,
            "SELECT c.name, p.name FROM kg_edges e JOIN entities p ON p.entity_id = e.src "
            "JOIN entities c ON c.entity_id = e.dst WHERE e.rel = 'parent_of' ORDER BY c.name",
        )
    child, parent = strip_class(child), strip_class(parent)
    pages = [
        # the reader's Q8: the look-alikes' parents, the second hop, never the subject's parent
        "Cyrella Corp.\nFox Industries is the parent company of Cyella Inc. Randall Group is the parent "
        "company of Cryella Inc.\nArdova Group Inc. has Mr. Jacob Dominguez as its CEO.",
        "Cyrella Corp.\nArdova Group Inc. is the parent company of First Cyrella Corp.",  # a longer name
        "Ardova\nThe parent company of Cyrella Corp. is Ardova Group Inc.",
        f"{child}\n{parent} is the parent company of {child}.",
    ]
    answer = (
        "the parent company of cyrella corp. is ardova group inc., and the ceo of ardova group inc. is "
        "mr. jacob dominguez"
    )
    multi = {
        "qtype": "multi-hop",
        "answer": answer,
        "query": "name the ceo of the parent company of cyrella corp.",
    }
    qs = [
        _question(pages, [0, 1], **multi),
        _question(pages, [0, 2], **{**multi, "qid": "q1"}),
        _question(pages, [3], qtype="multi-hop", answer="ms. molly sutton", qid="q2", gold={"p3"},
                  query=f"name the ceo of the parent company of {child.lower()}"),
    ]  # fmt: skip
    found = hops.hop_scan(page_corpus(tmp_path, tiny_world, pages, qs), qs)["rules"][hops.RULE]
    assert (found["checked"], found["violations"]) == (3, 1), found
    tie = "no page of its 50 ties cyrella corp. to ardova group inc."
    assert found["examples"] == [f"{multi['query']} ({tie})"]


def test_one_letter_look_alikes_on_the_subjects_page(tmp_path: Path, tiny_world: Path) -> None:
    for a, b in (("astex", "asex"), ("cyrella", "cryella"), ("cyrella", "cyella"), ("letter", "lett")):
        assert lookalikes.typo_close(a, b) and lookalikes.typo_close(b, a), (a, b)
    for a, b in (("letter", "letters"), ("letter", "letter's"), ("astex", "astex"), ("ace", "acer"),
                 ("cyrella", "cyrellanova")):  # fmt: skip
        assert not lookalikes.typo_close(a, b), (a, b)
    assert lookalikes.core("Cyrella Corp. Common Stock") == "cyrella"
    pages = [
        "Astex Ltd.\nThe EPS of Astex Ltd. was 1.20.\nThe market cap of Asex Corp. was $5.3 billion.",  # Q6
        "Astex Ltd.\nThe EPS of Astex Ltd. was 1.20.\nAstex Ltd.'s CEO is Lance Ray.",
    ]
    qs = [
        _question(pages, [0], query="what is the total eps of astex ltd., whose ceo is lance ray?"),
        _question(pages, [1], query="what is the total eps of astex ltd.?", qid="q1", gold={"p1"}),
    ]
    found = lookalikes.lookalike_scan(page_corpus(tmp_path, tiny_world, pages, qs), qs)
    rule = found["rules"][lookalikes.RULE]
    assert (rule["checked"], rule["violations"], found["share"]) == (2, 1, 0.5), rule
    assert rule["examples"][0].startswith("Astex Ltd.: Asex Corp. (")


def test_towns_sold_with_tickets(tmp_path: Path, tiny_world: Path) -> None:
    town = kinds.kg_places(tiny_world)[0]
    page = "\n".join([
        town,
        f"Entry to {town} costs €30.",  # the reader's Q22: a town of the KG with an entry fee
        f"A day ticket for {town} comes to £20.",
        f"Entry to the {town} museum costs €8.",  # a sight in the town: its own ticket
        f"{town} has a population of 91,579.",
    ])  # fmt: skip
    corpus = page_corpus(tmp_path, tiny_world, [page], [_question([page])])
    read, _ = lifespans.read_pages(corpus, corpus.questions)
    found = kinds.kind_scan(read, corpus.world)
    rule = found["rules"][kinds.PLACES]
    assert (rule["checked"], rule["violations"]) == (3, 2), rule
    assert rule["examples"][0] == f"{town}: Entry to {town} costs €30."
    assert found["violations"] == found["rules"]["concepts told as places"]["violations"] + 2


@pytest.mark.skipif(not CRAG_DEV_10.is_file(), reason=f"no CRAG fixture at {CRAG_DEV_10}")
def test_real_crag_pages_read_zero_on_the_g24_lines() -> None:
    corpus = load_real(CRAG_DEV_10)
    pages, known = lifespans.read_pages(corpus, corpus.questions)
    late = relative.late_scan(pages)
    assert late["checked"] > 20 and late["violations"] == 0, late
    assert relative.before_scan(pages, known)["violations"] == 0
    assert amounts.amount_scan(pages, corpus.world)["checked"] == 0  # no KG
    assert hops.hop_scan(corpus, corpus.questions)["violations"] == 0
    look = lookalikes.lookalike_scan(corpus, corpus.questions)
    assert look["rules"][lookalikes.RULE]["checked"] > 3 and look["share"] == 0, look
    far = sequels.far_pages(corpus, corpus.questions, known)
    assert sequels.sequel_scan(pages, known, far, corpus.world)["violations"] == 0
    assert kinds.place_scan(pages, corpus.world)["checked"] == 0  # no KG
