"""Generator 27 (session 52) against what the reading of generator 27's stage A world (w_g27a) found at the
gold level (/work/scratch/reader27/reading_g27.md, classes 3-8): a volume of a session not yet open and a
close on a page from before it (#12, #5), a count of the "largest holders" asked as all of them (#27),
mixed-sex pro rosters (#29, #36), games in the basketball and soccer off-season (#23, #31, #39), institutes
of technology sold with day tickets (#1, #38), a $40.50 coffee (#21) and a film in its run shown as a revival
(#13). Each test fails on the code before it (6f4887a)."""

from __future__ import annotations

import datetime as dt
import random
import re
from typing import Any

import pytest
from faker.providers.person.en_US import Provider

from mockapi.world.pages import lifespan, prose, roles, statements
from mockapi.world.questions import invent
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.questions.source import WebSource
from mockapi.world.real import market_days

_COMPANY = Subject("Gonzales Systems", "finance", "company", ticker="GOSY")
_MONDAY = dt.date(2024, 3, 4)


@pytest.mark.parametrize(
    ("at", "session"),
    [
        (dt.datetime(2024, 3, 4, 5, 1), dt.date(2024, 3, 1)),  # before Monday's open: Friday's
        (dt.datetime(2024, 3, 4, 11, 0), dt.date(2024, 3, 4)),  # Monday's so far
        (dt.datetime(2024, 3, 4, 17, 0), dt.date(2024, 3, 4)),  # Monday's whole
        (dt.datetime(2024, 3, 2, 12, 0), dt.date(2024, 3, 1)),  # a Saturday: Friday's
    ],
)
def test_a_volume_is_of_a_session_open_at_the_question(at: dt.datetime, session: dt.date) -> None:
    """#12: "As of Mon, 4 Mar 2024, 19.77 million shares of Gonzales Systems have changed hands today", asked
    at 05:01 ET that Monday, before its session opened."""
    web = WebSource()
    web.at = at
    fact = web.fact(_COMPANY, KINDS["fin.volume"], at.date(), random.Random(1))
    assert fact.as_of == session.isoformat()
    assert roles.known_from(fact) <= market_days.utc_of(at.date(), at.time())


def test_a_volume_of_an_earlier_session_is_not_today() -> None:
    fact = Fact(_COMPANY, "fin.volume", "19,770,000", 19_770_000.0, as_of="2024-03-01", source="web")
    said = [
        statements.state(fact, random.Random(i), "dev", as_of=fact.as_of, page_day=_MONDAY).text
        for i in range(200)
    ]
    assert not [t for t in said if "today" in t.lower()]
    same_day = [
        statements.state(fact, random.Random(i), "dev", as_of=fact.as_of, page_day=dt.date(2024, 3, 1)).text
        for i in range(200)
    ]
    assert any("today" in t for t in same_day)  # the day's own volume still is today's


def test_no_page_states_a_session_of_its_own_day(monkeypatch: pytest.MonkeyPatch) -> None:
    """#5: a page last modified 07:56 ET on 11 March stated that day's close. A page knows only its day (it
    may be of before the open): no peer's or look-alike's session figure is dated that day."""
    price = Fact(_COMPANY, "fin.price", "$15.92", 15.92, as_of=_MONDAY.isoformat(), source="kg")
    days = {statements.rival_day(price, f"Look {i} Corp.", _MONDAY) for i in range(200)}
    assert max(days) < _MONDAY.isoformat()
    dated: list[tuple[str, str]] = []
    state = statements.state

    def spy(fact: Fact, *args: Any, **kw: Any) -> Any:
        dated.append((fact.kind, kw.get("as_of", "")))
        return state(fact, *args, **kw)

    monkeypatch.setattr(statements, "state", spy)
    for i in range(300):
        peer = Subject(f"Peer{i} Holdings", "finance", "company", ticker=f"P{i}")
        statements.figure_pieces(peer, random.Random(i), "dev", _MONDAY, 6)
    sessions = [(k, d) for k, d in dated if statements.session_figure(k)]
    assert sessions and all(d < _MONDAY.isoformat() for _, d in sessions)


