"""Four of the generator-28 default world's seven FAIL lines were the audit's own misreadings (issue 31,
/work/scratch/audit30/notes.md): each case here is the world's sentence or figures, and each test fails on
main `6ca58d2`.

- prices against the query's hour (3 of 3): a "right now" gold is the close of the last minute bar finished by
  the query time; the audit took the bar of the query's own minute (not closed yet) and then read the pages'
  "trading at ... (13 Mar)" as that day's close;
- anachronisms (18 of 18): a page's subject is the dated name its title gives, not the first dated name of
  its first 300 characters (a look-alike's release in its opening sentence);
- works on a building before it stood (1 of 1): each clause with its own dates;
- rosters of both sexes (1 of 1): the names of the sentence that says "starters", not the next sentence's.

Real stores throughout: page texts in a pages.duckdb (beside a copy of the tiny world's KG where a rule
needs one) read through `Corpus` as the audit reads a world.
"""

from __future__ import annotations

import datetime as dt
import itertools
from pathlib import Path
from typing import Any

import duckdb
from audit_stores import page_corpus

from mockapi.audit import eras, lifespans, markets, media, quotes, results, rosters
from mockapi.audit.data import AuditQuestion, Corpus, Result
from mockapi.audit.prices import strip_class
from mockapi.formats.manifest import Manifest


def _q(qid: str, query: str, answer: str, texts: list[str], when: str, **fields: Any) -> AuditQuestion:
    """A question ranking every page of `texts` (each text's first line is its title), all answer pages."""
    ranked = [
        Result(k + 1, f"p{k}", f"https://site{k}.example/{k}", t.split("\n", 1)[0], "", 100)
        for k, t in enumerate(texts)
    ]
    gold = {r.page_id for r in ranked}
    q = AuditQuestion(qid, query, "music", "simple", "static", answer, [], [], ranked, gold, when, "kg")
    for key, value in fields.items():
        setattr(q, key, value)
    return q


def _fed(corpus: Corpus, *scans: Any) -> None:
    for read in results.read_results(corpus, corpus.questions):
        for scan in scans:
            scan.add(read)


def _minute_bars(world: Path) -> tuple[str, str, dt.datetime, float, float, set[float]]:
    """A KG common stock with minute bars (its name up to the class, its ticker), a minute m after 10:00 ET
    whose bar closes at a price that is not the next bar's nor any session's close: (name, ticker, m, the
    close of m's bar, the close of m + 1's bar, every daily close)."""
    with duckdb.connect(str(world / "kg.duckdb"), read_only=True) as con:
        name, ticker = con.execute(
            "SELECT c.name, c.symbol FROM fin_companies c WHERE c.name LIKE '% Common Stock' AND "
            "c.name NOT LIKE 'American %' AND EXISTS (SELECT 1 FROM fin_minute_prices m WHERE m.ticker = "
            "c.symbol) ORDER BY c.ord LIMIT 1"
        ).fetchone()  # type: ignore[misc]
        bars = con.execute(
            "SELECT ts, close FROM fin_minute_prices WHERE ticker = ? ORDER BY ts", [ticker]
        ).fetchall()
        closes = {round(float(c), 2) for (c,) in con.execute(
            "SELECT close FROM fin_prices WHERE ticker = ?", [ticker]).fetchall()}  # fmt: skip
    minutes = [(dt.datetime.fromisoformat(str(ts)[:16]), round(float(c), 2)) for ts, c in bars]
    for (at, price), (_next, later) in itertools.pairwise(minutes):
        if at.hour >= 10 and abs(price - later) > 0.02 and price not in closes:
            return strip_class(str(name)), str(ticker), at, price, later, closes
    raise AssertionError(f"no usable minute bar for {ticker}")


def test_a_right_now_gold_is_the_last_finished_minute_bar(tmp_path: Path, tiny_world: Path) -> None:
    company, ticker, bar, price, later, _ = _minute_bars(tiny_world)
    day = bar.date()
    # g28's `5c451a41`: asked 16 seconds into the next minute (ET), 25 shares at the finished bar's close
    asked = bar + dt.timedelta(minutes=1, seconds=16) - quotes.PT_TO_ET
    when = f"{asked:%m/%d/%Y, %H:%M:%S} PT"
    texts = [
        f"{company} everything explained | Pulse\n"
        f"Last checked {day:%d %b %Y}: {company} shares are trading at {price:.2f} USD."
    ]
    fin = {"domain": "finance", "dynamism": "real-time", "qtype": "simple"}
    qs = [
        _q("q0", f"how much would 25 shares of {company.lower()} cost?", f"${25 * price:,.2f}", texts, when,
           **fin),
        # the bar of the query's own minute closes after the question: its price did not exist yet
        _q("q1", f"what is the current stock price of {company.lower()}?", f"${later:.2f}", texts, when,
           **fin),
    ]  # fmt: skip
    corpus = page_corpus(tmp_path, tiny_world, texts, qs)
    scan = quotes.QuoteScan(qs, corpus.world)
    _fed(corpus, scan)
    gold = scan.result()["rules"][quotes.RULES[0]]
    assert gold["checked"] == 1 and gold["violations"] == 0, (ticker, bar, gold)
    series = quotes.kg_series(corpus.world, {ticker})[ticker]
    moment = quotes.query_moment(when)
    assert moment is not None and series.minute_price(moment) == price
    assert series.minute_price(bar) != price  # at the bar's own minute it has not closed


