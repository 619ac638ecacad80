"""Misreadings met among the FAIL lines of generator 37's 20,000-question train world (bbc658c, issue 34),
each fixed and tested here; each test fails on the audit before its fix (main `29c0c80`)."""

from __future__ import annotations

from mockapi.audit import frames, markets
from mockapi.audit.anatomy import anatomy
from mockapi.audit.data import AuditQuestion
from mockapi.audit.lifespans import Page
from mockapi.audit.rules import empty_rule
from mockapi.audit.text import FUNCTION_WORDS

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
    made = [_coach_question(n) for n in range(12)]
    pages = {f"p{n}": anatomy(html) for n, (_q, html) in enumerate(made)}
    kinds = {q.qid: ["rel:head coach"] for q, _html in made}
    words = "check record find head coach coached since look comes back update posted explainer published"
    vocab = frozenset([*words.split(" "), "backed", "appeal", "flood", "victims", *FUNCTION_WORDS])
    found = frames.frame_figures([q for q, _html in made], pages, vocab, kinds)["per_kind"]["rel:head coach"]
    assert found["facts"] == 12, found
    assert "posted" not in found["top_frame"] and "published" not in found["top_frame"], found
    assert "appeal" not in found["top_frame"], found
    assert found["frames"] == 3, found  # the three statements, nothing else
    assert found["top_share"] == 0.333, found


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
