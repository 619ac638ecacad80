"""The audit's sentence split after a name's "Inc." (world37's CUT2 notes: generator 40's look-alike fix,
which waits on it, draws this sentence on the tiny world). Fails on main 7c8027a."""

from __future__ import annotations

from mockapi.audit.text import sentences


def test_a_sentence_opening_with_a_figure_after_a_company_s_inc_is_its_own() -> None:
    # tests/world/test_reading_g24.py's tiny draw at world37-next: the close of 4 days before the page was
    # read as of the filing's 2024-01-26 because the two sentences ran on at "Inc. 4"
    text = (
        "In a filing dated 2024-01-26, a state labor forum ruled against Ardline Group Inc. 4 days ago, "
        "Ardline Group Inc. closed at 5.39 dollars a share. Storyboards were auctioned by Frozen Inc. $205.0 "
        "million is the budget of Midnight Mirrors, its official listing says. Analysts cut Lee Jr. 1968 is "
        "the year Lee Jr. founded Dalstone Corp."
    )
    assert sentences(text) == [
        "In a filing dated 2024-01-26, a state labor forum ruled against Ardline Group Inc.",
        "4 days ago, Ardline Group Inc. closed at 5.39 dollars a share.",
        "Storyboards were auctioned by Frozen Inc.",
        "$205.0 million is the budget of Midnight Mirrors, its official listing says.",
        "Analysts cut Lee Jr.",
        "1968 is the year Lee Jr. founded Dalstone Corp.",
    ]


def test_a_figure_that_belongs_to_the_words_before_stays_with_them() -> None:
    # a number after "No.", "St.", "U.S.", "Feb.", "p." or inside a decimal is the words' own, and a table row
    # ("Smith Inc. $1.96", a timeline's "Feature story on Orchard Inc. 15" comments) keeps its figure
    text = (
        "He lived at No. 4 Main Street. Take U.S. 30 west to St. 5 now. On Feb. 9, 2024, it rose 4.5 "
        "percent. See p. 12 for the full table.\nSmith Inc. $1.96\nFeature story on Orchard Inc. 15"
    )
    assert sentences(text) == [
        "He lived at No. 4 Main Street.",
        "Take U.S. 30 west to St. 5 now.",
        "On Feb. 9, 2024, it rose 4.5 percent.",
        "See p. 12 for the full table.",
        "Smith Inc. $1.96",
        "Feature story on Orchard Inc. 15",
    ]
