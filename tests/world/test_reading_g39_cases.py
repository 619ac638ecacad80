"""The g38 worlds' single cases (the default world's and the 20,000 train world's audits): each class made
impossible by construction, tested on the function that draws it."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from mockapi.audit.sessions import closed
from mockapi.world.questions import outoftime
from mockapi.world.questions.model import Fact, Subject


def test_a_day_before_a_companys_start_is_a_session_never_a_closed_day(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "how many millions of shares is the trading volume of wml on 03/04/1961?" (a Saturday): the false
    # premise is the day before the company's start; a closed exchange made it a second one
    company = Subject("Wml Holdings", "finance", "company", ticker="WML")
    start = Fact(company, "fin.founded", "1964")
    monkeypatch.setattr(outoftime, "_start", lambda _a, _s: (start, 1964))
    query = "what was the trading volume of wml on march 4, 2024?"
    said = "on march 4, 2024"
    told = []
    for offset in range(0, 366, 3):  # query days over a year: every weekday and month
        day = dt.date(2024, 1, 1) + dt.timedelta(days=offset)
        for seed in range(4):
            ask = SimpleNamespace(rng=random.Random(seed))
            made = outoftime.before_start(ask, company, query, said, day)  # type: ignore[arg-type]
            assert made is not None
            told.append(made.bent)
    dates = [_asked_day(t) for t in told]
    dated = [d for d in dates if d is not None]
    assert len(dated) > 200  # the full-date styles, not only "in march 1961"
    assert [d for d in dated if closed(d)] == []
    assert all(d.year < 1964 for d in dated)


def _asked_day(query: str) -> dt.date | None:
    """The full date a bent query asks of, in any of `before_start`'s styles; None for a month alone."""
    import re

    text = query.removeprefix("what was the trading volume of wml ").removesuffix("?")
    text = re.sub(r"^(?:on|in) ", "", text)
    for style in ("%B %d, %Y", "%d %B %Y", "%m/%d/%Y"):
        try:
            return dt.datetime.strptime(text, style).date()
        except ValueError:
            continue
    return None


def test_an_invented_film_takes_a_weekend_gross_only_in_the_run_its_pages_date() -> None:
    from mockapi.world.pages import histories, statements, totals
    from mockapi.world.questions import starts

    # "Through Tue, 20 Feb 2024, Electric Voyage II took $1.0M at the box office last weekend." (and $9.0M on
    # another page, same day) on the own page of an invented look-alike whose timeline ran from 2001: no KG
    # and no question dated it, so any day "fit" its weekend gross
    day = dt.date(2024, 2, 20)
    film = Subject("Electric Voyage II", "movie", "movie")
    assert starts.drawn_start(film.name, "movie") < 2022
    assert not statements.fits_day(film.name, day, "mv.weekend")
    kinds: set[str] = set()
    for seed in range(300):
        pieces = statements.figure_pieces(film, random.Random(seed), "dev", day, 6)
        kinds |= {p.claim[1] for p in pieces if p.claim}
    assert "mv.weekend" not in kinds and "mv.budget" in kinds
    # a film a question dates in the weeks before keeps its weekend gross
    totals.use_asked(histories.asked_totals([Fact(film, "mv.release", "January 12, 2024")]))
    try:
        assert statements.fits_day(film.name, day, "mv.weekend")
    finally:
        totals.use_asked({})


def test_a_false_premises_true_total_is_every_namesakes_history() -> None:
    from mockapi.world.page_jobs import asked_of
    from mockapi.world.pages import totals
    from mockapi.world.questions.model import Question

    # "what is the worldwide gross of joshua scott's endless shadows in millions of dollars on 27 september
    # 1985" (invalid: before its release): its pages state $271.0M (23 Jan 2023) and $318.0M (27 Sep 2023);
    # a namesake's page drew "The worldwide gross of Endless Shadows sat at $17.0 million by 6 Mar 2024"
    film = Subject("Endless Shadows", "movie", "movie")
    gross = Fact(
        film, "mv.gross", "$318.0 million", number=318e6, stale=("$271.0 million",), as_of="2023-09-27",
        stale_days=("2023-01-23",),
    )  # fmt: skip
    q = Question(
        "q", 0, "02/26/2024, 06:26:58 PT", "movie", "false_premise", "fast-changing",
        "what is the worldwide gross of endless shadows on 27 september 1985", "invalid question", [], "tail",
        "web", [], None, facts=[], subjects=[film], context=[gross],
    )  # fmt: skip
    asked = asked_of("dev", [q])
    assert ("endless shadows", "mv.gross") in asked
    totals.use_asked(asked)
    try:
        later = totals.at("mv.gross", "Endless Shadows", "$17.0 million", dt.date(2024, 3, 6))
        assert totals.figure(later, "mv.gross") >= 318e6
    finally:
        totals.use_asked({})


def test_no_two_invented_subjects_share_a_name_but_for_an_article() -> None:
    from mockapi.world.pages.totals import name_key
    from mockapi.world.questions.source import WebSource

    # "Bright Orchard" (178 min) and "The Bright Orchard" (91) were two 1997 thrillers of one set: "tell me
    # which of the thriller films released in 1997 has the longest runtime" read two runtimes of one film
    web = WebSource(taken=frozenset({"The Frozen Summer"}))
    rng = random.Random(3)
    names = [web.subject("movie", "movie", rng).name for _ in range(150)]
    keys = [name_key(n) for n in names]
    assert len(set(keys)) == len(keys)
    assert "frozen summer" not in keys  # nor a KG title's, with or without its article


