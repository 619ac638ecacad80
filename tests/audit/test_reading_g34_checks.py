"""Misreadings met on generator 34's world (issue 31), each fixed and tested here on a KG of its own; each
test fails on the audit before its fix (`becf13c`): a film's title with a colon, a count asked with another
typo, a month taken for a question's entity, a company's name holding a case-variant twin."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb

from mockapi.audit import golds, labels
from mockapi.audit.data import AuditQuestion, Corpus, Result
from mockapi.audit.rules import RuleCheck
from mockapi.formats.manifest import Manifest

CAST = ["Gabrielle Oestrovsky", "Joep Winberg", "Annie Ramos"]
OTHER = ["Amleto Arnal", "Bo Curiel"]


def _kg(tmp_path: Path) -> Path:
    with duckdb.connect(str(tmp_path / "kg.duckdb")) as con:
        con.execute("CREATE TABLE movie_movies (title VARCHAR, doc VARCHAR)")
        films = [("Glass Signal: The Beginning", CAST), ("Signal", OTHER), ("A Horizon in Queensmouth", CAST)]
        rows = [(t, json.dumps({"cast": [{"name": n} for n in names]})) for t, names in films]
        con.executemany("INSERT INTO movie_movies VALUES (?, ?)", rows)
        con.execute("CREATE TABLE entities (name VARCHAR, kind VARCHAR)")
        con.executemany(
            "INSERT INTO entities VALUES (?, ?)", [("Thornton", "organization"), ("THORNTON", "organization")]
        )
    return tmp_path


def _q(
    query: str, answer: str, results: list[Result] | None = None, gold: set[str] | None = None
) -> AuditQuestion:
    return AuditQuestion(
        "q", query, "movie", "simple", "static", answer, [], [], results or [], gold or set(), "", "kg"
    )


def test_a_title_with_a_colon_and_a_count_told_in_a_sentence(tmp_path: Path) -> None:
    world = _kg(tmp_path)
    qs = [
        _q("glass signal: the beginning cast members?", ", ".join(n.lower() for n in CAST)),
        _q("find the nmuber of cast members of the 1974 film a horizon in queensmouth",
           "a horizon in queensmouth has 3 cast members"),
        _q("find the nmuber of cast members of the 1974 film a horizon in queensmouth",
           "a horizon in queensmouth has 4 cast members"),
    ]  # fmt: skip
    rule = golds.list_scan(qs, world)["rules"][golds.LISTS]
    assert (rule["checked"], rule["violations"]) == (3, 1), rule
    assert rule["examples"][0].startswith("4 against the KG's 3")


def test_a_company_name_holding_a_twin_names_the_company(tmp_path: Path) -> None:
    world = _kg(tmp_path)
    qs = [
        _q("thornton holdings trading volume, in millions of shares on 2024-02-29?", "12.29 million"),
        _q("what is the parent company of thornton?", "x"),
    ]
    rule = golds.twin_scan(qs, world)["rules"][golds.TWINS]
    assert (rule["checked"], rule["violations"]) == (2, 1), rule


def _label_rule(tmp_path: Path, asked: str, gold: str, texts: list[str]) -> RuleCheck:
    """The label rule over one no-answer question per page of `texts` (each its only result), all asking
    `asked` with the gold `gold`."""
    with duckdb.connect(str(tmp_path / "pages.duckdb")) as con:
        con.execute("CREATE TABLE pages (page_id VARCHAR, text VARCHAR)")
        con.executemany("INSERT INTO pages VALUES (?, ?)", [(f"p{i}", t) for i, t in enumerate(texts)])
    corpus = Corpus("world", [], Manifest(), tmp_path)
    qs = [_q(asked, gold, [Result(1, f"p{i}", "", "", "", 100)]) for i in range(len(texts))]
    for q in qs:
        q.key_phrases = [gold]
    return labels.label_scan(corpus, qs)["rules"][labels.RULE]


def test_a_month_is_no_entity(tmp_path: Path) -> None:
    texts = [
        "Epiica Acquisition Corp. II Unit reported earnings per share of $0.01 (disputed) (30 January 2024).",
        "Epiica Water Inc. reported earnings per share of $0.01 on 31 January 2024.",
    ]
    rule = _label_rule(tmp_path, "eps for epiica water inc. on january 31st?", "$0.01", texts)
    assert (rule["checked"], rule["violations"]) == (2, 1), rule


def test_a_season_named_by_its_year_is_no_championship_season(tmp_path: Path) -> None:
    # g36's default world: a no-answer question's rank-2 page "questioned Geraldfurt Owls in a 2016 season
    # preview" read as stating its gold, the championship season 2016
    texts = [
        "Pundits in Calgary questioned Geraldfurt Owls in a 2016 season preview.",
        "Geraldfurt Owls won the championship in the 2016 season.",
    ]
    rule = _label_rule(tmp_path, "what are geraldfurt owls' championship seasons?", "2016", texts)
    assert (rule["checked"], rule["violations"]) == (2, 1), rule


def test_a_multi_hops_bridge_is_not_its_gold(tmp_path: Path) -> None:
    # g44's default world: "what's the trading volume of the parent company of george industries in millions
    # of shares?" [6,906,770, answered "about 6.91 million"] read its bridge "Waters Holdings" as the gold
    texts = ["According to its own site, Waters Holdings is the parent company of George Industries."]
    with duckdb.connect(str(tmp_path / "pages.duckdb")) as con:
        con.execute("CREATE TABLE pages (page_id VARCHAR, text VARCHAR)")
        con.executemany("INSERT INTO pages VALUES (?, ?)", [(f"p{i}", t) for i, t in enumerate(texts)])
    corpus = Corpus("world", [], Manifest(), tmp_path)
    asked = "what's the parent company of george industries' trading volume?"
    answer = "the trading volume of waters holdings is about 6.91 million"
    q = _q(asked, answer, [Result(1, "p0", "", "", "", 1)])
    q.key_phrases = ["Waters Holdings", "6,906,770"]
    assert labels.gold_key(q) == "Waters Holdings"  # a simple question's: the key phrase its answer holds
    q.qtype = "multi-hop"
    assert labels.gold_key(q) == "6,906,770"
    rule = labels.label_scan(corpus, [q])["rules"][labels.RULE]
    assert (rule["checked"], rule["violations"]) == (1, 0), rule
