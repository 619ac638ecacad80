"""What a result's page says does not mark its role beyond the answer itself: pages that do not answer state
figures too (a peer's, a roundup's entities'), and the results after a question's own pages are mostly other
entities' pages published before it was asked (issue 24: snippets told answer pages apart at AUC 0.72, and
the domain's roundups at 0.85)."""

from __future__ import annotations

import datetime as dt
import random
import re
from pathlib import Path
from typing import cast

from pages_db import query, specs

from mockapi.formats.pagespec import PageSpec
from mockapi.formats.timefmt import parse_query_time
from mockapi.world.pages import shared, statements
from mockapi.world.pages import specs as page_specs
from mockapi.world.pages.decoys import distractors, older_news
from mockapi.world.pages.plan import Pools, fill
from mockapi.world.questions.model import Fact, Question, Subject

ATLAS = Subject("Last Atlas", "movie", "movie")


def test_every_result_page_was_published_before_its_question(tiny_world: Path) -> None:
    rows = query(
        tiny_world,
        "pages.duckdb",
        "SELECT DISTINCT r.page_id, q.query_time FROM results r JOIN queries q USING (interaction_id)",
    )
    by_id = specs(tiny_world, [pid for pid, _ in rows])  # one query, not a connection per page
    late = [
        (pid, qt)
        for pid, qt in rows
        if (published := by_id[pid]["published"])
        and dt.datetime.fromisoformat(published) >= parse_query_time(qt).replace(tzinfo=None)
    ]
    assert not late


def _question(subject: Subject) -> Question:
    return Question(
        "q1", 0, "03/10/2024, 10:00:00 PT", "movie", "simple", "static", "how long is last atlas?", "128",
        [], "head", "web", [], None, facts=[Fact(subject, "mv.runtime", "128")], subjects=[subject],
    )  # fmt: skip


def test_the_fill_is_other_entities_pages_from_before_the_question() -> None:
    def spec(subject: str, published: str) -> PageSpec:
        return cast(PageSpec, {"subject": subject, "published": published})  # the two keys _fill reads

    early, late = "2024-03-01T08:00:00", "2024-03-12T08:00:00"
    about_it, lookalike = spec("Last Atlas", early), spec("Last Atlas II", early)
    fine, after = spec("Hollow Bay", early), spec("Hollow Bay", late)
    subject = Subject("Last Atlas", "movie", "movie", lookalikes=("Last Atlas II",))
    pools = Pools({}, {}, {}, recent={"movie": [about_it, lookalike, fine, after]})
    assert fill(_question(subject), pools, dt.datetime(2024, 3, 10, 10)) == [fine]


def test_a_page_about_the_subject_states_the_asked_attribute_of_another_entity() -> None:
    fact = Fact(ATLAS, "mv.runtime", "128")  # no older values, no look-alikes: a peer's runtime
    pools = Pools({}, {}, {})
    for seed in range(50):
        (piece,) = older_news(fact, pools, random.Random(seed), dt.date(2024, 3, 1))
        assert piece.claim is not None
        name, kind, value, _dated = piece.claim
        assert kind == "mv.runtime" and value != "128" and name != "Last Atlas"
        assert name in piece.text and piece.how in ("sentence", "caption")


def test_roundups_state_figures_of_the_entities_they_cover() -> None:
    hale = Subject("Hale Group", "finance", "company")
    day = dt.date(2024, 2, 1)
    for seed in range(30):
        pieces = statements.figure_pieces(hale, random.Random(seed), "dev", day, 3)
        assert len(pieces) == 3 and len({p.claim[1] for p in pieces if p.claim}) == 3
        assert all("Hale Group" in p.text for p in pieces)
    pages = shared.noise_pool("finance", 12, random.Random(0))
    texts = [" ".join(str(b[-1]) for b in p["blocks"]) for p in pages]
    assert sum("$" in t or "USD" in t or "dollars" in t for t in texts) >= 6


