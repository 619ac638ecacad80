"""Misreadings met among the FAIL cases of generator 36's 5,000-question train world (issue 34), each fixed
and tested here on stores of its own; each test fails on the audit before its fix (main `6d43629`)."""

from __future__ import annotations

from pathlib import Path

import duckdb

from mockapi.audit import golds
from mockapi.audit.data import AuditQuestion


def _q(query: str, answer: str) -> AuditQuestion:
    return AuditQuestion("q", query, "finance", "comparison", "static", answer, [], [], [], set(), "", "kg")


def test_a_possessive_company_name_holding_a_twin_names_the_company(tmp_path: Path) -> None:
    # the KG holds the places "Thornton", "THORNTON" and "thornton"; "thornton group's" is the company
    with duckdb.connect(str(tmp_path / "kg.duckdb")) as con:
        con.execute("CREATE TABLE entities (name VARCHAR, kind VARCHAR)")
        twins = [("Thornton", "place"), ("THORNTON", "place"), ("thornton", "place")]
        con.executemany("INSERT INTO entities VALUES (?, ?)", twins)
    qs = [
        _q("ok then, is lucero technologies' trading volume higher than thornton group's?", "no"),
        _q("is thornton groups' volume higher?", "no"),  # not a possessive of the company's word: the twin
        _q("how far is thornton from the coast?", "x"),
    ]
    rule = golds.twin_scan(qs, tmp_path)["rules"][golds.TWINS]
    assert (rule["checked"], rule["violations"]) == (3, 2), rule
    assert not any("lucero" in e for e in rule["examples"]), rule
