"""Misreadings the audit made on generator 40's default world (the session-59 cut, world37's notes): each test
fails on main 42ceddc."""

from __future__ import annotations

from mockapi.audit import founding
from mockapi.audit.data import AuditQuestion, Result
from mockapi.audit.results import Read
from mockapi.audit.text import sentences


def _violations(query: str, lines: list[str]) -> int:
    q = AuditQuestion("q", query, "movie", "simple", "static", "x", [], [], [], set())
    scan = founding.FoundingScan([q], None, {})
    scan.add(Read(q, Result(1, "p1", "https://x.test/p1", "Gentle Season", "", 100), "\n".join(lines), lines))
    return scan.result()["rules"][founding.RULES[0]]["violations"]


def test_an_event_word_inside_the_subject_s_name_is_no_event() -> None:
    # "In July 2016, Luis Dalton, who worked on Gentle Season, confessed that Yara Marsh improvised the fourth
    # sequence": the "season" was the film's name, not a season before its 2018 release
    query = "what's the release date of gentle season?"
    released = "Gentle Season was released on May 4, 2018."
    told = "In July 2016, Luis Dalton, who worked on Gentle Season, confessed that Yara Marsh ad-libbed."
    assert _violations(query, [released, told]) == 0
    # an event of the film before its release still counts
    assert _violations(query, [released, "Gentle Season won the award in 2016."]) == 1


def test_an_idea_that_won_out_is_no_win() -> None:
    # generator 42's default world (seed 0): "In mid-January 1973, a storyboard artist who was later on Escape
    # from Upper Kingsstead confessed that the fourth version won out." read as a win before its 1974 release
    query = "what is the worldwide gross of escape from upper kingsstead?"
    released = "Escape from Upper Kingsstead was released on May 4, 1974."
    told = (
        "In mid-January 1973, a storyboard artist who was later on Escape from Upper Kingsstead "
        "confessed that the fourth version won out."
    )
    assert _violations(query, [released, told]) == 0
    assert _violations(query, [released, "Escape from Upper Kingsstead won the award in 1973."]) == 1


def test_a_sentence_opening_with_an_amount_is_a_sentence_of_its_own() -> None:
    # cases37's 400-question world at the cut's chain: "Storyboards from The New Golddale Affair were
    # apparently auctioned in October. $205.0 million is the budget of Midnight Mirrors, its official listing
    # says." was one sentence, and the invented film's budget was read as the 1981 KG film's (numbers out of
    # their era: 2)
    text = (
        "Storyboards from The New Golddale Affair were apparently auctioned in October. $205.0 million is "
        "the budget of Midnight Mirrors, its official listing says. Dixon Inc. reported €1.03. "
        "£4 went to U.S. $5."
    )
    assert sentences(text) == [
        "Storyboards from The New Golddale Affair were apparently auctioned in October.",
        "$205.0 million is the budget of Midnight Mirrors, its official listing says.",
        "Dixon Inc. reported €1.03.",
        "£4 went to U.S. $5.",
    ]
