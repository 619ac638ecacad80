"""The checks for the g26 reader's absurd classes and tells (issue 31): prices against the query's hour
(`quotes`), events before their subject existed (`founding`), list golds and case-variant twins against the
KG (`golds`), facts under the wrong entity (`boxes`), and five tells measured against the real fixture's rate
(`tells`), all read over one pass of every question's top 10 (`results`).

Real stores throughout: a copy of the tiny world's KG (changed where a test needs a fact the tiny KG lacks)
and a page store of texts, read through `Corpus` as the audit reads a world. Each test fails on main
`4f1f789`: it has none of these modules or lines. The real CRAG fixture reads 0 on every new bar-0 rule.
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

from mockapi.audit import boxes, founding, golds, quotes, report, results, tells
from mockapi.audit.data import AuditQuestion, Corpus, Result, load_real
from mockapi.audit.lifespans import kg_starts
from mockapi.audit.prices import strip_class


def _q(qid: str, query: str, answer: str, pages: list[int], texts: list[str], **fields: Any) -> AuditQuestion:
    """A question ranking the pages `pages` (indexes into `texts`, whose first line is the title)."""
    ranked = [
        Result(k + 1, f"p{i}", f"https://site{i}.example/{i}", texts[i].split("\n", 1)[0], "", 100)
        for k, i in enumerate(pages)
    ]
    gold = {f"p{i}" for i in pages}
    q = AuditQuestion(
        qid, query, "music", "simple", "static", answer, [], [], ranked, gold, "03/11/2024, 10:00:00 PT", "kg"
    )
    for key, value in fields.items():
        setattr(q, key, value)
    return q


def _corpus(tmp_path: Path, world: Path, texts: list[str], qs: list[AuditQuestion]) -> Corpus:
    corpus = page_corpus(tmp_path, world, texts, [])
    corpus.questions.extend(qs)
    return corpus


def _feed(corpus: Corpus, *scans: Any) -> None:
    for read in results.read_results(corpus, corpus.questions):
        for scan in scans:
            scan.add(read)


def _sessions(world: Path) -> tuple[str, str, dict[dt.date, float]]:
    """A KG common stock (name up to its class, ticker) with its closes by session."""
    with duckdb.connect(str(world / "kg.duckdb"), read_only=True) as con:
        name, ticker = con.execute(
            "SELECT c.name, c.symbol FROM fin_companies c WHERE c.name LIKE '% Common Stock' AND "
            "c.name NOT LIKE 'American %' AND EXISTS (SELECT 1 FROM fin_prices p WHERE p.ticker = c.symbol) "
            "ORDER BY c.ord LIMIT 1"
        ).fetchone()  # type: ignore[misc]
        rows = con.execute(
            "SELECT ts, close FROM fin_prices WHERE ticker = ? ORDER BY ts", [ticker]
        ).fetchall()
    return strip_class(name), ticker, {dt.date.fromisoformat(str(ts)[:10]): float(c) for ts, c in rows}


def test_prices_against_the_query_hour(tmp_path: Path, tiny_world: Path) -> None:
    company, ticker, closes = _sessions(tiny_world)
    day = dt.date(2024, 2, 28)  # a Wednesday: 26 and 27 February are its sessions before
    before, older = dt.date(2024, 2, 27), dt.date(2024, 2, 26)
    assert {day, before, older} <= set(closes)
    move = (closes[day] / closes[before] - 1) * 100
    low, when = company.lower(), f"{day:%m/%d/%Y}"
    texts = [
        "\n".join([
            f"{company} key facts | SportsDesk",
            # the reader's #1 r2: a close of the query day stated before the session opened
            f"Refreshed {day:%d %B %Y}: {company} shares are trading at ${closes[day]:.2f}.",
            f"Refreshed {before:%m/%d/%Y}: {company} shares are trading at ${closes[before]:.2f}.",
            f"{company} shares are trading at ${closes[before]:.2f} (2024-03-01).",  # dated after the query
        ]),
        "\n".join([
            "What fans are saying | Zolvane Inc. | SportsDesk",
            # the reader's #9
            "The closing price of Zolvane Inc. was reported at $181.20 by Fri, 23 Feb 2024.",
        ]),
    ]  # fmt: skip
    fin = {"domain": "finance", "dynamism": "fast-changing", "qtype": "simple"}
    before_open, after_close = f"{when}, 01:13:04 PT", f"{when}, 13:13:01 PT"
    qs = [
        # the reader's #1: the move to a close that did not exist yet at 04:13 ET
        _q("q0", f"by what percent did {ticker.lower()} move from the previous close?", f"{move:.2f}%", [0],
           texts, query_time=before_open, **fin),
        _q("q1", f"by what percent did {ticker.lower()} move from the previous close?",
           f"{(closes[before] / closes[older] - 1) * 100:.2f}%", [0], texts, query_time=before_open, **fin),
        # the reader's #9: two sessions stale after the close
        _q("q2", f"how much would 50 shares of {low} cost?", f"${50 * closes[older]:,.2f}", [], texts,
           query_time=after_close, **fin),
        _q("q3", f"how much would 50 shares of {low} cost?", f"${50 * closes[day]:,.2f}", [], texts,
           query_time=after_close, **fin),
        # the reader's #23: the day's close for a query at 10:58 ET
        _q("q4", f"look up the stock price for {low}", f"the stock price of {low} is ${closes[day]:.2f}", [],
           texts, query_time=f"{when}, 07:58:00 PT", **{**fin, "dynamism": "real-time"}),
        # a day of its own: any close that existed
        _q("q5", f"how much did 50 shares of {low} cost on 2024-02-26?", f"${50 * closes[older]:,.2f}", [],
           texts, query_time=after_close, **{**fin, "qtype": "simple_w_condition"}),
        # a company the KG lacks, dated by its pages: 23 Feb is two sessions before 27 Feb's close
        _q("q6", "can you tell me how much would 50 shares of zolvane, which went public in 1981, cost?",
           "$9,060.00", [1], texts, query_time="02/27/2024, 13:13:01 PT", source="web", **fin),
        _q("q7", f"what is the market cap of {low}?", "$1.2 billion", [], texts, **fin),  # no price question
    ]  # fmt: skip
    corpus = _corpus(tmp_path, tiny_world, texts, qs)
    scan = quotes.QuoteScan(corpus.questions, corpus.world)
    _feed(corpus, scan)
    found = scan.result()["rules"]
    gold, page = found[quotes.RULES[0]], found[quotes.RULES[1]]
    assert (gold["checked"], gold["violations"]) == (7, 4), gold
    assert gold["examples"][0].startswith(
        f"{ticker} is the close of {day}, after the query (last close {before}) | by what percent did"
    )
    assert gold["examples"][1].startswith(
        f"{ticker} is the close of {older}, 2 sessions before the last close"
    )
    web = quotes.QuoteScan([qs[6]], corpus.world)
    _feed(Corpus("world", [qs[6]], corpus.manifest, corpus.world), web)
    (example,) = web.result()["rules"][quotes.RULES[0]]["examples"]
    assert example.startswith(
        "a page's 2024-02-23 close, 2 sessions before the last close 2024-02-27: The closing price of Zolvane"
    )
    assert (page["checked"], page["violations"]) == (6, 4), page  # q0's and q1's page: two of three each
    assert page["examples"][0].startswith(f"{before_open} (close of {day}): Refreshed")
    assert page["examples"][1].startswith(f"{before_open} (dated 2024-03-01)")
    assert quotes.query_moment("02/28/2024, 01:13:04 PT") == dt.datetime(2024, 2, 28, 4, 13)


def test_events_before_their_subject_existed(tmp_path: Path, tiny_world: Path) -> None:
    band, life = next(
        (n, lf)
        for n, lf in sorted(kg_starts(tiny_world).items())
        if lf.kind == "band" and n.startswith("The ")
    )
    formed = life.start
    texts = [
        "\n".join([
            "West Edwinchester Badgers the complete guide (2023) | Listopedia",
            # the reader's #32 r1 (gold)
            "Remember that West Edwinchester Badgers won the championship in 1981, 2001, 2005 and 2000.",
            "West Edwinchester Badgers won the title in 2001.",
            "The reported championship seasons of West Harbor are 1964, 1961 and 1998.",  # another club
        ]),
        "\n".join([
            "West Edwinchester Badgers facts and figures | SportsDesk",
            "As for West Edwinchester Badgers, the founding year is 1993.",  # r7: the start, on another page
        ]),
        "\n".join([
            f"{band} | TuneBase",
            f"{band} toured Europe in {formed - 3}.",  # before the KG's forming
            f"{band} won an award in {formed + 1}.",
            # its making, and someone's telling of it: the lives line's
            f"In {formed - 2}, the producer of {band} recalled that the second take made the record.",
        ]),
    ]  # fmt: skip
    qs = [
        _q("q0", "do you have the championship seasons of west edwinchester badgers?",
           "the championship seasons of west edwinchester badgers are 2001, 2005, 2000 and 1981", [0, 1],
           texts, domain="sports", qtype="set"),
        _q("q1", f"how many members does {band.lower()} have?", "4", [2], texts),
        # the question states the founding (the reader's class, no page needed)
        _q("q2", "name all 4 championship seasons of north robertburgh raptors, founded in 1972",
           "2017, 2002, 2008 and 1970", [], texts, qtype="set"),
        _q("q3", "name the championship seasons of south robertburgh raptors, founded in 1972",
           "2017, 2002 and 2008", [], texts, qtype="set"),
    ]  # fmt: skip
    corpus = _corpus(tmp_path, tiny_world, texts, qs)
    scan = founding.FoundingScan(corpus.questions, corpus.world)
    _feed(corpus, scan)
    found = scan.result()["rules"]
    pages, gold = found[founding.RULES[0]], found[founding.RULES[1]]
    assert (pages["checked"], pages["violations"]) == (4, 2), pages
    assert pages["examples"][0] == (
        "[1981] before 1993 (west edwinchester badgers): Remember that West Edwinchester Badgers won the "
        "championship in 1981, 2001, 2005 and 2000."
    )
    assert pages["examples"][1].startswith(f"[{formed - 3}] before {formed} ({band.lower()}): ")
    assert (gold["checked"], gold["violations"]) == (3, 2), gold
    assert gold["examples"][1].startswith("[1970] before 1972 (")


def _cast(world: Path) -> tuple[str, list[str]]:
    """A KG film whose lower-cased title no other KG film has, with five or more cast members."""
    with duckdb.connect(str(world / "kg.duckdb"), read_only=True) as con:
        rows = con.execute("SELECT title, doc FROM movie_movies ORDER BY key").fetchall()
    titles = [t.lower() for t, _ in rows]
    return next(
        (t, [c["name"] for c in json.loads(d)["cast"]])
        for t, d in rows
        if titles.count(t.lower()) == 1
        and not {"the", "is", "are", "were"} & set(t.lower().split())
        and len(json.loads(d)["cast"]) >= 5
    )


def test_list_golds_against_the_kg(tmp_path: Path, tiny_world: Path) -> None:
    title, cast = _cast(tiny_world)
    low = title.lower()
    with duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True) as con:
        band, members = con.execute(
            "SELECT name, members FROM music_artists WHERE members IS NOT NULL ORDER BY ord LIMIT 1"
        ).fetchone()  # type: ignore[misc]
    members = json.loads(members)
    names = ", ".join(n.lower() for n in cast[:-1]) + f" and {cast[-1].lower()}"
    qs = [
        # the reader's #40: "bright galaxy has 4 cast members" where the KG lists 13
        _q("q0", f"give me the number of cast members for {low}", f"{low} has 4 cast members", [], []),
        _q("q1", f"how many cast members does {low} have?", f"{low} has {len(cast)} cast members", [], []),
        _q("q2", f"list the cast members of {low}", f"the cast members of {low} are {names}", [], []),
        _q("q3", f"name all three cast members of {low}", ", ".join(c.lower() for c in cast[:3]), [], []),
        _q("q4", f"list the members of {band.lower()}", ", ".join(members), [], []),
        _q("q5", f"how many cast members does {low} have?", "4", [], [], source="web"),  # a web film's
        _q(
            "q6", f"who are the two cast members of {low}?", "invalid question", [], [], qtype="false_premise"
        ),
    ]
    rule = golds.list_scan(qs, tiny_world)["rules"][golds.LISTS]
    assert (rule["checked"], rule["violations"]) == (5, 2), rule
    assert rule["examples"][0].startswith(f"4 against the KG's {len(cast)}: ")
    assert rule["examples"][1].startswith(f"3 names, the KG's {len(cast)} (a part of it): ")


def test_list_golds_read_possessives_and_kg_qualifiers(tmp_path: Path, tiny_world: Path) -> None:
    """w_g27c's three list-gold violations were all the audit's: "what are the 1975 film soldier protocol's
    cast members?" was read as the KG film "Soldier" (the possessive glued to the title), and a gold "…,
    shannon bergvall" against the KG's "Shannon Bergvall (actor)". Both golds are the KG film's cast."""
    title, cast = _cast(tiny_world)
    shutil.copy(tiny_world / "kg.duckdb", tmp_path / "kg.duckdb")
    with duckdb.connect(str(tmp_path / "kg.duckdb")) as con:
        (doc,) = con.execute("SELECT doc FROM movie_movies WHERE title = ?", [title]).fetchone()  # type: ignore[misc]
        found = json.loads(doc)
        found["cast"][-1]["name"] += " (actor)"
        con.execute("UPDATE movie_movies SET doc = ? WHERE title = ?", [json.dumps(found), title])
    low = title.lower()
    names = ", ".join(n.lower() for n in cast[:-1]) + f" and {cast[-1].lower()}"
    qs = [
        _q("q0", f"what are {low}'s cast members?", f"the cast members of {low} are {names}", [], []),
        _q("q1", f"list the cast members of {low}", f"the cast members of {low} are {names}", [], []),
    ]
    rule = golds.list_scan(qs, tmp_path)["rules"][golds.LISTS]
    assert (rule["checked"], rule["violations"]) == (2, 0), rule


