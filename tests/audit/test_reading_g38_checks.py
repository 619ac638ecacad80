"""Misreadings the audit made on generator 38's worlds, found by cases37 (session 59): each was the audit's,
not the world's; each test fails on main 42ceddc."""

from __future__ import annotations

from mockapi.audit import lifespans
from mockapi.audit.lifespans import Page
from mockapi.audit.windows import Life


def test_a_page_stating_a_person_s_birth_keeps_the_kg_s_death() -> None:
    # the g38 default world (cases37): the KG's Gianfranco Yu was born 1920-09-05 and died 2017-04-05; a page
    # stating only the birth made a life of its own with no death, and "spoke at a hospital in Seville in
    # February 2015" read as a man born before 1925, never dead, acting in 2015
    known = lifespans.by_word({"Gianfranco Yu": Life("person", 1920, 9, 5, end=2017)})
    every = [
        "Gianfranco Yu (birth date: September 5, 1920) is remembered in the city.",
        "Gianfranco Yu spoke at a hospital in Seville in February 2015.",
    ]
    starts = lifespans.page_starts(every, known, "Gianfranco Yu: discussion thread")
    assert starts["Gianfranco Yu"] == Life("person", 1920, 9, 5, end=2017)
    page = Page(
        2024, "Gianfranco Yu: discussion thread", every, every, lifespans.by_word(starts), (2024, 3, 1)
    )
    assert lifespans.age_count([page], known)["violations"] == 0
    # the same page of a man the KG gives no death is still read as acting at 94
    alive = lifespans.by_word({"Gianfranco Yu": Life("person", 1920, 9, 5)})
    own = lifespans.by_word(lifespans.page_starts(every, alive, page.head))
    assert (
        lifespans.age_count([Page(2024, page.head, every, every, own, (2024, 3, 1))], alive)["violations"]
        == 1
    )


def test_a_kg_company_s_name_filmed_on_a_page_is_a_film_there() -> None:
    # generator 38's 20,000 train world (cases37): a film page "Everything explained | The River" of an
    # invented film sharing the KG company The River's name (founded 1988): "the closing act of The River took
    # shape at a sound stage" in 1985 was read as the company acting before its founding
    known = lifespans.by_word({"The River": Life("company", 1988)})
    act = (
        "At the start of July 1985, the closing act of The River took shape at a sound stage outside Dayton."
    )
    filmed = [
        "Some scenes of The River were reportedly captured on studio stages just outside Dublin in 1986.",
        "An Ottawa critic listed The River in her countdown; meanwhile, several sequences of The River were "
        "staged in Bristol.",
        "Pupils singled out the score in The River; the early minutes of The River were filmed in Porto.",
    ]
    head = "Everything explained | The River"
    page = Page(2024, head, [act, *filmed], [act, *filmed], {}, (2024, 3, 1))
    assert lifespans.lifespan_count([page], known)["violations"] == 0
    # a company's own page acting before its founding still counts
    plain = Page(2024, head, [act], [act], {}, (2024, 3, 1))
    assert lifespans.lifespan_count([plain], known)["violations"] == 1


def test_a_kg_band_s_name_filmed_on_a_page_is_a_film_there() -> None:
    # generator 40's default world (cases37): the look-alike film "Electric Sky" of a question's "Savage Sky";
    # the KG's Electric Sky is a band formed in 1990, and the film's 1987 shoot read as the band's before it
    known = lifespans.by_word({"Electric Sky": Life("band", 1990, 6, 24)})
    act = "In mid-October 1987, the closing minutes from Electric Sky were captured around Austin."
    filmed = [
        "Several shots from Electric Sky were filmed on studio stages in Montreal.",
        "Keith Schultz revisited the first scene of Electric Sky.",
        "A 10-minute reel on Electric Sky was posted in May.",
    ]
    page = Page(2024, "Electric Sky", [act, *filmed], [act, *filmed], {}, (2024, 3, 1))
    assert lifespans.lifespan_count([page], known)["violations"] == 0
    # a band page that films the band once (its video) still reads its dates as the band's
    video = Page(2024, "Electric Sky", [act, filmed[0]], [act, filmed[0]], {}, (2024, 3, 1))
    assert lifespans.lifespan_count([video], known)["violations"] == 1
