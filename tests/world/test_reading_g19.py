"""Generator 20 against the g19 reader's findings (issue 31): causal joiners between unrelated clauses,
warm-ups of 8+ hours and "hours hours", hometown filler, particle blends, nature sites as birthplaces,
organisations' look-alikes named as rivers, sequels and second sides dated before their subject, counts asked
in a database's words, runtimes without a unit, titles and captions that promise what the page does not say.

Each test fails on generator 19's code.
"""

from __future__ import annotations

import datetime as dt
import random
import re

from mockapi.world.context import WorldContext
from mockapi.world.domains import movie_catalog, open_facts
from mockapi.world.lexicon import arts as lex_arts
from mockapi.world.names import NameRegistry, lookalikes
from mockapi.world.pages import decoys, grammar, layouts, prose, statements
from mockapi.world.questions import derived, question_frames
from mockapi.world.questions.kinds import COUNTED_LABELS, KINDS, asked_label
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.scales import get_scale

_DAY = dt.date(2024, 3, 1)


def test_no_clause_is_joined_to_another_by_so_or_although() -> None:
    # "Tickets from Orbit Rising sold for $380, so Orbit Rising reworks a stage play" (80 of 100 rank-1 pages)
    for kind, domain in (("movie", "movie"), ("artist", "music"), ("company", "finance"), ("team", "sports")):
        lines = prose.sentences("Orbit Rising", domain, random.Random(kind), 3000, kind=kind)
        assert [s for s in lines if ", so " in s or ", although " in s] == [], kind


def test_a_warm_up_lasts_a_few_hours_and_says_hours_once() -> None:
    # "rehearsed for 7 straight hours hours", 8-11 hour warm-ups on 20 of 100 rank-1 pages
    slots = prose.slot_table()
    slots["s"] = lambda r: "Accardo Trio"
    rng = random.Random(3)
    warm_up = next(t for t in lex_arts.MUSICIAN_SHORT if "warmed up" in t)  # generator 23 added shorts
    lines = [grammar.expand(warm_up, slots, rng) for _ in range(3000)]
    assert [s for s in lines if "hours hours" in s] == []
    hours = [int(h) for s in lines for h in re.findall(r"(\d+) (?:straight |long |full )?hours", s)]
    assert hours and max(hours) <= 5


def test_an_artists_talk_names_no_hometown() -> None:
    # eight "growing up in <town>" places for one person across one question's pages
    lines = prose.sentences("MC Malpighi", "music", random.Random(5), 4000, kind="artist")
    assert [s for s in lines if re.search(r"growing up (?:in|near|outside) ", s)] == []


def test_lookalikes_are_no_particle_blends_and_organisations_no_rivers() -> None:
    particles = ("El ", "La ", "Le ", "De ", "Da ", "Baby ", "Los ", "Die ")
    for seed in range(60):
        rng = random.Random(seed)
        for kind, name in (("person", "Elisabeth Moore"), ("band", "Accardo Trio")):
            alikes = lookalikes(name, kind, rng, 8, NameRegistry())
            assert not [a for a in alikes if a.startswith(particles)], alikes
        org = lookalikes("Irondale Historical Society", "organization", rng, 8, NameRegistry())
        assert not [a for a in org if re.search(r" (?:River|County|Territory|Township)\b", a)], org
        assert not [a for a in org if "Da " in a], org


def test_birthplaces_and_seats_are_towns_not_lookalikes() -> None:
    # "The reported birthplace of Gianmarco Steen is The Goldbrook Promise" (a nature site)
    entries = open_facts.build_entries(WorldContext(get_scale("tiny"), 0))
    alike = {e.name for e in entries if e.lookalike_of is not None}
    seats = [e.links[k] for e in entries for k in ("born_in", "headquartered_in") if k in e.links]
    assert seats
    assert [s for s in seats if s in alike] == []


def test_a_sequel_comes_out_after_its_original() -> None:
    # "The release date of The Last Tide II is given as 02/05/1954" for a 2019 original
    cat = movie_catalog.build_catalog(WorldContext(get_scale("tiny"), 0))
    by_eid = {m.eid: m for m in cat.movies}
    pairs = [
        (by_eid[m.lookalike_of], m)
        for m in cat.movies
        if m.lookalike_of is not None
        and m.title.startswith(by_eid[m.lookalike_of].title)
        and m.title[len(by_eid[m.lookalike_of].title) :] in (" II", " 2", " III", " 3", ": Part Two")
    ]
    assert pairs
    assert [
        (o.title, o.release_date, s.release_date) for o, s in pairs if s.release_date < o.release_date
    ] == []