def test_a_snippet_is_drawn_from_the_running_text_only(tiny_world: Path) -> None:
    from mockapi.world.pages import specs

    spec = {
        "title": "Last Atlas",
        "infobox": [["Director", "Ann Lee"]],
        "blocks": [
            ["h", "Timeline"],
            ["p", "Alpha beta. Gamma."],
            ["table", ["Date", "Event", "Sources"], [["1 May 2023", "Announcement", "3"]], "Timeline"],
            ["post", "quietfox", "Hello there."],
        ],
    }
    assert specs.running_text(spec) == "Alpha beta. Gamma.\nHello there."  # type: ignore[arg-type]
    # a short page's snippet showed its timeline ("Date Event Sources") and infobox labels; a long one's prose
    snippets = [s for (s,) in query(tiny_world, "pages.duckdb", "SELECT page_snippet FROM results")]
    assert snippets and not [s for s in snippets if "Date Event Sources" in s]


def test_a_multi_hop_answer_page_names_no_peer() -> None:
    song = Subject("Velvet Summer", "music", "song")
    singer = Subject("Robert Hudson", "music", "artist")
    facts = [Fact(song, "rel:performer", "Robert Hudson"), Fact(singer, "mu.birth", "March 3, 1950")]
    q = _question(song)
    q.facts, q.subjects = facts, [song, singer]
    pools = Pools({}, {}, {})
    claimed = {
        p.claim[0]
        for seed in range(60)
        for p in distractors(q, pools, random.Random(seed), dt.date(2024, 3, 1))
        if p.claim is not None
    }
    # "the performer of Velvet Summer" names no one: a peer's birth date could be the performer's
    assert claimed <= {"Velvet Summer", "Robert Hudson"}, claimed


def test_every_sentence_statement_names_its_subject() -> None:
    # "Roughly 733 season-ticket backers showed up. Separately, the team's last score is 5." on a set's
    # page: whose? (the audit's contradiction scan on generator 10's first default world; ~2% of statements)
    for domain, kind, key in (("sports", "team", "sp.last_score"), ("music", "song", "mu.rank")):
        fact = Fact(Subject("Dana Holt", domain, kind), key, "5")
        texts = [statements.state(fact, random.Random(s), "dev", shape="sentence").text for s in range(400)]
        assert [t for t in texts if "Dana Holt" not in t] == []


def test_an_invented_peer_or_roundup_entity_is_no_questions_subject() -> None:
    from mockapi.world.pages import consistency
    from mockapi.world.questions import invent

    # a peer drawn as "Simmons Corp." gave the answer page of Simmons Corp. another EPS (the build failed)
    first = invent.subject_name("company", random.Random(7))
    taken = frozenset({consistency.name_key(first)})
    assert shared.invented_name("company", random.Random(7), taken) != first
    pages = shared.noise_pool("finance", 3, random.Random(7), taken=taken)
    assert not [p for p in pages if first in " ".join(str(b[-1]) for b in p["blocks"])]


def test_an_answer_form_page_of_a_true_question_with_a_premise_states_no_answer() -> None:
    # "what is the home venue of west sarah sentinels, founded in 1999?" labelled not answerable: the
    # premise's fact (founded 1999) sits in the question's context as a false premise's true facts do, and its
    # answer-form pages stated the answer (g17 default world: 59 of 146 such questions, value on ranks 1-3)
    import json

    from mockapi.world.pages.roles import answer_form_page

    wolves = Subject("West Sarah Sentinels", "sports", "team")
    q = _question(wolves)
    q.domain, q.query, q.answer = "sports", "what is the home venue of west sarah sentinels?", "Russellstad"
    q.facts = [Fact(wolves, "sp.arena", "Russellstad")]
    q.context = [Fact(wolves, "sp.founded", "1999")]
    pools = Pools({}, {}, {"sports": shared.noise_pool("sports", 4, random.Random(0))})
    qtime = dt.datetime(2024, 3, 10, 10)
    texts = [json.dumps(answer_form_page(q, pools, qtime, random.Random(s), 0)) for s in range(40)]
    assert not [t for t in texts if "Russellstad" in t]