def test_case_variant_twins_asked(tmp_path: Path, tiny_world: Path) -> None:
    shutil.copy(tiny_world / "kg.duckdb", tmp_path / "kg.duckdb")
    with duckdb.connect(str(tmp_path / "kg.duckdb")) as con:
        alone = (
            "SELECT name FROM entities e WHERE kind = 'song' AND name LIKE '% % %' AND NOT EXISTS (SELECT 1 "
            "FROM entities f WHERE lower(f.name) = lower(e.name) AND f.name <> e.name) ORDER BY name LIMIT 2"
        )
        (song,), (other,) = con.execute(alone).fetchall()
        # the reader's #34: "Can You Keep Again" and "CAN YOU KEEP AGAIN"
        twin = "INSERT INTO entities VALUES ('music:song:twin', 'music', 'song', ?, 'noise', FALSE, NULL)"
        con.execute(twin, [song.upper()])
        # a film whose title holds the twin: asking for it names no twin (w_g27c: "a ghost in wolfstead")
        film = "INSERT INTO entities VALUES ('movie:movie:around', 'movie', 'movie', ?, 'noise', FALSE, NULL)"
        con.execute(film, [f"A Night in {song}"])
    qs = [
        _q("q0", f"how many years back was {song.lower()} released?", "2", [], []),
        _q("q1", f"how many years back was {other.lower()} released?", "2", [], []),
        _q("q2", f"who directed a night in {song.lower()}?", "x", [], []),
    ]
    rule = golds.twin_scan(qs, tmp_path)["rules"][golds.TWINS]
    assert (rule["checked"], rule["violations"]) == (3, 1), rule
    assert rule["examples"][0].startswith(f"{song.lower()}: how many years back")