def test_a_second_sides_rival_year_comes_after_its_subjects() -> None:
    # "Randallhaven Sentinels II founded 1948", 17 years before the club
    club = Subject("Randallhaven Sentinels", "sports", "team", lookalikes=("Randallhaven Sentinels II",))
    fact = Fact(club, "sp.founded", "1965", 1965.0)
    film = Subject("The Last Tide", "movie", "movie", lookalikes=("The Last Tide II",))
    release = Fact(film, "mv.release", "December 5, 2019")
    for seed in range(40):
        assert int(decoys.wrong(fact, random.Random(seed), _DAY, "Randallhaven Sentinels II")) > 1965
        shown = decoys.wrong(release, random.Random(seed), _DAY, "The Last Tide II")
        assert int(re.findall(r"\d{4}", shown)[0]) >= 2019, shown


def test_counts_are_asked_in_users_words() -> None:
    # "how much higher is buffalo miners' number of points in the last game", "is ... up to?", "a number of
    # studio albums over 7"
    for kind in KINDS.values():
        if kind.label in COUNTED_LABELS:
            assert not asked_label(kind).startswith("number of"), kind.key
    frames = (
        question_frames.HOW_MANY + question_frames.TALLY + question_frames.ABOVE_COUNT
        + question_frames.TOTAL_COUNT + question_frames.GROUP_TOTAL_COUNT
    )  # fmt: skip
    assert [f for f in frames if "up to?" in f or "{l}" in f] == []


def test_a_runtime_is_given_with_its_unit() -> None:
    # "The runtime of Midnight Circuit is 166." (10 of 100 rank-1 pages gave a value without its unit)
    film = Subject("Midnight Circuit", "movie", "movie")
    fact = Fact(film, "mv.runtime", "166", 166.0)
    for seed in range(60):
        piece = statements.state(fact, random.Random(seed), "dev")
        text = piece.text or piece.value
        assert re.search(r"166 (?:minutes|min)", text), text


def test_one_hour_is_singular() -> None:
    fact = Fact(Subject("Gentle Summer", "movie", "movie"), "mv.runtime", "96", 96.0)
    made = derived.derive(fact, random.Random(1), "dev")
    assert made is not None and made[1] == "1 hour 36 minutes"


def test_a_title_promises_no_attribute_section() -> None:
    # "Runtime | Orbit Rising" over a page with no runtime (30 of 100 rank-1 pages)
    labels = {k.label.lower() for k in KINDS.values()}
    for domain in ("movie", "music", "finance", "sports", "open"):
        rng = random.Random(domain)
        titles = [layouts.title("Orbit Rising", domain, rng).lower() for _ in range(300)]
        said = [t for t in titles if any(re.search(rf"(?:^|[|:(-] ){re.escape(lb)}\b", t) for lb in labels)]
        assert said == [], said[:3]


def test_a_films_prose_gives_it_no_source() -> None:
    # three to six sources of one film on one page ("based on a novel", "updates an old serial", ...)
    lines = prose.sentences("Avenue Rising", "movie", random.Random(2), 3000, kind="movie")
    assert [s for s in lines if re.search(r"\b(?:based on|adapts|draws on|borrows from|reworks)\b", s)] == []


def test_a_gross_asked_in_the_pages_unit_has_their_precision() -> None:
    # gold "$1.16 billion" on no page; pages say "$1.2 billion" (bigmoney's one decimal)
    fact = Fact(Subject("Hollow Atlas", "movie", "movie"), "mv.gross", "$1.2 billion", 1.16e9)
    made = [derived.derive(fact, random.Random(seed), "dev") for seed in range(60)]
    billions = [m[1] for m in made if m is not None and "billion" in m[1]]
    assert billions
    assert set(billions) == {"$1.2 billion"}


def test_a_statement_about_another_entity_names_it() -> None:
    # "Above: Bautista Industries II. Parent company: Goodwin Therapeutics." read as the page subject's parent
    # (the audit's contradiction scan); "Shown: Matthew Williams. Date of birth: ..." (15 of 100 rank-1 pages)
    film = Subject("Orbit Rising", "movie", "movie")
    fact = Fact(film, "rel:director", "Briana Udinesi")
    shapes = {statements.state(fact, random.Random(s), "dev", named=True).how for s in range(300)}
    assert shapes == {"sentence"}
