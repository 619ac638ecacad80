"""Generator 26 against what the reading of generator 25's world found (issue 31): ages asked of the dead, a
dead man's acts in his death's year, one fact asked twice in a split, layoffs of half a firm, scorers at 59
points a game, and the questions that name no entity. Each test fails on generator 25's code (bdbec73)."""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import statistics
from collections import Counter
from pathlib import Path
from typing import cast

import duckdb
import pytest

from mockapi.core.paths import KG_DB
from mockapi.world.pages import eras, event_reads, lifespan, page_blocks, prose, sizes
from mockapi.world.questions import invent
from mockapi.world.questions.generate import fact_key, generate
from mockapi.world.questions.kg_facts import open_kg_source
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Question, group_of
from mockapi.world.questions.stats import language_stats

_DAY = dt.date(2024, 3, 1)


@pytest.fixture(scope="module")
def questions(tiny_kg: Path) -> list[Question]:
    """The tiny KG's 1,200 dev questions, as the build draws them (its invented names avoid the KG's)."""
    taken = frozenset(lifespan.kg_starts(tiny_kg / KG_DB))
    return generate(1200, random.Random("0:questions"), open_kg_source(tiny_kg), "dev", b"", taken)


def _kg_dead(kg: Path) -> dict[str, str]:
    """The KG's people with a death, by lower-cased name: the open KG's and solo artists' (an end date)."""
    dead: dict[str, str] = {}
    with duckdb.connect(str(kg / KG_DB), read_only=True) as con:
        for name, doc in con.execute("SELECT name, summary_structured FROM open_entities").fetchall():
            if json.loads(doc or "{}").get("death_date"):
                dead[name.lower()] = json.loads(doc)["death_date"]
        sql = "SELECT name, CAST(end_date AS VARCHAR), members FROM music_artists"
        for name, end, members in con.execute(sql).fetchall():
            if end and not members:
                dead.setdefault(name.lower(), end)
    return dead


_AGE = re.compile(r"\bhow old\b|\bage\b|\bwhat age\b")


def test_no_age_is_asked_of_the_dead_or_of_anyone_born_before_1926(
    questions: list[Question], tiny_kg: Path
) -> None:
    # g25: "what's the age of noemí mcgrath?" of a woman the KG has born in 1921 and dead in 1990 (the tiny
    # KG's 1,200 questions: 1 of 14 age questions); real CRAG asks ages of the living only
    dead = _kg_dead(tiny_kg)
    asked, wrong = 0, []
    # age questions are ~0.1 % of a draw (generator 38's seed-0 draw holds none): two more seeded draws
    taken = frozenset(lifespan.kg_starts(tiny_kg / KG_DB))
    more = [
        generate(1200, random.Random(f"{s}:questions"), open_kg_source(tiny_kg), "dev", b"", taken)
        for s in (1, 2)
    ]
    for q in [*questions, *more[0], *more[1]]:
        births = [f for f in q.facts if f.kind in ("pe.birth", "mu.birth") and f.number is not None]
        if not births or not _AGE.search(q.query):
            continue
        asked += 1
        born = dt.date.fromordinal(int(births[0].number or 0)).year
        if births[0].subject.name.lower() in dead or born < 1926:
            wrong.append((q.query, births[0].subject.name, births[0].value))
    assert asked >= 1
    assert not wrong, wrong


def test_a_kg_person_acts_in_no_part_of_his_deaths_year() -> None:
    # a KG person dead on 10 August 1945 "toured a hospital ... in 1945": the page gives no day, so the
    # reader cannot tell it before the death (generator 25 kept acts in the death's year)
    life = lifespan.from_values("person", [("pe.birth", "1897-02-20"), ("pe.death", "1945-08-10")])
    assert life is not None
    lines = prose.sentences("Arturo Naser", "open", random.Random(1), 1500, kind="person", day=_DAY,
                            lives=lambda _n: life)  # fmt: skip
    years = [y for s in lines for y in event_reads.years_in(s)]
    assert years and max(years) < 1945
    rows = [r for i in range(30) for r in page_blocks._timeline(_DAY, random.Random(i), ("Arturo Naser",),
                                                                lambda n: life, "person")[2]]  # fmt: skip
    assert rows == []


