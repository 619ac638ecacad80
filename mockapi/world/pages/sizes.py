"""A company's size on its pages: the sums its news names (deals, buybacks, loans, charges, revenue, profit)
follow its market capitalisation, the KG's where the KG lists the company, else one drawn from its name.

"Fenova Holdings Inc. confirmed a $4 billion share buyback" of a company the KG values at $0.33 bn, a EUR 6bn
loan and $6bn quarterly revenue at companies worth $0.33-1.7 bn (g24 reader: 7.5 of 100 rank-1 pages, one
absurd). Shares of the market cap: a deal or a buyback 0.5-12 %, a quarter's revenue 2.5-10 % (price to sales
2.5-10 a year), a quarter's profit 0.1-2 % (every profit below every revenue, as before).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from pathlib import Path

import duckdb

from mockapi.world.pages.bare_names import bare, issuer

_CAPS: dict[str, float] = {}
"""Market caps in US dollars by company name (with and without its listing) in this process (`use_caps`)."""
_CAPS_FILE = [""]  # the KG file `_CAPS` was read from ('' when set otherwise)

DEAL = (0.005, 0.12)  # a deal, buyback, loan, bond or charge
REVENUE = (0.025, 0.10)  # a quarter's revenue or sales
INCOME = (0.001, 0.02)  # a quarter's profit, income or cash flow
# a company the KG does not list: log-uniform between these (the KG's default world: $0.05-200 bn)
_DRAWN = (3e8, 4e10)
# people hired, laid off or moved at once: 0.2-4 % of the employees (g25: "540 managers laid off" at a firm
# of 1,001), at least two; the employees the KG's, else one per $0.2-2 m of market cap (drawn from the name)
STAFF = (0.002, 0.04)
_PER_HEAD = (2e5, 2e6)
# the employees of a name are kept beside the caps, under this mark (one table every helper reads)
_STAFF_KEY = "\x00staff "
_ISSUER_KEY = "\x00issuer "  # a security's issuer (`issuer`): a warrant's or a note's size is its issuer's


def kg_caps(kg: Path) -> dict[str, float]:
    """Each KG company's market cap, by its name as listed and as prose names it (no listing suffix)."""
    out: dict[str, float] = {}
    with duckdb.connect(str(kg), read_only=True) as con:
        tables = {t for (t,) in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
        if not {"fin_companies", "fin_marketcap"} <= tables:
            return out
        sql = "SELECT c.name, m.value FROM fin_companies c JOIN fin_marketcap m ON m.ticker = c.symbol"
        sql += " ORDER BY"
        for name, value in con.execute(f"{sql} c.name, m.value").fetchall():
            if name and value and value > 0:
                out.setdefault(name, float(value))
                out.setdefault(bare(name), float(value))
        # a warrant, unit or note has no cap of its own: its issuer's first listed security's is its size
        # (g44: a warrant's page drew $3-40 bn from its name, "a bond sale of $726m" at a $0.10 bn SPAC)
        for name, value in con.execute(f"{sql} c.ord").fetchall():
            if name and value and value > 0:
                out.setdefault(_ISSUER_KEY + issuer(name), float(value))
        _kg_staff(con, tables, out)
    return out


def _kg_staff(con: duckdb.DuckDBPyConnection, tables: set[str], out: dict[str, float]) -> None:
    """The KG's employee counts (a listed company's, an organisation's) into `out`, by `_STAFF_KEY` + name."""
    sql = []
    if "fin_info" in tables:
        sql.append(
            "SELECT c.name, TRY_CAST(json_extract_string(i.doc, '$.fullTimeEmployees') AS DOUBLE) FROM"
            " fin_companies c JOIN fin_info i ON i.ticker = c.symbol"
        )
    if "open_entities" in tables:
        sql.append(
            "SELECT name, TRY_CAST(json_extract_string(summary_structured, '$.num_employees') AS DOUBLE)"
            " FROM open_entities"
        )
    for query in sql:
        for name, value in con.execute(f"{query} ORDER BY 1, 2").fetchall():
            if name and value and value > 0:
                out.setdefault(_STAFF_KEY + name, float(value))
                out.setdefault(_STAFF_KEY + bare(name), float(value))
                out.setdefault(_STAFF_KEY + _ISSUER_KEY + issuer(name), float(value))


def use_caps(caps: dict[str, float]) -> None:
    """Make `caps` (`kg_caps`) the market caps every page of this process sizes companies by."""
    _CAPS.clear()
    _CAPS.update(caps)
    _CAPS_FILE[0] = ""


def use_caps_file(kg: str) -> None:
    """`use_caps` with the caps of the KG file `kg` (read once a process; '' for none)."""
    if kg != _CAPS_FILE[0]:
        use_caps(kg_caps(Path(kg)) if kg else {})
        _CAPS_FILE[0] = kg


def cap_of(name: str) -> float:
    """The market cap of company `name`: the KG's, else drawn from the name (every page of it agrees)."""
    found = _CAPS.get(name)
    if found is None:  # the issuer's only when the name has none (a regex a call, on every prose line)
        found = _CAPS.get(_ISSUER_KEY + issuer(name))
    if found is not None:
        return found
    lo, hi = _DRAWN
    return float(lo * (hi / lo) ** ((zlib.crc32(name.encode()) % 10_000) / 10_000))


def staff_of(name: str) -> float:
    """The employees of company `name`: the KG's, else one per $0.2-2 m of its market cap (by the name)."""
    found = _CAPS.get(_STAFF_KEY + name)
    if found is None:
        found = _CAPS.get(_STAFF_KEY + _ISSUER_KEY + issuer(name))
    if found is not None:
        return found
    lo, hi = _PER_HEAD
    per_head: float = lo * (hi / lo) ** ((zlib.crc32(name[::-1].encode()) % 1000) / 1000)
    return max(20.0, cap_of(name) / per_head)


def headcount(staff: float, rng: random.Random) -> int:
    """How many of `staff` employees one move of people takes (`STAFF`), at least two."""
    return max(2, round(staff * rng.uniform(*STAFF)))


# a firm too small for a move of two people to be a small part of it (27 staff: 7 %) moves "a couple of"
# people: a count in words, of the few it has (the audit's sizes line: "Cochran plc recruited 2 drivers")
_FEW = ("a couple of", "a few")
_FEW_BELOW = 2 / STAFF[1]  # 50 employees


def people(staff: float, rng: random.Random) -> str:
    """The {staff} slot: a move of people at a firm of `staff` employees, as prose writes it."""
    if staff < _FEW_BELOW:
        return rng.choice(_FEW)
    return f"{headcount(staff, rng):,}"


def listed(name: str) -> bool:
    """Whether the KG lists company `name` (its figures are the KG's, not a page's to invent)."""
    return name in _CAPS


# One company reports in one currency: each sum drew its own ("Brown Group revealed fourth-quarter operating
# profit at €22m" beside "posted cash flow for the fourth quarter worth $4m" on one page: the 20,000 train
# world's profit above revenue). The currency is the name's (a share of names in euros and pounds, as before).
_CURRENCIES = ("$",) * 12 + ("€",) * 5 + ("£",) * 3
_BILLIONS = {"$": ("${}bn", "${} billion"), "€": ("€{}bn", "€{} billion"), "£": ("£{}bn", "£{} billion")}
_MILLIONS = {"$": ("${}m", "${} million"), "€": ("€{}m", "€{} million"), "£": ("£{}m", "£{} million")}


def currency(name: str) -> str:
    """The currency company `name` reports in, the same on every page (drawn from the name)."""
    return _CURRENCIES[zlib.crc32(("currency|" + bare(name)).encode()) % len(_CURRENCIES)]


def amount(cap: float, share: tuple[float, float], rng: random.Random, unit: str = "$") -> str:
    """A sum of `share` of `cap` in currency `unit`, written as news writes it ("$38m", "$1.2 billion",
    "€640,000")."""
    value = cap * rng.uniform(*share)
    if value >= 1e9:
        number = f"{value / 1e9:.1f}".removesuffix(".0")
        return rng.choice(_BILLIONS[unit]).format(number)
    if value >= 1e6:
        return rng.choice(_MILLIONS[unit]).format(max(1, round(value / 1e6)))
    return f"{unit}{max(10, round(value / 1e4) * 10)},000"


def slots(cap: float, staff: float, unit: str = "$") -> dict[str, Callable[[random.Random], str]]:
    """The prose's sums ({money}, {revenue}, {income}) of a company worth `cap`, in its currency `unit`
    (`currency`), and its moves of people ({staff}, a number the prose writes) of `staff` employees."""
    return {
        "money": lambda r: amount(cap, DEAL, r, unit),
        "revenue": lambda r: amount(cap, REVENUE, r, unit),
        "income": lambda r: amount(cap, INCOME, r, unit),
        "staff": lambda r: people(staff, r),
    }
