"""Misreadings met among the FAIL lines of generator 37's 20,000-question train world (bbc658c, issue 34),
each fixed and tested here; each test fails on the audit before its fix (main `29c0c80`)."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb

from mockapi.audit import founding, frames, headcounts, markets
from mockapi.audit.anatomy import anatomy
from mockapi.audit.data import AuditQuestion, Result
from mockapi.audit.lifespans import Page, whole
from mockapi.audit.results import Read
from mockapi.audit.rules import empty_rule
from mockapi.audit.text import FUNCTION_WORDS
from mockapi.audit.windows import Life

_TEAMS = ("New Debra Rangers", "Port Ryan Comets", "East Kelly Stallions", "Walkers Phoenix", "Lopez Hawks")
_COACHES = ("Katrina Atkins", "Brian Miller", "Dana Whitfield", "Omar Castellano", "Greta Lindqvist")


def _coach_question(n: int) -> tuple[AuditQuestion, str]:
    team, coach = _TEAMS[n % 5], f"{_COACHES[n % 5]} {'Jr' * (n // 5)}".strip()
    stated = (
        f"Check the record on {team} and find {coach} as the head coach.",
        f"{coach} has coached the {team.split()[-1]} since {2010 + n}.",
        f"Look into {team} and the head coach comes back as {coach}.",
    )[n % 3]
    # a person page's timeline rows name the coach on nearly every page: none states whom the coach leads
    html = (
        f"<html><body><article><p>{stated}</p><ul><li>18 Aug 2022 Update on {coach} posted {20 + n}</li>"
        f"<li>2023-04-07 Explainer on {coach} published {13 + n}</li></ul>"
        f"<p>{coach} backed an appeal for flood victims in Denver.</p></article></body></html>"
    )
    q = AuditQuestion(
        f"q{n}", f"find out the birthplace of the head coach of the {team.lower()}", "sports", "multi-hop",
        "static", "port patrick, wisconsin", [], [coach], [], {f"p{n}"},
    )  # fmt: skip
    return q, html


def test_a_line_naming_a_relation_fact_s_entity_states_it_only_with_the_relation_or_subject() -> None:
    # the 20,000 world's "rel:head coach" read a top share of 0.50, all "<d> <e> on <v> posted <n>"
    made = [_coach_question(n) for n in range(frames.MIN_FACTS + 2)]
    pages = {f"p{n}": anatomy(html) for n, (_q, html) in enumerate(made)}
    kinds = {q.qid: ["rel:head coach"] for q, _html in made}
    words = "check record find head coach coached since look comes back update posted explainer published"
    vocab = frozenset([*words.split(" "), "backed", "appeal", "flood", "victims", *FUNCTION_WORDS])
    found = frames.frame_figures([q for q, _html in made], pages, vocab, kinds)["per_kind"]["rel:head coach"]
    assert found["facts"] == len(made), found
    assert "posted" not in found["top_frame"] and "published" not in found["top_frame"], found
    assert "appeal" not in found["top_frame"], found
    assert found["frames"] == 3, found  # the three statements, nothing else
    assert found["top_share"] == round(len(made[::3]) / len(made), 3), found


def _page(lines: list[str]) -> Page:
    return Page(2024, "Brown Group | Markets", lines, lines, {}, (2024, 3, 15), "\n".join(lines))


def test_an_amount_of_another_clause_is_no_revenue() -> None:
    # the 20,000 world's Brown Group: "sales in the Nordics" took the cash flow's $4m as the quarter's revenue
    cash = (
        "Brown Group posted cash flow for the fourth quarter worth $4m, a modest short of the consensus, "
        "while margins at Brown Group grew on calmer sales in the Nordics."
    )
    assert markets.amount_after(cash, cash.index("sales") + len("sales")) is None
    booked = "Brown Group booked $94m of operating income in the fourth quarter."
    assert markets.amount_after(booked, booked.index("income") + len("income")) == 94e6
    rule = empty_rule()
    profit = "Brown Group revealed fourth-quarter operating profit at €22m, well above forecasts."
    markets._profit(_page([cash, profit]), rule)
    assert rule["violations"] == 0, rule
    markets._profit(_page([profit, "Brown Group reported fourth-quarter revenue of $9m."]), rule)
    assert rule["violations"] == 1, rule


def test_a_song_s_name_in_the_question_is_not_the_subject_of_its_championships() -> None:
    # the 20,000 world: "find out" is the KG song "Find Out" (2002); the 1924 title was read as before it
    known = {"find": [("Find Out", Life("song", 2002))]}  # the club is in no KG table
    asked = [
        ("find out the championship seasons of dominic rodriguez's boydbury phoenix", "1924, 1926 and 1942"),
        ("find out the championship seasons of the boydbury phoenix, founded in 1932", "1924, 1926 and 1942"),
        ("find out the awards of find out", "the 1998 and 2004 awards"),  # a song has awards
    ]
    qs = [
        AuditQuestion(f"q{i}", query, "sports", "set", "static", answer, [], [], [], set())
        for i, (query, answer) in enumerate(asked)
    ]
    rule = founding.FoundingScan(qs, None, known).result()["rules"][founding.RULES[1]]
    assert (rule["checked"], rule["violations"]) == (2, 2), rule
    assert not any("rodriguez" in e for e in rule["examples"]), rule


def test_a_page_head_s_security_is_its_company_not_the_parent_its_infobox_names(tmp_path: Path) -> None:
    # the 20,000 world: "the older firm moved 430 depot employees" on Rynex Ltd.'s page (45,392 staff) was
    # read as Octvanta's (191 staff), the parent company its head's infobox row names
    with duckdb.connect(str(tmp_path / "kg.duckdb")) as con:
        con.execute("CREATE TABLE fin_companies (name VARCHAR, symbol VARCHAR, ord INTEGER)")
        con.execute("CREATE TABLE fin_prices (ticker VARCHAR)")
        con.execute("CREATE TABLE fin_info (ticker VARCHAR, doc VARCHAR)")
        made = [
            ("Rynex Ltd. Ordinary Shares", "RYNE", 45392),
            ("Octvanta Therapeutics Inc. Common Stock", "OCT", 191),
        ]
        for i, (name, ticker, staff) in enumerate(made):
            con.execute("INSERT INTO fin_companies VALUES (?, ?, ?)", [name, ticker, i])
            con.execute(
                "INSERT INTO fin_info VALUES (?, ?)", [ticker, json.dumps({"fullTimeEmployees": staff})]
            )
    head = "Rynex Ltd. Ordinary Shares - Everything Explained | Parent company: Octvanta Therapeutics Inc."
    line = "The older group concluded a sale; the older firm moved 430 depot employees at its York site."
    page = Page(2024, head, [line], [line], {}, (2024, 3, 15), f"{head}\n{line}")
    rule = headcounts.size_scan([page], tmp_path)["rules"][headcounts.RULES[0]]
    assert (rule["checked"], rule["violations"]) == (1, 0), rule


def test_a_title_running_on_over_in_is_one_name() -> None:
    # the g38 default world: "A Kingdom in Fire was released on March 1, 2024" (a look-alike's page) gave
    # "a kingdom" a start of 2024, and "A Kingdom in Willowdale"'s 2011 screening was read as before it
    q = AuditQuestion("q", "what's a kingdom in willowdale's release date?", "movie", "simple", "static", "x",
                      [], [], [], set())  # fmt: skip
    scan = founding.FoundingScan([q], None, {})
    lines = [
        "A Kingdom in Fire was released on March 1, 2024.",
        "As far back as 2011, A Kingdom in Willowdale played at a local film season near Eindhoven.",
        "A Kingdom in Willowdale won the audience award in 2011.",
    ]
    r = Result(1, "p1", "https://x.test/p1", "A Kingdom in Willowdale", "", 100)
    scan.add(Read(q, r, "\n".join(lines), lines))
    rule = scan.result()["rules"][founding.RULES[0]]
    assert rule["violations"] == 0, rule


def test_a_capitalised_word_before_a_name_makes_a_longer_name() -> None:
    # the g38 default world: "Electric Voyage II took $1.0M at the box office last weekend" (a web film) was
    # read as the KG's "Voyage II" (1980) taking a weekend gross 44 years after its release
    assert not whole("Voyage II", "Electric Voyage II took $1.0M at the box office last weekend.")
    for sentence in (
        "Voyage II took $1.0M.",
        "Meanwhile Voyage II took $1M.",
        "When Voyage II opened, it rained.",
    ):
        assert whole("Voyage II", sentence), sentence


def test_a_company_named_after_a_sentences_lead_owns_its_revenue() -> None:
    # g44k: "The stock added 4 percent in heavy volume — Schaefer Corp. reported first-quarter revenue
    # totalling $43 million" was read as the revenue of Miller Technologies, the one company with a profit
    profit = "Miller Technologies reported adjusted income across its first quarter of £121m."
    others = (
        "The stock added 4 percent in heavy volume — Schaefer Corp. reported first-quarter revenue of $43m."
    )
    rule = empty_rule()
    markets._profit(_page([profit, others]), rule)
    assert (rule["checked"], rule["violations"]) == (0, 0), rule
    own = "The firm reported first-quarter revenue of $43m."
    markets._profit(_page([profit, own]), rule)
    assert (rule["checked"], rule["violations"]) == (1, 1), rule
