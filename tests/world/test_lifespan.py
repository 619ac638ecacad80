"""Generator 21 against the g20 reader's absurd facts (issue 31): every dated sentence about an entity falls
inside its life (a 1948 film "filmed around Lille early in 2012", a 1990 song "built on a sample from a 2009
soul record", a company founded in 2021 with 1996 news), one length per song and one "most of the film"
place per page, no lead-in dating a static fact. Each test fails on generator 20's code.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from pathlib import Path

from mockapi.audit import lifespans
from mockapi.audit.data import load_world
from mockapi.formats.manifest import read_manifest
from mockapi.world.pages import event_reads, lifespan, prose

_DAY = dt.date(2024, 3, 1)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def _years(sentence: str) -> list[int]:
    return [int(y) for y in lifespan.YEAR_IN_TEXT.findall(sentence)]


def test_the_tiny_worlds_pages_date_no_event_outside_its_entitys_life(tiny_world: Path) -> None:
    # g20's tiny world: 249 of 1,527 dated sentences naming a dated entity fell outside its life
    corpus = load_world(tiny_world, read_manifest(tiny_world))
    found = lifespans.lifespan_scan(corpus, corpus.questions)
    assert found["sentences"] > 500
    # Generator 23 dates events by the day of the entity's start in its start year (`Life.too_early`), for
    # other names on the page too: generator 22's tiny world had one ("A slowed edit of Circus of Heart racked
    # up 235 streams on January 22nd, 2024" of a song released 2 Feb 2024)
    # The audit of stop 48 also reads reception and trailers before a film's release (`windows.py`):
    # generator 23's tiny world had 5 such sentences ("Shortly following 1947-03-24, the second trailer of
    # Heart's of the Winter" of a 1949 film); generator 24 dates them inside the film's life: 0
    assert found["violations"] == 0, found["examples"]


def test_a_films_shoot_precedes_its_release_and_its_screenings_follow_it() -> None:
    life = lifespan.Life("movie", 1948)
    lines = prose.sentences(
        "The Silent Summer", "movie", random.Random(4), 3000, kind="movie", day=_DAY, lives=lambda n: life
    )
    dated = [s for s in lines if _years(s)]
    assert len(dated) > 200
    made = [s for s in dated if event_reads.making(s, "movie")]
    assert made and all(max(_years(s)) <= 1948 for s in made), [s for s in made if max(_years(s)) > 1948][:3]
    assert all(min(_years(s)) >= 1945 for s in dated), [s for s in dated if min(_years(s)) < 1945][:3]


def test_a_song_is_made_on_nothing_newer_than_itself() -> None:
    life = lifespan.Life("song", 1990)
    lines = prose.sentences(
        "Feel Me", "music", random.Random(2), 3000, kind="song", day=_DAY, lives=lambda n: life
    )
    # (a sentence that says a release dates that release: "A live version was released in 2023 — ...")
    made = [s for s in lines if event_reads.making(s, "song") and _years(s) and "released" not in s]
    assert made and all(max(_years(s)) <= 1990 for s in made), [s for s in made if max(_years(s)) > 1990][:3]
    # nothing it is made of carries a year ("a sample from a 2009 soul record")
    assert [s for s in lines if re.search(r"(?:sample from|synth|soul record)[^.;]*\b(?:19|20)\d\d", s)] == []


def test_nothing_happens_to_a_company_before_its_founding_nor_to_a_person_before_18() -> None:
    company = lifespan.Life("company", 2021)
    lines = prose.sentences("Campos Corp.", "finance", random.Random(1), 2000, kind="company", day=_DAY,
                            lives=lambda n: company)  # fmt: skip
    assert [s for s in lines if any(y < 2021 for y in _years(s))] == []
    person = lifespan.Life("person", 1988)
    lines = prose.sentences("Ruben Ryan", "open", random.Random(1), 2000, kind="person", day=_DAY,
                            lives=lambda n: person)  # fmt: skip
    assert [s for s in lines if any(y < 2006 for y in _years(s))] == []


def test_a_song_page_gives_one_length_and_a_film_page_one_main_location() -> None:
    # g20: six lengths of one song on one page, two "most of the film" places, 2-11 "toured N cities" lines
    for seed in range(20):
        song = prose.sentences("Feel Me", "music", random.Random(seed), 80, kind="song", day=_DAY)
        assert len([s for s in song if re.search(r"runs just over|lasts about|clocks in near", s)]) <= 1
        film = prose.sentences("The Silent Summer", "movie", random.Random(seed), 80, kind="movie", day=_DAY)
        most = r"\b(?:[Mm]ost|[Mm]uch) of\b[^.;]*\b(?:shot|filmed|staged)\b|\bmostly (?:shot|filmed|staged)\b"
        assert len([s for s in film if re.search(most, s)]) <= 1
        assert len([s for s in film if re.search(r"\b\d+ (?:cities|towns|venues)\b", s)]) <= 3  # a few prints


def test_no_lead_in_dates_a_static_fact() -> None:
    # "In January 1997, the song closes with a muted guitar lick"
    lines = prose.sentences("Feel Me", "music", random.Random(7), 4000, kind="song", day=_DAY)
    opener = r"^(?:In|On|Back in|As far back as|Early in|Later in|Late in)\b[^,]*\d{4}, "
    static = opener + r"[^,;]*\b(?:closes|opens) with"
    assert [s for s in lines if re.search(static, s)] == []


def test_a_kg_company_is_dated_by_the_founding_its_profile_states(tiny_kg: Path) -> None:
    """Every KG company whose profile says "founded in YYYY" has that start under its listed name and the name
    prose says, so a page that meets it as a peer or look-alike dates nothing of it before then (the g27
    reading: "Late in September 1994, Ardova Group Inc.'s finance chief ..." of a company the KG founds in
    2004; its start had been drawn from its name). Fails on 0b9a5bc (companies had no KG start)."""
    import duckdb

    from mockapi.core.paths import KG_DB
    from mockapi.world.pages.bare_names import bare

    starts = lifespan.kg_starts(tiny_kg / KG_DB)
    with duckdb.connect(str(tiny_kg / KG_DB), read_only=True) as con:
        rows = con.execute(
            "SELECT c.name, i.doc FROM fin_companies c JOIN fin_info i ON i.ticker = c.symbol"
        ).fetchall()
    founded: dict[str, str] = {}
    for name, doc in rows:
        if m := re.search(r"founded in (\d{4})", doc):
            for said in (name, bare(name)):  # two listings of one issuer: the later year
                founded[said] = max(founded.get(said, ""), m[1])
    assert len(founded) >= 10
    for said, year in founded.items():
        if said in starts and starts[said][0][1] != "fin.founded":
            continue  # a film or a person of the same name keeps its own (the first anchor wins)
        assert starts.get(said, ())[:1] == ((said, "fin.founded", year),), said
        life = lifespan.from_values("company", [(k, v) for _n, k, v in starts[said]])
        assert life is not None and life.start == int(year)
        assert life.window(False, 2024)[0] == int(year)
