"""Page language and sources (issue 24): grammar, prose that fits its subject, no stock phrases, several
answer pages near the top, syndicated copies, varied top-level structure, one history per fact."""

from __future__ import annotations

import datetime as dt
import json
import random
from collections import Counter
from pathlib import Path

import pytest
from pages_db import query, spec_of
from pages_db import specs as specs_of

from mockapi.audit.structure import top_structure
from mockapi.core.user_error import UserError
from mockapi.formats.pagespec import PageSpec
from mockapi.web.render import render_page
from mockapi.world.pages import consistency, grammar, prose, specs, styles, syndicate
from mockapi.world.questions.invent import invent_subject
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Fact, Question, Subject
from mockapi.world.questions.source import WebSource

STOCK = (
    "according to people familiar with the matter", "observers say", "one reader noted", "to be fair",
    "discussed songwriting", "in an interview on",
)  # fmt: skip
OFF_TOPIC = ("gardening", "recipes", "buying guide", "budget travel tips", "home workout")


def test_grammar_expands_nested_alternatives_and_slots() -> None:
    rng = random.Random(3)
    seen = {grammar.expand("[a [b|c]|d] {x}", {"x": lambda r: "X"}, rng) for _ in range(200)}
    assert seen == {"a b X", "a c X", "d X"}
    assert grammar.expand("one [|two] three", {}, random.Random(1)) in ("one three", "one two three")
    with pytest.raises(ValueError):
        grammar.parse("[a|b")