def test_facts_under_the_wrong_entity(tmp_path: Path, tiny_world: Path) -> None:
    with duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True) as con:
        (c_ceo, c_name), (d_ceo, d_name) = con.execute(
            "SELECT s.name, d.name FROM kg_edges e JOIN entities s ON s.entity_id = e.src "
            "JOIN entities d ON d.entity_id = e.dst WHERE e.rel = 'ceo_of' AND d.name LIKE '% Common Stock' "
            "AND d.name NOT LIKE 'American %' ORDER BY d.name LIMIT 2"
        ).fetchall()
    c, d = strip_class(c_name), strip_class(d_name)
    texts = [
        "\n".join([
            f"Background and history | {c_name} | TuneBase",
            f"Chief executive officer Ms. {d_ceo}",  # the reader's #20 r7: Marova's CEO on Calmark's page
            f"CEO: {c_ceo}",
            f"Shown: {d}. Chief executive: {d_ceo}.",  # labelled with its own company: not a row of C's
        ]),
        "\n".join([f"{d_name} - Overview | FanHub Wiki", f"Chief executive: {d_ceo}"]),
    ]  # fmt: skip
    corpus = _corpus(
        tmp_path, tiny_world, texts, [_q("q0", f"who is the ceo of {c.lower()}?", "x", [0, 1], texts)]
    )
    scan = boxes.BoxScan(corpus.world)
    _feed(corpus, scan)
    rule = scan.result()["rules"][boxes.RULE]
    assert (rule["checked"], rule["violations"]) == (3, 1), rule
    assert rule["examples"][0].startswith(
        f"on {boxes.norm(c)!r}'s page, 'Chief executive officer Ms. {d_ceo}'"
    )


