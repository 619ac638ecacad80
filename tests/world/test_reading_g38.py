"""The 20,000-question train world's audit at generator 37 (bbc658c) and the g37 default world's: single
cases generator 38 makes impossible by construction."""

from __future__ import annotations

import datetime as dt
import random

from mockapi.world.pages import statements
from mockapi.world.questions.model import Fact, Subject


def test_a_close_dated_by_its_session_is_that_sessions_never_the_previous_one() -> None:
    # "Read off Pinecrest Ltd.'s file for 03/08/2024: Pinecrest Ltd. closed at $18.80 in the previous
    # session."
    # (18.80 is the KG's close of 8 March; the sentence put it on 7 March, whose close was 18.08)
    company = Subject("Pinecrest Ltd. Ordinary Shares", "finance", "company", ticker="PINE")
    close = Fact(company, "fin.close", "$18.80", as_of="2024-03-08")
    page_day = dt.date(2024, 3, 11)
    said = []
    for seed in range(300):
        for split in ("dev", "test", "train"):
            piece = statements.state(
                close, random.Random(seed), split, as_of="2024-03-08", page_day=page_day, shape="sentence"
            )
            said.append(piece.text)
    assert not [t for t in said if "previous session" in t or "prior session" in t]
    assert sum("18.80" in t for t in said) == len(said)


def test_no_page_works_on_a_part_before_the_part_stood_in_any_word_for_built_nor_without_a_life() -> None:
    from mockapi.world.pages import synonyms, told

    # "Pupils at Cervantesberg Observatory catalogued a century of letters in June, while Cervantesberg
    # Observatory extended a wing put up in 2007 in November 2000." on the page of a question's invented
    # observatory (no life: the check was the life's), "put up" being a synonym of "built"
    for built in synonyms.table()["built"]:
        text = (
            "Pupils at Cervantesberg Observatory catalogued a century of letters in June, while Cervantesberg"
            f" Observatory extended a wing {built} in 2007 in November 2000."
        )
        assert not told.Page(2024, [0, 2024], dt.date(2024, 3, 8)).fit(text), built
    fine = "Cervantesberg Observatory extended a wing put up in 2007 in November 2019."
    assert told.Page(2024, [0, 2024], dt.date(2024, 3, 8)).fit(fine)


def test_a_weekend_gross_follows_a_names_asked_start_not_only_the_kgs() -> None:
    from mockapi.world.pages import histories, totals

    # "Updated December 29th, 2023: Burning Meridian took US$59.0 mn at the box office last weekend." on a
    # filler film page named as an asked song ("which of jessica wise's song burning meridian and neon canyon
    # was released earlier"), whose pages state its release of 15 March 2002
    song = Subject("Burning Meridian", "music", "song")
    film = Subject("Burning Meridian", "movie", "movie")
    day = dt.date(2024, 1, 5)
    # no KG or asked start: a figure of any day fits (a weekend gross follows the name's drawn start since
    # cases37: tests/world/test_reading_g39_cases.py)
    assert statements.fits_day("Burning Meridian", dt.date(2001, 6, 1), "mv.budget")
    totals.use_asked(histories.asked_totals([Fact(song, "mu.song_date", "March 15, 2002")]))
    try:
        assert not statements.fits_day("Burning Meridian", day, "mv.weekend")
        assert not statements.fits_day("the burning meridian", day, "mv.weekend")
        assert statements.fits_day("Burning Meridian", day, "mv.budget")  # after its start: any figure
        assert not statements.fits_day("Burning Meridian", dt.date(2001, 6, 1), "mv.budget")
        kinds = set()
        for seed in range(200):
            pieces = statements.figure_pieces(film, random.Random(seed), "dev", day, 6)
            kinds |= {p.claim[1] for p in pieces if p.claim}
        assert "mv.weekend" not in kinds and kinds
    finally:
        totals.use_asked({})


def test_one_company_reports_in_one_currency_on_every_page() -> None:
    import re

    from mockapi.world.pages import prose, sizes

    # "Brown Group revealed fourth-quarter operating profit at €22m" beside "Brown Group posted cash flow for
    # the fourth quarter worth $4m" on one page of the 20,000 train world
    money = re.compile(r"([$€£])\d")
    seen: dict[str, set[str]] = {}
    for name in ("Brown Group", "Pinecrest Ltd.", "Rynex Ltd.", "Halwell Corporation", "Fenova Inc."):
        for seed in range(6):
            rng = random.Random(seed)
            text = " ".join(prose.sentences(name, "finance", rng, 120, kind="company"))
            text += " ".join(prose.clause(name, "finance", "company", rng) for _ in range(40))
            seen[name] = seen.get(name, set()) | set(money.findall(text))
        assert seen[name] == {sizes.currency(name)}, (name, seen[name])