def test_no_fact_is_asked_twice_in_a_split(questions: list[Question]) -> None:
    # g24's tiny world: "who is the director of the 1974 film the echo's silence?" and "what's the director
    # of echo's silence from 1974?"; generator 25's default world: 174 of 1,200 such repeats
    seen = Counter(fact_key(q) for q in questions)
    repeated = [[q.query for q in questions if fact_key(q) == k] for k, n in seen.items() if n > 1]
    assert not repeated, repeated[:5]


def test_group_questions_stay_distinct_facts_and_a_tenth_names_no_entity(questions: list[Question]) -> None:
    # "which three frontier conference teams have the most points in the last game?" three times (g25's
    # default world: 131 repeats about groups). Redrawn as named questions, the no-entity share fell to
    # 0.094 (bar 0.10): a group question is redrawn as another group question instead
    groups = Counter(fact_key(q) for q in questions if group_of(q) is not None)
    assert sum(groups.values()) >= 100
    assert max(groups.values()) == 1, groups.most_common(3)
    assert language_stats(questions)["no_entity_share"] >= 0.10


_MOVED = re.compile(
    r"\b(?:hired|laid off|relocated|added|moved|retrained) ([\d,]+(?:\.\d)?K?) (?:[a-z]+ )?"
    r"(?:engineers|workers|staff|employees|agents|managers|researchers|contractors|drivers)\b"
)


def _number(text: str) -> float:
    return float(text.rstrip("K").replace(",", "")) * (1000 if text.endswith("K") else 1)


def test_a_companys_headcounts_follow_its_kg_employees(tiny_kg: Path) -> None:
    # g25 reader: 540 managers laid off at a firm the KG lists with 1,001 employees
    with duckdb.connect(str(tiny_kg / KG_DB), read_only=True) as con:
        listed = con.execute(
            "SELECT c.name, CAST(json_extract_string(i.doc, '$.fullTimeEmployees') AS DOUBLE)"
            " FROM fin_companies c JOIN fin_info i ON i.ticker = c.symbol ORDER BY 1"
        ).fetchall()
    firms = [(prose.bare(n), staff) for n, staff in listed if staff and 200 <= staff <= 60_000][:6]
    assert len(firms) >= 3
    sizes.use_caps(sizes.kg_caps(tiny_kg / KG_DB))
    try:
        told, wrong = 0, []
        for name, staff in firms:
            for s in prose.sentences(name, "finance", random.Random(3), 800, kind="company", day=_DAY):
                for found in _MOVED.finditer(s):
                    told += 1
                    if not max(2, 0.002 * staff) - 0.5 <= _number(found[1]) <= 0.04 * staff + 0.5:
                        wrong.append((name, staff, s[:120]))
    finally:
        sizes.use_caps({})
    assert told >= 10
    assert not wrong, wrong[:5]


def test_points_per_game_run_2_to_34_and_most_near_10() -> None:
    # g25: a scorer at 59.26 points a game and a roster of nine summing to 261 (the reader saw 55 a game)
    kind = KINDS["sp.ppg"]
    drawn = [float(invent.other_value(kind, random.Random(s), _DAY)) for s in range(2000)]
    assert min(drawn) >= 2.0 and max(drawn) <= 34.5
    assert 8.0 <= statistics.median(drawn) <= 12.0


# ────────── stage B: the independent reading of a g25 world (33 natural / 7 borderline / 5 absurd) ──────────

_APP = re.compile(r"\b(?:app|apps|mobile application|smartphones?)\b")


def test_no_mobile_app_before_2008() -> None:
    # g25's default world: 83 sentences like "Back in 2000, the group launched its mobile application" ("app"
    # was dated with the web, 1996, and `synonyms` writes it "application")
    assert not eras.fits("Back in 2000, the group launched its mobile application.", None)
    life = lifespan.Life("company", 1950)
    lines = [
        s
        for seed in range(8)
        for s in prose.sentences(
            "Walsh", "finance", random.Random(seed), 3000, kind="company", day=_DAY, lives=lambda n: life
        )
    ]
    told = [s for s in lines if _APP.search(s) and event_reads.years_in(s)]
    early = [s for s in told if min(event_reads.years_in(s)) < 2008]
    assert told and not early, early[:5]


_BUILT = re.compile(r"\b(?:built|erected|constructed|added|installed) in ((?:1[6-9]|20)\d\d)\b")