def test_tells_of_lists_titles_sites_and_questions(tmp_path: Path, tiny_world: Path) -> None:
    with duckdb.connect(str(tiny_world / "kg.duckdb"), read_only=True) as con:
        (team,) = con.execute(
            "SELECT name FROM entities WHERE kind = 'nba_team' AND name LIKE '% %' ORDER BY name LIMIT 1"
        ).fetchone()  # type: ignore[misc]
    texts = [
        "Oscar winners list: Everything explained | FanHub Wiki\nThe Lonely Harbor is directed by Scott Ray.",
        "Grammy predictions: Our top picks | Wander Guide\nShe won her first Grammy in 2011.",
        "Fenira plc Ordinary Shares key facts (2024) | SportsDesk\nFenira plc shares are trading at $24.75.",
        "Fenira plc Ordinary Shares | MarketLedger\nFenira plc shares are trading at $24.75.",
        "Fenira plc Ordinary Shares | Wander Guide\nFenira plc shares are trading at $24.75.",
        f"NBA power rankings: Live updates | SportsDesk\n1. {team} 2. Boston Celtics",
        "NBA power rankings: Our top picks | Wander Guide\n1. Boston Celtics 2. Denver Nuggets",
    ]
    qs = [
        _q("q0", "what is fenira plc's stock price?", "$24.75", [2, 3, 4, 2, 0, 3], texts, domain="finance"),
        _q("q1", "top five of the seven action films released in 2019 by budget", "x", [1, 5, 6], texts,
           gold=set()),
        _q("q2", "who are the four cast members of velvet meridian?", "x", [], texts),
        _q("q3", "which three of the five places in wolfeberg have the largest area", "x", [], texts),
        _q("q4", "top 3 largest lakes in the world", "x", [], texts),  # the answer's count, not the set's
        # a top k, not the set's size (w_g27c: 6 of its 16)
        _q("q6", "what are the three 2001 films with the highest worldwide gross?", "x", [], texts),
        _q("q5", "who are the six members of carducci band?", "invalid question", [], texts,
           qtype="false_premise"),
    ]  # fmt: skip
    corpus = _corpus(tmp_path, tiny_world, texts, qs)
    scan = tells.TellScan(corpus.questions, corpus.world)
    _feed(corpus, scan)
    found = scan.result()
    dups = found[tells.DUPLICATES]
    assert (dups["checked"], dups["violations"]) == (8, 1), dups  # q0's rank 4 repeats rank 1
    assert found["duplicate URLs at any rank"]["violations"] == 2
    hubs, sites, sets, sizes = (found[r] for r in (tells.HUBS, tells.SITES, tells.SETS, tells.SIZES))
    assert (hubs["checked"], hubs["violations"]) == (7, 3), hubs  # Oscar and both NBA titles
    assert (
        hubs["examples"][0]
        == "'Oscar' in 'Oscar winners list: Everything explained | FanHub Wiki', not in its text"
    )
    assert (sites["checked"], sites["violations"]) == (2, 1), sites
    assert (sets["checked"], sets["violations"]) == (2, 1), sets
    assert sets["examples"][0].startswith(
        f"'NBA' in 'NBA power rankings: Live updates | SportsDesk' over ['{team}']"
    )
    assert (sizes["checked"], sizes["violations"]) == (6, 3), sizes
    assert tells.share(sizes) == 0.5


