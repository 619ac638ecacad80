"""Generator 19 against the g18 reader's findings and the two audit lines generator 18 failed (issue 31):
decoys cut from the subject's own name, garbled look-alike names, empty timelines, a share class as the
company, club scores of a basketball team, award totals, lists in the gold's order on every page, a fixed
digit in every film's prose, rivals' dates, and simple questions in the words of relations.

Each test fails on generator 18's code.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections import Counter

from mockapi.world.lexicon import arts as lex_arts
from mockapi.world.pages import consistency, decoys, page_blocks, prose, statements
from mockapi.world.pages.page_blocks import Draft
from mockapi.world.pages.roles import Pools, lookalike_pages
from mockapi.world.questions import invent, invent_words
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact, Question, Subject

_DAY = dt.date(2024, 3, 1)


def _question(subject: Subject, fact: Fact) -> Question:
    return Question(
        "q1", 0, "03/10/2024, 10:00:00 PT", subject.domain, "simple", "static", "when was x born?",
        fact.value, [], "head", "web", [], None, facts=[fact], subjects=[subject],
    )  # fmt: skip


def test_a_name_cut_or_respelt_from_the_subjects_is_built_from_it() -> None:
    cut = {
        ("Machines", "Lord of the Machines"),  # a short form given grosses (g18 Q3)
        ("L. Rousseau", "Louis Rousseau"),  # an initial with a birth date on ranks 1 and 3 (g18 Q12)
        ("Louis K. Rousseau", "Louis Rousseau"),
        ("Rousseau", "Louis Rousseau"),
        ("Elis-Abeth", "Elisabeth Moore"),
        ("Eli-Eli", "Elisabeth Moore"),
    }
    apart = {("Karen Rousseau", "Louis Rousseau"), ("Lord of the Machines II", "Lord of the Machines")}
    assert all(consistency.built_from(n, s) for n, s in cut)
    assert not any(consistency.built_from(n, s) for n, s in apart)


def test_no_rival_or_lookalike_page_is_the_subjects_own_name_cut() -> None:
    louis = Subject(
        "Louis Rousseau",
        "music",
        "artist",
        lookalikes=("L. Rousseau", "Rousseau", "Karen Rousseau", "Louis-Louis"),
    )
    fact = Fact(louis, "mu.birth", "March 3, 1950")
    q = _question(louis, fact)
    assert decoys.rivals(q, fact) == ("Karen Rousseau",)
    pools = Pools({}, {}, {})
    qtime = dt.datetime(2024, 3, 10, 10)
    about = {p["subject"] for s in range(20) for p in lookalike_pages(q, pools, qtime, random.Random(s), 3)}
    assert about == {"Karen Rousseau"}


def test_a_persons_invented_lookalikes_are_namesakes_not_garbled() -> None:
    # "Cynthia Lanterns" (a first name with a noun) and "The Cynthia Hale" read as garbled names (g18 reader:
    # 32.5 of 100 rank-1 pages)
    for seed in range(50):
        rng = random.Random(seed)
        name = invent.subject_name("person", rng)
        first, last = name.split()[0], name.split()[-1]
        for alike in invent.lookalikes(name, rng, kind="person"):
            bare = alike.replace(" (disambiguation)", "")
            assert not bare.startswith("The "), alike
            assert bare.split()[0] == first or bare.split()[-1] == last, (name, alike)
            assert bare.split()[-1] not in invent_words.NOUN, (name, alike)


def test_a_timeline_says_what_each_event_was_about() -> None:
    # an "Announcement | 12" under "Date Event Sources" read as an empty table (32.5 of 100 g18 rank-1 pages)
    draft = Draft("Vale Corp. Class A Common Stock", "finance", kind="company", filler=150)
    tables = []
    for seed in range(40):
        blocks, _ = page_blocks.blocks(draft, "article", _DAY, random.Random(seed))
        tables += [b for b in blocks if b[0] == "table" and b[3] == "Timeline"]
    assert tables
    for table in tables:
        assert table[1] == ["Date", "Event", "Reader comments"]  # generator 20: the count says what it counts
        assert all(
            row[1].endswith(
                (
                    "Vale Corp.",
                    "Vale Corp. published",
                    "Vale Corp. released",
                    "Vale Corp. closed",
                    "Vale Corp. posted",
                    # generator 23's sixteen events (eight made one the top frame of a director's facts)
                    "Vale Corp. revised",
                    "Vale Corp. printed",
                    "Vale Corp. updated",
                    "Vale Corp. held",
                )
            )
            for row in table[2]
        ), table


def test_prose_names_a_company_not_its_share_class() -> None:
    # "Class An Ordinary Shares" 40 times on one g18 page: the listing as the company, and an article bug
    lines = prose.sentences(
        "Vale Corp. Class A Ordinary Shares", "finance", random.Random(1), 60, kind="company"
    )
    assert not [t for t in lines if "Ordinary Shares" in t or "Class An" in t]
    assert statements.P_LISTED <= 0.05


def test_clubs_are_not_asked_a_basketball_teams_points_and_awards_are_mostly_few() -> None:
    from mockapi.world.questions import topics

    # soccer clubs scoring 99-141 points a game; 2016's films with 42 Oscars, 8 singers with 97 Grammys
    assert {"sp.last_points", "sp.wins"} <= set(topics._NOT_CLUBS)
    rng = random.Random(3)
    for key, most in (("mv.oscars", 3), ("mu.grammys", 4)):
        drawn = [int(invent._value(KINDS[key], rng, _DAY)[1] or 0) for _ in range(2000)]
        assert sorted(drawn)[len(drawn) // 2] <= most, key
        assert sum(drawn[:8]) < 60


def test_a_page_lists_a_set_in_its_own_order() -> None:
    # the gold lists a cast in one order; g18's pages wrote it in that order, so 49 % of set answers were
    # on their answer pages word for word (the audit's answer-verbatim line fell to 0.19, bar >= 0.20)
    film = Subject("Iron Atlas", "movie", "movie")
    items = ("Ann Lee", "Bo Park", "Cy Moss", "Di Ray")
    fact = Fact(film, "mv.cast", "Ann Lee, Bo Park, Cy Moss and Di Ray", items=items)
    texts = []
    for seed in range(200):
        texts += [p.text + p.value for p in statements.gold_pieces(fact, random.Random(seed), "dev", _DAY)]
    assert not [t for t in texts if fact.value in t or "Ann Lee, Bo Park, Cy Moss, Di Ray" in t]
    assert all(all(i in " ".join(texts) for i in items) for _ in (0,))


def test_no_fixed_digit_in_film_prose() -> None:
    # "A 4K transfer of the film" on every film page made 4 the commonest number of the top 10: counts of
    # four cast members were read off it (g18 typed-candidate voting: 10 of 72 counts)
    templates = lex_arts.MOVIE + lex_arts.MOVIE_SHORT
    assert not [t for t in templates if re.search(r"\d", re.sub(r"\{[^}]*\}", "", t))]


def test_every_rival_states_its_date_on_an_answer_page() -> None:
    # a full date has no older value: at 0.8 a rival's, the answer stayed the top 10's commonest date for 9 of
    # 30 date answers (g18 typed-candidate voting)
    louis = Subject("Louis Rousseau", "music", "artist", lookalikes=("Karen Rousseau", "Louis Marchand"))
    fact = Fact(louis, "mu.birth", "March 3, 1950")
    q = _question(louis, fact)
    named: Counter[str] = Counter()
    for seed in range(100):
        for p in decoys.distractors(q, Pools({}, {}, {}), random.Random(seed), _DAY):
            if p.claim is not None:
                named[p.claim[0]] += 1
    assert named["Karen Rousseau"] == named["Louis Marchand"] == 100


def test_simple_questions_ask_for_the_entity_a_relation_leads_to() -> None:
    from mockapi.world.questions.generate import generate

    qs = generate(1200, random.Random("0:questions"), None)
    simple = [q for q in qs if q.question_type == "simple"]
    related = [q for q in simple if any(f.kind.startswith("rel:") for f in q.facts)]
    assert len(related) / len(simple) > 0.1
    assert any(re.search(r"head coach|parent company|director|performer", q.query) for q in related)


def test_a_verb_fits_its_object() -> None:
    from mockapi.world.lexicon import places as lex_places
    from mockapi.world.pages import grammar, synonyms

    # "judged a hospital" (10 of 100 g18 rank-1 pages) and "debuted a probe" ("opened an inquiry", swapped)
    assert "debuted" not in synonyms.table() and "opened" not in synonyms.table()
    slots = prose.slot_table()
    slots.update({name: (lambda _r: "Ida Brand") for name in ("s", "o")})
    rng = random.Random(6)
    odd = re.compile(r"\b(?:judged|hosted|addressed) a (?:school|college|university|hospital|film school)\b")
    for template in lex_places.PERSON + lex_arts.FILM_PERSON:
        for _ in range(200):
            text = grammar.expand(template, slots, rng)
            assert not odd.search(text), text


def test_a_films_prose_never_premieres_it() -> None:
    from mockapi.world.pages import grammar

    # ">= 3 premieres" on 10 of 100 g18 rank-1 pages: a clause any sentence may draw said "premiered"
    slots = prose.slot_table()
    slots.update({name: (lambda _r: "Iron Atlas") for name in ("s", "o")})
    rng = random.Random(7)
    for template in lex_arts.MOVIE + lex_arts.MOVIE_SHORT:
        for _ in range(100):
            text = grammar.expand(template, slots, rng)
            assert not re.search(r"premiered|(?:first|earliest|debut) (?:showing|screening)", text), text