def test_no_part_is_worked_on_before_it_was_built() -> None:
    # g25's default world: 60 sentences like "South Jeremy extended a wing constructed in 2019 in March 1999"
    life = lifespan.Life("topic", 1850)
    name = "North Megan Museum of Art"
    lines = prose.sentences(
        name, "open", random.Random(2), 3000, kind="topic", day=_DAY, lives=lambda _n: life
    )
    told, early = 0, []
    for s in lines:
        for clause in re.split(r";|—|, while|, and|meanwhile", s):
            part = _BUILT.search(clause)
            if part is not None:
                told += 1
                if any(y < int(part[1]) for y in event_reads.years_in(clause)):
                    early.append(s)
    assert told >= 10 and not early, early[:5]


def test_a_landmark_of_a_century_set_was_built_in_that_century() -> None:
    # "Landmarks built in the 1800s": each member dated by a start drawn from its name (1700-1950), its pages
    # worked on it before the set's century; the set now dates each member in it, for every page to read
    from mockapi.world.questions import sets, topics
    from mockapi.world.questions.ask import Ask
    from mockapi.world.questions.model import Fact, Subject

    named = next(
        n for s in range(200) if (n := sets.make_set("topic", random.Random(s))) and "built in" in n.title
    )
    members = [Subject(f"Harbor Hall {i}", "open", "topic") for i in range(8)]
    ranked = [Fact(m, "op.area", str(10 + i), float(10 + i)) for i, m in enumerate(members)]
    # a set of a century reads no draw: no Ask is needed (only a grown set of a train world draws, set_years)
    built = topics._defining(cast(Ask, None), named, ranked)
    century = int(named.holder[:4])
    assert len(built) == 8
    assert all(f.kind == "op.founded" and century <= int(f.value) < century + 100 for f in built)


def test_a_sequel_nothing_dates_starts_after_its_original() -> None:
    # a lower-ranked page quoted a sequel's editor 9 years before the original's release (g25 reader): the
    # page knew the original's release (2015) and dated "X II" by a start drawn from its name
    from mockapi.world.pages.page_blocks import Draft, _lives

    titles = ("Harbor of Glass", "The Quiet Engine", "Night of the Lantern", "Silver Tide", "Last Atlas")
    for title in titles:
        draft = Draft(title, "movie", kind="movie", known=((title, "mv.release", "2015-06-01"),))
        life = _lives(draft)
        for tail in (" II", " 2", " Returns"):
            assert life(title + tail).start > 2015, title + tail


_PRICED = re.compile(r"\b(?:[Ee]ntry|admission|day ticket|family ticket|annual pass)\b.*[$€£]\s?\d")


def test_a_town_sells_no_tickets() -> None:
    # g25's default world: 6 sentences like "A day ticket for Saint Larkridge comes to £20" (the audit's
    # places sold with tickets): a town is lived in, not entered
    lines = prose.sentences("Saint Larkridge", "open", random.Random(4), 3000, kind="topic", day=_DAY)
    sold = [s for s in lines if "Larkridge" in s and _PRICED.search(s)]
    assert not sold, sold[:5]
    museum = prose.sentences(
        "Larkridge Museum of Art", "open", random.Random(4), 3000, kind="topic", day=_DAY
    )
    assert any(_PRICED.search(s) for s in museum)  # a sight inside it still sells them


_CLOCK = re.compile(r"\b(\d{1,2})(?::\d\d)? (a\.m\.|p\.m\.)")


def test_no_act_at_night_and_no_heatwave_floods() -> None:
    # g25 reader: official acts at "1:30 a.m." (12.5 of 100 questions' pages) and "a heatwave flooded"
    pages = (("company", "Walsh Therapeutics", "finance"), ("topic", "Fairdale Park", "open"))
    lines = [s for kind, name, domain in pages for s in prose.sentences(name, domain, random.Random(6), 3000,
                                                                          kind=kind, day=_DAY)]  # fmt: skip
    hours = [int(h) % 12 + (12 if m == "p.m." else 0) for s in lines for h, m in _CLOCK.findall(s)]
    assert hours and min(hours) >= 7 and max(hours) <= 22
    assert not [
        s for s in lines if re.search(r"\b(?:heatwave|power cut|wildfire)\b[^.;]*\b(?:flooded|damaged)", s)
    ]