def test_a_page_is_about_the_name_its_title_gives(tmp_path: Path, tiny_world: Path) -> None:
    # g28's `4c00e99a`, three answer pages alike: a 1992 web song whose page opens with a look-alike's release
    texts = [
        "Crimson Letters: everything explained\nKey facts\n"
        "Midnight Letters was released on 24 Dec 1954. Crimson Letters runs just over 11 minutes.\n"
        "Crimson Letters closes with a sample from an old soul record.\n"
        "Commentators singled out the drum programming of the slow single.\n"
        "Release date Tue, 9 Jun 1992",
        # the title's own dated name still dates the page's unnamed sentences
        "Midnight Letters: what to know\nMidnight Letters was released on 24 Dec 1954.\n"
        "Commentators singled out the drum programming of the slow single.",
    ]
    qs = [_q("q0", "which weekday was crimson letters by phillip cook released?", "tuesday", texts,
             "02/28/2024, 00:31:45 PT")]  # fmt: skip
    corpus = page_corpus(tmp_path, tiny_world, texts, qs)
    pages, known = lifespans.read_pages(corpus, qs)
    assert pages[0].subject(known) is None
    found = eras.era_scan(pages, known)
    assert found["anachronisms"] == 1, found["examples"]
    assert found["examples"][0].endswith(
        "at 1954: Commentators singled out the drum programming of the slow single."
    )


def test_works_on_a_building_are_dated_by_their_own_clause(tmp_path: Path, tiny_world: Path) -> None:
    texts = [
        "Montesstad Cathedral\n"
        # g28's `add4aa4f`: the heatwave's year, not the repair's
        "Montesstad Cathedral repaired a wing put up in 2020 after 7 months of work, while a heatwave shut "
        "the north parking area at Montesstad Cathedral in November 1994.\n"
        # a stood year in another clause of the sentence still dates the works
        "The chapel was built in 2016 after long delays, and the trust extended the chapel in 2009.\n"
        "The trust extended a wing erected in 2016 in October 2009."
    ]
    qs = [_q("q0", "when was montesstad cathedral established?", "1801", texts, "03/11/2024, 10:00:00 PT")]
    corpus = page_corpus(tmp_path, tiny_world, texts, qs)
    pages, _ = lifespans.read_pages(corpus, qs)
    rule = media.building_scan(pages)["rules"][media.BUILDINGS]
    assert (rule["checked"], rule["violations"]) == (2, 2), rule
    assert all("Montesstad" not in e for e in rule["examples"])


def test_a_roster_is_the_names_of_its_own_sentence(tmp_path: Path) -> None:
    texts = [
        "Johnview Owls the complete guide (2024) | Inkwell\n"
        # g28's `9518654e`: five men, then the head coach in the next sentence
        "Johnview Owls welcomed back two rotation players on Saturday. Last checked 8 Jan 2024: the starters "
        "for Johnview Owls in their last game were Tim Navarro, Justin Cook, Roger Sosa, Jason Wheeler and "
        "Alexander Larson. The official listing for Johnview Owls lists Jacqueline Maldonado as the head "
        "coach.\n"
        "Starters (2 days ago): Tiffany Parker, Suzanne Davis and Richard Taylor"
    ]
    q = _q("q0", "i need the number of starters for jacqueline maldonado's johnview owls", "5", texts, "",
           domain="sports")  # fmt: skip
    with duckdb.connect(str(tmp_path / "pages.duckdb")) as con:
        con.execute("CREATE TABLE pages (page_id VARCHAR, text VARCHAR)")
        con.executemany("INSERT INTO pages VALUES (?, ?)", [(f"p{i}", t) for i, t in enumerate(texts)])
    scan = rosters.RosterScan()
    _fed(Corpus("world", [q], Manifest(), tmp_path), scan)
    rule = scan.result()["rules"][rosters.RULE]
    assert (rule["checked"], rule["violations"]) == (2, 1), rule
    assert rule["examples"][0].startswith("Tiffany, Suzanne, Richard")


def test_sales_staff_are_no_revenue(tmp_path: Path, tiny_world: Path) -> None:
    texts = [
        "Smith Group: discussion thread\n"
        # the g29 default world (world30 07e1abf), rank 6 of f7de1ac2: the line's one count
        "SOHM booked cash flow for the first quarter of £3m, about in line with what Dias Capital "
        "projected — SOHM added 160 sales employees in Tucson.\n"
        "SOHM reported operating earnings across the first quarter worth $31 million, a touch below "
        "guidance.\n"
        "SOHM posted first-quarter sales of $20 million.\n"  # sales still a revenue
        "SOHM reported second-quarter net income of $12m.\n"
        "SOHM booked $9m of second-quarter revenue."
    ]
    asked = "03/14/2024, 19:19:07 PT"
    qs = [_q("q0", "corey mendoza's company went public in what decade?", "x", texts, asked)]
    corpus = page_corpus(tmp_path, tiny_world, texts, qs)
    pages, _ = lifespans.read_pages(corpus, qs)
    rule = markets.market_scan(pages, [])["rules"]["profit above revenue"]
    assert (rule["checked"], rule["violations"]) == (2, 2), rule
    assert rule["examples"][0].startswith("SOHM Q1: profit 31,000,000 > revenue 20,000,000")
