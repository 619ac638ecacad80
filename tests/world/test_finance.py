"""The synthetic finance domain, read back from a real tiny world (contract §1.5 finance, §2.6)."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable

import duckdb
import pytest

from mockapi.core.textnorm import normalize
from mockapi.world.real.market_days import trading_days_until
from mockapi.world.scales import get_scale

TINY = get_scale("tiny")
LAST_DAY = "2024-03-15 00:00:00 EST"


def info(kg: duckdb.DuckDBPyConnection, ticker: str) -> dict[str, object]:
    doc = json.loads(kg.execute("SELECT doc FROM fin_info WHERE ticker = ?", [ticker]).fetchone()[0])  # type: ignore[index]
    assert isinstance(doc, dict)
    return doc


def count(kg: duckdb.DuckDBPyConnection, table: str, where: str) -> int:
    n = kg.execute(f"SELECT count(*) FROM {table} WHERE {where}").fetchone()[0]  # type: ignore[index]
    assert isinstance(n, int)
    return n


def targets(kg: duckdb.DuckDBPyConnection) -> list[tuple[str, str, str]]:
    """(entity id, name, ticker) of every finance target."""
    rows = kg.execute(
        "SELECT entity_id, name FROM entities WHERE domain = 'finance' AND is_target ORDER BY entity_id"
    ).fetchall()
    return [(eid, name, eid.rsplit(":", 1)[1]) for eid, name in rows]


def test_company_list_has_unique_exchange_style_tickers(kg: duckdb.DuckDBPyConnection) -> None:
    rows = kg.execute("SELECT ord, name, symbol FROM fin_companies ORDER BY ord").fetchall()
    assert [r[0] for r in rows] == list(range(len(rows)))
    symbols = [r[2] for r in rows]
    assert symbols == sorted(symbols) and len(set(symbols)) == len(symbols)
    assert all(re.fullmatch(r"[A-Z]{1,5}", s) for s in symbols)
    suffixes = ("Stock", "Shares", "Unit", "Warrant", "Right", *(f"due {y}" for y in range(2026, 2065)))
    assert all(name.endswith(suffixes) for _, name, _ in rows)
    companies = kg.execute("SELECT count(*) FROM entities WHERE kind = 'company'").fetchone()[0]  # type: ignore[index]
    assert companies == len(rows) >= TINY.targets["finance"] * (TINY.lookalikes + 1) + TINY.filler["finance"]


def test_every_target_has_lookalikes_that_name_search_finds(kg: duckdb.DuckDBPyConnection) -> None:
    names = [r[0] for r in kg.execute("SELECT name FROM fin_companies").fetchall()]
    for eid, name, _ in targets(kg):
        looks = [
            r[0] for r in kg.execute("SELECT name FROM entities WHERE lookalike_of = ?", [eid]).fetchall()
        ]
        assert len(looks) >= TINY.lookalikes
        brand = normalize(name).split()[0]
        # get_company_name("<brand>") must come back with the target among many look-alikes, as "Apple" does
        hits = [n for n in names if brand in normalize(n).split()]
        assert name in hits and len(hits) >= 10
        # BM25 on a one-token query ranks shorter names first: head/torso targets must make the top 10
        if kg.execute("SELECT popularity FROM entities WHERE entity_id = ?", [eid]).fetchone()[0] != "tail":  # type: ignore[index]
            no_longer = [n for n in hits if len(normalize(n).split()) <= len(normalize(name).split())]
            assert len(no_longer) <= 10
        assert any(n.endswith(" Warrant") for n in looks) and any(n.endswith(" Unit") for n in looks)


def test_targets_split_into_equal_popularity_thirds(kg: duckdb.DuckDBPyConnection) -> None:
    tiers = dict(
        kg.execute(
            "SELECT popularity, count(*) FROM entities WHERE domain = 'finance' AND is_target GROUP BY 1"
        ).fetchall()
    )
    n = TINY.targets["finance"]
    assert tiers == {"head": n // 3, "torso": n // 3, "tail": n // 3}
    others = kg.execute(
        "SELECT DISTINCT popularity FROM entities WHERE domain = 'finance' AND NOT is_target"
    ).fetchall()
    assert others == [("noise",)]


def test_daily_bars_cover_252_trading_days_and_are_well_formed(kg: duckdb.DuckDBPyConnection) -> None:
    per_ticker = kg.execute("SELECT count(*), min(ts), max(ts) FROM fin_prices GROUP BY ticker").fetchall()
    assert len(per_ticker) == kg.execute("SELECT count(*) FROM fin_companies").fetchone()[0]  # type: ignore[index]
    expected = trading_days_until(dt.date(2024, 3, 15), 252)
    assert set(per_ticker) == {(252, f"{expected[0]} 00:00:00 EST", LAST_DAY)}
    days = [r[0] for r in kg.execute("SELECT DISTINCT ts FROM fin_prices ORDER BY ts").fetchall()]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d 00:00:00 EST", d) for d in days)
    assert all(dt.date.fromisoformat(d[:10]).weekday() < 5 for d in days)
    assert not {"2023-12-25", "2024-01-15", "2024-02-19", "2023-11-23"} & {d[:10] for d in days}
    assert (
        count(kg, "fin_prices", "high < greatest(open, close) OR low > least(open, close) OR low <= 0") == 0
    )


def test_minute_bars_fill_five_sessions_and_match_the_daily_bar(kg: duckdb.DuckDBPyConnection) -> None:
    counts = kg.execute(
        "SELECT ticker, count(*), count(DISTINCT left(ts, 10)), min(right(ts, 12)), max(right(ts, 12)) "
        "FROM fin_minute_prices GROUP BY ticker"
    ).fetchall()
    assert {t for _, _, t in targets(kg)} <= {r[0] for r in counts}
    assert {r[1:] for r in counts} == {(5 * 390, 5, "09:30:00 EST", "15:59:00 EST")}
    mismatched = kg.execute(
        """WITH m AS (
               SELECT ticker, left(ts, 10) AS day, arg_min(open, ts) AS o, arg_max(close, ts) AS c,
                      max(high) AS h, min(low) AS l, count(*) AS n
               FROM fin_minute_prices GROUP BY 1, 2)
           SELECT count(*) FROM m JOIN fin_prices p ON p.ticker = m.ticker AND left(p.ts, 10) = m.day
           WHERE m.n <> 390 OR p.open <> m.o OR p.close <> m.c OR p.high <> m.h OR p.low <> m.l"""
    ).fetchone()[0]  # type: ignore[index]
    assert mismatched == 0
    assert count(kg, "fin_minute_prices", "high < greatest(open, close) OR low > least(open, close)") == 0


def test_info_is_consistent_with_the_price_series(kg: duckdb.DuckDBPyConnection) -> None:
    for _, _, ticker in targets(kg):
        doc = info(kg, ticker)
        keys = list(doc)
        assert len(keys) >= 100 and keys[0] == "address1" and keys[-1] == "trailingPegRatio"
        close, lo, hi = kg.execute(
            "SELECT arg_max(close, ts), min(low), max(high) FROM fin_prices WHERE ticker = ?", [ticker]
        ).fetchone()  # type: ignore[misc]
        assert doc["currentPrice"] == close
        assert (doc["fiftyTwoWeekLow"], doc["fiftyTwoWeekHigh"]) == (lo, hi)
        assert doc["marketCap"] == round(close * doc["sharesOutstanding"])
        assert doc["forwardPE"] == pytest.approx(close / doc["forwardEps"])
        officer = doc["companyOfficers"][0]  # type: ignore[index]
        assert {"maxAge", "name", "title", "fiscalYear", "exercisedValue", "unexercisedValue"} <= set(officer)
        mcap = kg.execute("SELECT value FROM fin_marketcap WHERE ticker = ?", [ticker]).fetchone()[0]  # type: ignore[index]
        assert mcap != doc["marketCap"] and mcap == pytest.approx(doc["marketCap"], rel=0.02)


def test_non_common_listings_have_a_short_info_without_eps(kg: duckdb.DuckDBPyConnection) -> None:
    warrants = [
        r[0] for r in kg.execute("SELECT symbol FROM fin_companies WHERE name LIKE '% Warrant'").fetchall()
    ]
    assert warrants
    for ticker in warrants:
        doc = info(kg, ticker)
        assert "forwardEps" not in doc and doc["symbol"] == ticker and 20 <= len(doc) < 60


def test_dividends_are_quarterly_on_trading_days_and_match_info(kg: duckdb.DuckDBPyConnection) -> None:
    rows = kg.execute("SELECT ticker, ts, amount FROM fin_dividends ORDER BY ticker, ts").fetchall()
    payers = {r[0] for r in rows}
    assert len(payers) >= 5
    for _, ts, amount in rows:
        day = dt.date.fromisoformat(ts[:10])
        assert (
            ts.endswith(" 00:00:00 EST") and day.weekday() < 5 and day <= dt.date(2024, 3, 15) and amount > 0
        )
    for ticker in sorted(payers)[:10]:
        last_ts, last_amount = next((ts, a) for t, ts, a in reversed(rows) if t == ticker)
        doc = info(kg, ticker)
        stamp = dt.datetime.fromtimestamp(doc["exDividendDate"], dt.timezone.utc).date()  # type: ignore[arg-type]
        assert stamp.isoformat() == last_ts[:10] and doc["lastDividendValue"] == last_amount


def test_ceo_and_parent_edges(kg: duckdb.DuckDBPyConnection) -> None:
    ceo_edges = kg.execute(
        "SELECT e.name, k.dst FROM kg_edges k JOIN entities e ON e.entity_id = k.src WHERE k.rel = 'ceo_of'"
    ).fetchall()
    assert len(ceo_edges) == kg.execute("SELECT count(*) FROM fin_marketcap").fetchone()[0]  # type: ignore[index]
    for name, company in ceo_edges[:50]:
        assert info(kg, company.rsplit(":", 1)[1])["companyOfficers"][0]["name"] == name  # type: ignore[index]
    edges = kg.execute("SELECT src, dst FROM kg_edges WHERE rel = 'parent_of'").fetchall()
    linked = {e for edge in edges for e in edge}
    assert {eid for eid, _, _ in targets(kg)} <= linked


def test_same_seed_gives_the_same_finance_rows(
    kg: duckdb.DuckDBPyConnection, generate_domain: Callable[[str, int], duckdb.DuckDBPyConnection]
) -> None:
    con = generate_domain("finance", 0)
    for query in (
        "SELECT ord, name, symbol FROM fin_companies ORDER BY ord",
        "SELECT ticker, doc FROM fin_info ORDER BY ticker",
        "SELECT ticker, sum(close), sum(volume) FROM fin_prices GROUP BY 1 ORDER BY 1",
        "SELECT ticker, sum(high), sum(volume) FROM fin_minute_prices GROUP BY 1 ORDER BY 1",
    ):
        assert con.execute(query).fetchall() == kg.execute(query).fetchall()
