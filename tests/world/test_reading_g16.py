"""Generator 17 against the g16 reader's findings (issue 31; /work/scratch/reading_g16.md): plain questions
(no request wrapped around a statement, few tails, no initials or "the utd" as names), open-domain questions
about other domains' subjects, films' amounts of their era, no famous names, no share class as a company, no
typo'd look-alike with values of its own, no county among "landmarks built in the 1600s".

Each test fails on generator 16's code.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections import Counter

from mockapi.world.pages import consistency, statements
from mockapi.world.questions import invent, phrasing, refer
from mockapi.world.questions.generate import generate
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact, Subject
from mockapi.world.questions.sets import NamedSet
from mockapi.world.questions.source import era_cap, plausible
from mockapi.world.questions.topics import _fits

_EMBEDDING = re.compile(
    r"^(?:can you|could you|do you|i was wondering|any idea|i need to|i'd like|would you)\b"
)


def test_a_statement_is_never_wrapped_in_a_request() -> None:
    """A "could you tell me the head coach of x was born in which decade" (g16 #31) read broken: a request
    that embeds its question goes before a wh-question only."""
    text = "the head coach of brittanyville vipers was born in which decade?"
    said = [phrasing.voice(text, ["brittanyville vipers"], random.Random(i), "dev") for i in range(400)]
    assert not [s for s in said if _EMBEDDING.match(s)]
    asked = [phrasing.voice("what is the rating of x?", ["x"], random.Random(i), "dev") for i in range(400)]
    assert any(_EMBEDDING.match(s) for s in asked)  # before a wh-question they still come


def test_tails_and_typos_are_rare() -> None:
    """9 of 40 g16 questions had a tacked-on "anyone know" or "thanks", 5 a typo: real CRAG questions are
    mostly plain. An imperative frame, which takes no opener, took a tail one time in four."""
    tails = tuple(t.replace("{q}", "").strip(" ?") for t in phrasing.TAILS)
    for text in ("what is the budget of x?", "give me the budget of x"):
        said = [phrasing.voice(text, ["x"], random.Random(i), "dev") for i in range(2000)]
        tailed = sum(s.rstrip("?").endswith(tails) for s in said)
        assert tailed / len(said) < 0.03, text
    assert phrasing.P_TYPO <= 0.03


def test_questions_name_no_initials_and_no_bare_utd() -> None:
    """Initials ("lkso", "nsc") and "the utd" named nothing a reader knew (g16 #7, #12, #33); pages still
    show initials."""
    orchestra = refer.with_refs(
        Subject("Lower Kingsford Symphony Orchestra", "open", "topic"), random.Random(1)
    )
    assert "LKSO" in orchestra.aliases
    assert {refer.name_ref(orchestra, random.Random(i)) for i in range(300)} == {orchestra.name}
    assert refer.aliases_for("Cranport Utd", "team") == ()
    assert refer.aliases_for("Cranport Comets", "team") == ("the Comets",)


def test_open_questions_ask_about_other_domains_subjects() -> None:
    """CRAG's open domain asks about people, firms and films too: some open questions are about another
    domain's subject, in its words, and their pages are that domain's (attribute words named the domain:
    0.964 from the text at g16, real CRAG 0.76)."""
    questions = generate(300, random.Random("0:questions"), None, "dev")
    open_ones = [q for q in questions if q.domain == "open"]
    borrowed = Counter(q.content_domain for q in open_ones if q.content_domain != "open")
    assert sum(borrowed.values()) >= len(open_ones) // 3 and len(borrowed) >= 3
    assert all(q.pages_domain == q.content_domain for q in questions)
    assert all(q.content_domain == q.domain for q in questions if q.domain != "open")


def test_a_films_amounts_fit_its_release_year() -> None:
    """A 1963 film grossing $945M (g16 #6): amounts of its era, as the KG's budgets are."""
    film = Subject("Northern Signal", "movie", "movie")
    released = Fact(film, "mv.release", "May 1, 1963", float(dt.date(1963, 5, 1).toordinal()))
    known = {(film.name, film.kind, "mv.release"): released}
    assert not plausible(Fact(film, "mv.gross", "$945.0 million", 945e6), known)
    assert plausible(Fact(film, "mv.gross", "$95.0 million", 95e6), known)
    assert era_cap("mv.gross", 2020) >= 2_000e6
    # and whichever is drawn first, every invented film keeps to it
    from mockapi.world.questions.source import WebSource

    web, rng = WebSource(), random.Random(5)
    for i in range(150):
        film = web.subject("movie", "movie", rng)
        order = ("mv.gross", "mv.release") if i % 2 else ("mv.release", "mv.gross")
        facts = {k: web.fact(film, KINDS[k], dt.date(2024, 3, 1), rng) for k in order}
        year = dt.date.fromordinal(int(facts["mv.release"].number or 0)).year
        assert (facts["mv.gross"].number or 0) <= era_cap("mv.gross", year), (film.name, year)


def test_invented_people_are_not_famous_people() -> None:
    """Not "The director of Neon Harbor is Bruce Lee", born in South Patrick, Maine (g16 #21)."""
    names = iter(["Bruce Lee", "Dr. Janet Jackson", "Dana Holt"])
    assert invent._unknown(invent.fake(random.Random(1)), lambda: next(names)) == "Dana Holt"
    rng = random.Random(2)
    drawn = {invent.subject_name("person", rng) for _ in range(600)}
    assert not {n.lower() for n in drawn} & invent.FAMOUS


def test_sentences_name_a_company_not_its_share_class() -> None:
    """Not "Sterling Inc. Class A Common Stock is the parent company of Beacon Inc." (g16 #17): a share
    class is no parent company, and sentences name the company as people do."""
    beacon = Subject("Beacon Inc.", "finance", "company")
    link = Fact(beacon, "rel:parent company", "Sterling Inc. Class A Common Stock")
    sterling = Subject("Sterling Inc. Class A Common Stock", "finance", "company")
    eps = Fact(sterling, "fin.eps", "$2.42", 2.42)
    for i in range(60):
        rng = random.Random(i)
        hop = statements.state(link, rng, "dev", shape="sentence")
        assert "Common Stock" not in hop.text
        assert hop.claim is not None and hop.claim[0] == "Beacon Inc."
    said = [statements.state(eps, random.Random(i), "dev", shape="sentence") for i in range(200)]
    listed = sum("Common Stock" in p.text for p in said)
    assert listed / len(said) < 0.3
    assert all(p.claim is not None and p.claim[0] == sterling.name for p in said)  # the scan's key is kept


def test_a_lookalike_read_as_the_subject_carries_no_values() -> None:
    """The "Tghe Season's Tempest has grossed 710.0 million dollars" was the g16 reading's one ambiguity."""
    assert not consistency.told_apart("Tghe Season's Tempest", "The Season's Tempest")
    assert not consistency.told_apart("The Season's Tempest (disambiguation)", "The Season's Tempest")
    assert consistency.told_apart("The Season's Tempest II", "The Season's Tempest")


def test_landmarks_built_in_a_century_are_buildings() -> None:
    """The "of the 8 landmarks built in the 1600s" were a county, lakes and national parks (g16 #9)."""
    built = NamedSet(
        "Landmarks built in the 1600s", "landmarks built in the 1600s", "1600s", "landmarks", "topic"
    )
    for name in ("Wattston County", "Lake Ralphbury", "Rhodesbury National Park"):
        assert not _fits(built, Subject(name, "open", "topic"))
    assert _fits(built, Subject("Lake Ralphbury Cathedral", "open", "topic"))


def test_no_possessive_after_a_description() -> None:
    """Not "where is the artist born august 8, 1962's hometown?" nor "what's the parent company of smith
    corp.'s ceo?" (the ceo of the parent company was asked)."""
    from mockapi.world.questions.frame_use import for_phrase

    frames = ("where is {s}'s hometown?", "what is the hometown of {s}?")
    assert for_phrase(frames, "the artist born august 8, 1962", False) == frames[1:]
    assert for_phrase(frames, "the parent company of smith corp.", False) == frames[1:]
    assert for_phrase(frames, "smith corp.", False) == frames