def test_a_count_is_over_the_set_the_page_names() -> None:
    """#27: a page's "The largest holders of Day Corp. are [4 names]" asked as "how many institutional
    holders has doc got? 4": the page names the whole set the question counts."""
    items = ("Kelley Capital Management", "Walker Capital Management", "Jones Capital Management")
    fact = Fact(_COMPANY, "fin.holders", ", ".join(items), 3.0, items, source="web")
    said = [statements.state(fact, random.Random(i), "dev").text.lower() for i in range(200)]
    assert not [t for t in said if re.search(r"\b(?:largest|biggest|top|leading)\b", t)]
    assert "largest" not in KINDS["fin.holders"].ask


_MEN = frozenset(Provider.first_names_male)


def test_a_pro_team_has_players_of_one_sex() -> None:
    """#29, #36: "Joanna Taylor / Rodney Long / Jessica Obrien / Melissa Stewart / Mary Gross" as one pro
    starting five: the world's leagues are men's, as the KG's NBA and soccer players are."""
    team = Subject("Glovertown Badgers", "sports", "team")
    for i in range(150):
        assert invent.subject_name("player", random.Random(i)).split()[0] in _MEN
        for key in ("sp.lineup", "sp.roster"):
            fact = invent.invent_fact(KINDS[key], team, _MONDAY, random.Random(i))
            assert {n.split()[0] for n in fact.items} <= _MEN, fact.items


_OFF_SEASON = re.compile(r"\b(?:June|July|August|September)\b")
_GAMES = re.compile(r"\b(?:games|matches|outings|fixtures|home dates)\b")


@pytest.mark.parametrize("kind", ["team", "player"])
def test_games_fall_in_the_season(kind: str) -> None:
    """#23, #31, #39: "Providence Express took 7 of the latest ten outings in June", "lost 8 of the last
    dozen games in August" of basketball teams (season October-June) and clubs (August-May)."""
    name = "Providence Express" if kind == "team" else "Rodney Long"
    said = [t for i in range(120) for t in prose.sentences(name, "sports", random.Random(i), 8, kind=kind)]
    games = [t for t in said if _GAMES.search(t)]
    assert len(games) >= 20
    assert not [t for t in games if _OFF_SEASON.search(t)]


_ADMISSION = re.compile(
    r"\b(?:[Ee]ntry|[Aa]dmission|tickets?|(?:[Dd]ay|[Ff]amily|[Aa]nnual) (?:ticket|pass))\b"
)


def test_an_institute_sells_no_tickets() -> None:
    """#1, #38: "A day ticket at Buckbury Institute of Technology is still priced at $3.50", "An annual pass
    to Lake Tonya Institute of Technology is priced at $13"."""
    for name in ("Buckbury Institute of Technology", "Lake Tonya University", "Port Ann Public Library"):
        said = [
            t for i in range(80) for t in prose.sentences(name, "open", random.Random(i), 8, kind="topic")
        ]
        assert not [t for t in said if _ADMISSION.search(t)], name
    museum = [
        t for i in range(80) for t in prose.sentences("Port Ann Museum of Art", "open", random.Random(i), 8)
    ]
    assert [t for t in museum if _ADMISSION.search(t)]  # a museum still sells them


def test_a_coffee_costs_a_coffee() -> None:
    """#21: "A coffee on the high street for Deborahborough comes to $40.50"."""
    said = [t for i in range(200) for t in prose.sentences("Deborahborough", "open", random.Random(i), 8)]
    coffees = [t for t in said if "coffee" in t]
    assert coffees
    prices = [float(m[1]) for t in coffees if (m := re.search(r"[$€£](\d+(?:\.\d+)?)", t))]
    assert prices and max(prices) <= 6, coffees


def test_a_film_in_its_run_is_no_revival() -> None:
    """#13: "A retrospective in Toulouse featured The Wild Meridian" on the page of its weekend gross."""
    life = lifespan.Life("movie", 2024, 1, 19)

    def lives(name: str) -> lifespan.Life:
        return life

    said = [
        t
        for i in range(150)
        for t in prose.sentences(
            "The Wild Meridian", "movie", random.Random(i), 8, kind="movie", day=_MONDAY, lives=lives
        )
    ]
    assert not [t for t in said if re.search(r"retrospective|revived|archive|restored|remastered", t, re.I)]