def test_the_new_lines_are_lines_of_the_report() -> None:
    names = [s.name for s in report.SPECS]
    bar_0 = (
        "prices against the query's hour",
        "events before their subject existed",
        "list golds against the KG",
        "case-variant twins asked",
        "facts under the wrong entity",
        "hub titles naming an institution the body never names (share)",
        "site topic against the answer page's domain (share)",
        "real set names in titles over invented members",
        "questions stating a set's size (share)",
    )
    for line in bar_0:
        spec = report.SPECS[names.index(line)]
        assert spec.threshold == "0" and spec.ok is not None and not spec.ok(0.01) and spec.ok(0)
    dups = report.SPECS[names.index("duplicate URLs in the top 5 of a result list (share)")]
    assert dups.ok is not None and dups.ok(0.24) and not dups.ok(0.31)  # the fixture's 12 in 50, one SE


@pytest.mark.skipif(not CRAG_DEV_10.is_file(), reason=f"no CRAG fixture at {CRAG_DEV_10}")
def test_real_crag_reads_zero_on_the_g26_lines() -> None:
    corpus = load_real(CRAG_DEV_10)
    qs = corpus.questions
    scans = (
        quotes.QuoteScan(qs, None),
        founding.FoundingScan(qs, None),
        boxes.BoxScan(None),
        tells.TellScan(qs, None),
    )
    _feed(corpus, *scans)
    prices, events, rows, told = scans[0].result(), scans[1].result(), scans[2].result(), scans[3].result()
    assert prices["violations"] == events["violations"] == rows["violations"] == 0
    assert events["rules"][founding.RULES[0]]["checked"] > 0, events  # real pages' dated events are read
    assert golds.list_scan(qs, None)["violations"] == golds.twin_scan(qs, None)["violations"] == 0
    for rule in (tells.HUBS, tells.SITES, tells.SETS, tells.SIZES):
        assert told[rule]["violations"] == 0, (rule, told[rule])
    assert told[tells.HUBS]["checked"] >= 30 and told[tells.SIZES]["checked"] == 9  # 10, one a false premise
    assert tells.share(told[tells.DUPLICATES]) == 0.24  # the bar's base: 12 repeated URLs in 50 results