def test_prose_fits_its_subject_and_varies() -> None:
    rng = random.Random(5)
    song = prose.sentences("Chase Like a Tide", "music", rng, 400, kind="song")
    assert not any("interview" in s or "songwriting" in s for s in song)  # a song does not give interviews
    group = prose.sentences(
        "clubs by championships", "sports", rng, 200, kind="team", topics=("Lyon Hawks", "Oslo Bears")
    )
    assert not any("clubs by championships" in s for s in group)  # a set is never a sentence's subject
    assert sum("Lyon Hawks" in s or "Oslo Bears" in s for s in group) > 150
    company = prose.sentences("Ardline Group", "finance", rng, 400, kind="company", ticker="ARDL")
    assert len(set(company)) >= 0.98 * len(company)
    lengths = Counter(len(s.split()) // 5 for s in company)
    assert len(lengths) >= 4  # short and long sentences


def test_world_pages_hold_no_stock_phrases_or_off_topic_genres(tiny_world: Path) -> None:
    rows = query(tiny_world, "pages.duckdb", "SELECT lower(text) FROM pages")
    text = "\n".join(t for (t,) in rows)
    for phrase in STOCK:
        assert phrase not in text, phrase
    titles = "\n".join(
        t for (t,) in query(tiny_world, "pages.duckdb", "SELECT lower(page_name) FROM results")
    )
    for genre in OFF_TOPIC:
        assert genre not in titles, genre


def test_several_answer_pages_sit_near_the_top(tiny_world: Path) -> None:
    rows = query(
        tiny_world,
        "questions.duckdb",
        "SELECT interaction_id, gold_page_ids FROM questions WHERE answer_in_pages",
    )
    top5 = gold5 = 0
    per_question = []
    for iid, gold_json in rows:
        gold = set(json.loads(gold_json))
        ranked = query(
            tiny_world,
            "pages.duckdb",
            f"SELECT page_id FROM results WHERE interaction_id = '{iid}' ORDER BY rank",
        )
        top5 += 5
        gold5 += sum(pid in gold for (pid,) in ranked[:5])
        per_question.append(len(gold))
    assert gold5 / top5 >= 0.35  # was 0.07: one to three needles anywhere in the 50
    assert sorted(per_question)[len(per_question) // 2] >= 3


def test_syndicated_copy_is_a_near_duplicate_elsewhere(tiny_world: Path) -> None:
    (pid,) = query(tiny_world, "pages.duckdb", "SELECT page_id FROM pages WHERE text <> '' LIMIT 1")[0]
    spec = spec_of(tiny_world, pid)
    copy = syndicate.copy(spec, random.Random(2), "uid-x", "music", "dev")
    assert copy["url"] != spec["url"]
    original, copied = set(specs.text_of(spec).split("\n")), set(specs.text_of(copy).split("\n"))
    assert len(original & copied) >= 0.5 * len(original)
    assert copy["published"] <= spec["published"]


def test_a_syndicated_copy_is_never_dated_before_the_figures_it_states(tiny_world: Path) -> None:
    """A copy is dated before its source (neither post-dates the query) but after the newest dated figure its
    source states: w_g27c's 17 session figures before their session were all copies dated 20 min to 30 h
    before a source that stated that session's volume "today". Fails on 0b9a5bc (no `not_before`)."""
    import datetime as dt

    rows = query(tiny_world, "pages.duckdb", "SELECT page_id FROM pages WHERE text <> '' LIMIT 40")
    sources = [s for s in (spec_of(tiny_world, pid) for (pid,) in rows) if s["published"]]
    assert sources
    for i, spec in enumerate(sources):
        published = dt.datetime.fromisoformat(spec["published"])
        newest = published - dt.timedelta(minutes=10 + 7 * i)
        copy = syndicate.copy(spec, random.Random(i), f"uid-{i}", "music", "dev", newest)
        assert newest.isoformat() <= copy["published"] <= spec["published"], (i, copy["published"])


def test_top_level_structures_vary_within_a_run_of_results(tiny_world: Path) -> None:
    rows = query(
        tiny_world, "pages.duckdb", "SELECT page_id FROM results ORDER BY interaction_id, rank LIMIT 200"
    )
    by_id = specs_of(tiny_world, [pid for (pid,) in rows])
    shapes = [top_structure(render_page(by_id[pid])) for (pid,) in rows]
    assert min(len(set(shapes[i : i + 40])) for i in range(0, len(shapes) - 40, 10)) >= 20
    assert Counter(shapes).most_common(1)[0][1] <= 0.08 * len(shapes)


def _fact(kind: str, value: str, stale: tuple[str, ...] = (), name: str = "Mira Vance") -> Fact:
    return Fact(
        Subject(name, "music", "artist", entity_id="a1"), kind, value, stale=stale, as_of="2024-01-05"
    )


def test_totals_never_shrink_on_older_pages() -> None:
    # a stale count above today's is reflected below it (pages32: an older value is an earlier, smaller one)
    assert consistency.older_values(_fact("mu.grammys", "5", stale=("20", "3"))) == ("1", "3")
    assert consistency.older_values(_fact("mu.country", "Norway", stale=("Chile",))) == ("Chile",)


def test_build_check_fails_on_an_answer_page_with_another_current_value() -> None:
    fact = _fact("mu.country", "Norway")
    other = _fact("mu.country", "Portugal")
    q = Question("q1", 0, "03/01/2024, 10:00:00 PT", "music", "simple", "static", "where is mira vance from?",
                 "Norway", [], "head", "kg", [], None, facts=[fact], subjects=[fact.subject])  # fmt: skip
    values = consistency.conflicting_values([q, Question(**{**q.__dict__, "facts": [other]})])
    good = specs.make(random.Random(1), kind="article", domain="music", title="Mira Vance", uid="u1",
                      subject="Mira Vance", blocks=[["p", "Mira Vance comes from Norway."]])  # fmt: skip
    consistency.check_gold(q, [good], values)
    bad: PageSpec = {
        **good,
        "blocks": [["p", "Mira Vance comes from Norway."], ["p", "Mira Vance is from Portugal."]],
    }
    with pytest.raises(consistency.ConsistencyError):
        consistency.check_gold(q, [bad], values)
    assert dt.date(2024, 1, 5).isoformat() == fact.as_of


def test_a_web_subject_has_one_value_per_attribute() -> None:
    # the default world's build failed its own check: a set question described its band by the member list
    # ("the group whose members include ...") and then asked it, and each call invented another list
    src, rng, day = WebSource(), random.Random(3), dt.date(2024, 3, 1)
    band = invent_subject("music", "band", rng)
    first = src.fact(band, KINDS["mu.members"], day, rng)
    assert all(src.fact(band, KINDS["mu.members"], day, rng) == first for _ in range(5))
    price = KINDS["fin.price"]
    company = invent_subject("finance", "company", rng)
    assert src.fact(company, price, day, rng) == src.fact(company, price, day, rng)


def test_a_conflict_is_a_one_line_build_error() -> None:
    assert issubclass(consistency.ConsistencyError, UserError)  # crag-mock prints it on one line, exit 2


def test_a_year_is_never_written_with_a_thousands_separator() -> None:
    # a comparison's answer page said "debut year, 1,966" (the audit's contradiction scan found it)
    assert styles.forms("1966") == ["1966"] and styles.forms("2009") == ["2009"]
    assert "12,400" in styles.forms("12400")  # counts keep their forms