def test_a_big_worlds_invented_films_stay_apart_once_the_short_titles_are_taken() -> None:
    from mockapi.world.pages.totals import name_key
    from mockapi.world.questions import invent_words
    from mockapi.world.questions.source import WebSource

    # the 20,000 train world: three films "The Silent Meridian" with three directors on one gold page, a
    # 2000 film under the KG's 1993 "Frozen Summer" (US$1.4 bn read as the 1993 film's): 576 short titles,
    # kept taken after 20 draws
    short = frozenset(f"{a} {n}" for a in invent_words.ADJ for n in invent_words.NOUN)
    web = WebSource(taken=short)
    rng = random.Random(5)
    names = [web.subject("movie", "movie", rng).name for _ in range(300)]
    keys = [name_key(n) for n in names]
    assert len(set(keys)) == len(keys)
    assert not set(keys) & {name_key(s) for s in short}
    bands = [web.subject("music", "band", rng).name for _ in range(100)]  # "The Burning Harbor" is a title's
    assert not {name_key(b) for b in bands} & (set(keys) | {name_key(s) for s in short})


def test_a_pages_invented_peer_takes_no_taken_name_once_the_short_titles_run_out() -> None:
    from mockapi.world.pages import shared
    from mockapi.world.pages.totals import name_key
    from mockapi.world.questions import invent_words

    # a peer film or song a page invents (a roundup's, a look-alike's stand-in) kept a taken name after 20
    # draws: a question's subject's or a KG title's, whose life and figures it then contradicts
    short = frozenset(name_key(f"{a} {n}") for a in invent_words.ADJ for n in invent_words.NOUN)
    rng = random.Random(11)
    names = [shared.invented_name("movie", rng, short) for _ in range(200)]
    assert not {name_key(n) for n in names} & short


def test_a_look_alike_of_two_clubs_has_one_start_and_no_title_before_it() -> None:
    import re

    from mockapi.world.pages import decoys
    from mockapi.world.pages.figure_days import year_in
    from mockapi.world.questions import invent
    from mockapi.world.questions.kinds import KINDS

    # "West Kingdom", a look-alike of "West Melvin Royals" and of "West Fred Titans": "For West Kingdom, the
    # founding year is 1900" on the one's pages, "West Kingdom were founded in 2015" on its own, and "West
    # Kingdom won the championship in 1989, 1980 and 1975" on the other's (the g38 default world's lives)
    day = dt.date(2024, 3, 1)
    own = invent.other_value(KINDS["sp.founded"], random.Random("start|West Kingdom|sp.founded"), day)
    said = set()
    for club, founded in (("West Melvin Royals", "1931"), ("West Fred Titans", "1968")):
        team = Subject(club, "sports", "team")
        for seed in range(20):
            rng = random.Random(seed)
            said.add(decoys.wrong(Fact(team, "sp.founded", founded), rng, day, "West Kingdom"))
            held = Fact(team, "sp.title_years", "1999, 2004 and 2011")
            titles = decoys.wrong(held, rng, day, "West Kingdom")
            years = [int(y) for y in re.findall(r"\b(?:19|20)\d\d\b", titles)]
            assert years and min(years) >= year_in(own), titles
    assert said == {own}


def test_an_animated_films_sketches_never_read_as_a_recordings_demos() -> None:
    from mockapi.world.pages import synonyms

    # "Back in 2006, concept demos for The Promise Protocol were still spotted in an outlet near Galway." (a
    # 1985 animated film: its "concept sketches" swapped for a recording's "demos", which a reader takes for
    # work on the film 21 years after its release: world37's default world at 84e0c0a, the lives line)
    text = "Concept sketches for The Promise Protocol were spotted at a flea market near Galway."
    said = {synonyms.vary(text, random.Random(seed)) for seed in range(300)}
    assert not [s for s in said if "demo" in s.lower()]
    assert "demos" not in synonyms.table().get("sketches", ())


def test_a_dev_worlds_questions_and_invented_names_hold_no_kg_case_twin(
    tiny_kg: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mockapi.world.questions import generate as generating
    from mockapi.world.questions.kg_facts import open_kg_source
    from mockapi.world.questions.source import WebSource

    # "thornton: i need the birth date for dale thornton, the one managed by andrea wilkins" (the default
    # world at world37 84e0c0a): the KG holds "Thornton" and "THORNTON"; only a train world checked twins
    kg = open_kg_source(tiny_kg)
    assert kg is not None and kg.twins, "the tiny KG has case twins"
    seen: list[frozenset[str]] = []

    def spy(taken: frozenset[str], tickers: frozenset[str], twins: frozenset[str]) -> WebSource:
        seen.append(twins)
        return WebSource(taken, tickers, twins)

    monkeypatch.setattr(generating, "WebSource", spy)
    for split in ("dev", "test", "train"):
        generating.generate(3, random.Random(0), kg, split)
    assert seen == [kg.twins] * 3


def test_a_films_look_alike_is_never_a_kg_name_of_another_kinds_family() -> None:
    from mockapi.world.pages import decoys, lifespan

    # "Electric Sky (band 1990-06-24): In mid-October 1987, the closing minutes from Electric Sky were
    # captured" (world37's default world at 4719224): the look-alike film "Electric Sky" of an invented
    # "Savage Sky" under a KG band's name, its shoot dated before the band's start
    film = Subject("Savage Sky", "movie", "movie", lookalikes=("Electric Sky", "Savage Sky II", "Last Sky"))
    lifespan.use_kg(
        {
            "Electric Sky": (("Electric Sky", "mu.formed", "1990-06-24"),),
            "Last Sky": (("Last Sky", "mv.release", "2001-03-02"),),
        }
    )
    try:
        named = decoys.rivals(None, Fact(film, "mv.runtime", "86 minutes"))
        assert "Electric Sky" not in named
        assert "Savage Sky II" in named and "Last Sky" in named  # a KG film keeps its KG life
    finally:
        lifespan.use_kg({})