def test_a_group_questions_answer_form_page_states_members_values_but_never_the_answers() -> None:
    """An answer-form page of a question over a set states members' values as the answer page states all of
    them: a names-only table (generator 42) left the answer pages the only set pages full of figures (the
    standing adversary's group questions, 0.835). It never states every member, nor the one the answer
    names, so no ranking over it answers. Fails on generator 42 (no value) and on a page of every member."""
    from mockapi.world.pages.roles import answer_form_page
    from mockapi.world.questions.model import group_of

    group = Subject("Harbor Division teams", "sports", "group")
    members = [Subject(f"{town} Falcons", "sports", "team") for town in ("Tacoma", "Newark", "Omaha", "Flint",
               "Duluth", "Eugene", "Albany", "Boulder")]  # fmt: skip
    q = _question(group)
    q.subjects = [group, *members]
    q.domain, q.query, q.answer = "sports", "which harbor division team has the most wins?", "Tacoma Falcons"
    q.facts = [Fact(m, "sp.wins", str(40 - i), number=40.0 - i) for i, m in enumerate(members)]
    q.answer_in_pages = False
    assert group_of(q) is group
    pools = Pools({}, {}, {"sports": shared.noise_pool("sports", 4, random.Random(0))})
    qtime = dt.datetime(2024, 3, 10, 10)
    for seed in range(12):
        text = page_specs.text_of(answer_form_page(q, pools, qtime, random.Random(seed), 0))
        lines = re.split(r"(?<=[.!?])\s+|\n", text)
        valued = [
            f.subject.name
            for f in q.facts
            if any(f.subject.name in x and re.search(rf"\b{f.value}\b", x) for x in lines)
        ]
        assert len(valued) >= 2, (seed, valued)
        assert "Tacoma Falcons" not in valued and len(valued) < len(members), (seed, valued)


def test_a_set_questions_results_are_the_sets_pages_whatever_their_role() -> None:
    """A set question's answer pages are the set's (its members in a table), and generator 42 gave its stale,
    look-alike and shared pages to single members: on its default world (seed 0, dev) those 0.8 of member
    pages read 0.96 against the answer pages, and the standing adversary's (a) read 0.878 over the set
    questions (0.655 over the rest). Every page a set question's plan makes is now the set's page: about the
    group, naming several members, and no look-alike's. Fails on generator 42 (stale pages about a member)."""
    from mockapi.world.pages.plan import plan

    group = Subject("Harbor 20 companies", "finance", "group")
    towns = ("Tacoma", "Newark", "Omaha", "Flint", "Duluth", "Eugene")
    members = [Subject(f"{t} Group", "finance", "company", lookalikes=(f"{t} Group II",)) for t in towns]
    q = _question(group)
    q.subjects = [group, *members]
    q.domain, q.question_type, q.static_or_dynamic = "finance", "simple", "fast-changing"
    q.query, q.answer = "which harbor 20 company has the lowest closing price?", "Tacoma Group"
    q.facts = [
        Fact(m, "fin.close", f"${20 + i}.10", number=20.1 + i, as_of="2024-03-08",
             stale=(f"${19 + i}.50",), stale_days=("2024-02-20",))
        for i, m in enumerate(members)
    ]  # fmt: skip
    q.answer_in_pages = True
    pools = Pools({}, {}, {"finance": shared.noise_pool("finance", 4, random.Random(0))})
    roles: dict[str, int] = {}
    for seed in range(6):
        for r in plan(q, pools, random.Random(seed)):
            if r.role in ("gold", "stale", "negative", "topical") and not r.spec.get("empty"):
                text = page_specs.text_of(r.spec)
                assert r.spec["subject"] == group.name, (r.role, r.spec["subject"])
                assert sum(m.name in text for m in members) >= 3, r.role
                assert not any(f"{town} Group II" in text for town in towns), r.role
                roles[r.role] = roles.get(r.role, 0) + 1
    assert roles.get("stale") and roles.get("gold") and roles.get("topical"), roles
