"""Finance domain (contract §2.6): company_name.dict (a CSV) and five SqliteDict files of pickled values."""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from mockapi.formats.writer import TableWriter
from mockapi.importers.kg import safe_pickle, sqlitedict
from mockapi.importers.kg.encode import dumps, opt_float, opt_int
from mockapi.importers.kg.progress import ImportProgress

DOMAIN = "finance"
COMPANIES = "finance/company_name.dict"

Rows = Iterator[tuple[Any, ...]]


def _bars(ticker: str, value: Any) -> Rows:
    """One row per date key, keys kept verbatim ('… EST'), in key order (the schema's (ticker, ts) sort)."""
    if not isinstance(value, dict):
        return
    for ts in sorted(value, key=str):
        bar = value[ts] if isinstance(value[ts], dict) else {}
        yield (
            ticker,
            str(ts),
            opt_float(bar.get("Open")),
            opt_float(bar.get("High")),
            opt_float(bar.get("Low")),
            opt_float(bar.get("Close")),
            opt_int(bar.get("Volume")),
        )


def _dividends(ticker: str, value: Any) -> Rows:
    if isinstance(value, dict):
        for ts in sorted(value, key=str):
            yield (ticker, str(ts), opt_float(value[ts]))


def _marketcap(ticker: str, value: Any) -> Rows:
    yield (ticker, opt_float(value))


def _info(ticker: str, value: Any) -> Rows:
    if value is not None:
        yield (ticker, dumps(value))  # NaN kept as a NaN token; the server maps it to null


SQLITE_FILES: dict[str, tuple[str, Callable[[str, Any], Rows]]] = {
    "finance/finance_price.sqlite": ("fin_prices", _bars),
    "finance/finance_detailed_price.sqlite": ("fin_minute_prices", _bars),
    "finance/finance_dividend.sqlite": ("fin_dividends", _dividends),
    "finance/finance_marketcap.sqlite": ("fin_marketcap", _marketcap),
    "finance/finance_info.sqlite": ("fin_info", _info),
}
FILES = (COMPANIES, *SQLITE_FILES)


def run(root: Path, out: TableWriter, progress: ImportProgress) -> dict[str, int]:
    """Import whichever finance files exist; returns companies and tickers per file."""
    counts: dict[str, int] = {}
    if (root / COMPANIES).is_file():
        counts["companies"] = _companies(root / COMPANIES, out, progress)
    for rel, (table, to_rows) in SQLITE_FILES.items():
        path = root / rel
        if path.is_file():
            counts[table] = _sqlite_file(path, table, to_rows, out, progress)
    out.flush()
    return counts


def _companies(path: Path, out: TableWriter, progress: ImportProgress) -> int:
    """Every (Name, Symbol) row in file order; duplicates kept (search shows both, lookup takes the last)."""
    n = 0
    with progress.step(f"finance: {path.name}", None), path.open(encoding="utf-8-sig", newline="") as f:
        for record in csv.DictReader(f):
            name = record.get("Name") or ""
            if not name:
                continue  # a nameless row can be neither searched nor looked up (the original fails on it)
            out.add("fin_companies", (n, name, record.get("Symbol") or ""))
            n += 1
    return n


def _sqlite_file(
    path: Path, table: str, to_rows: Callable[[str, Any], Rows], out: TableWriter, progress: ImportProgress
) -> int:
    tickers = 0
    with progress.step(f"finance: {path.name}", sqlitedict.count(path)) as advance:
        for ticker, value in sqlitedict.items(path, sort_keys=True):
            with safe_pickle.crag_shaped(f"{path} (key {ticker!r})"):
                out.add_many(table, to_rows(str(ticker), value))
            tickers += 1
            advance(1)
    return tickers
