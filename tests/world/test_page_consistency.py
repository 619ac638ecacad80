"""Answer pages never state a rival value under a name a reader takes for the subject, nor a non-member's
value on a set's page; the build-time check fails on either (handmade questions, the real page planner)."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from mockapi.world.pages import consistency, statements
from mockapi.world.pages.decoys import distractors
from mockapi.world.questions.model import Fact, Question, Subject

ATLAS = Subject("Last Atlas", "movie", "movie", lookalikes=("The Last Atlas", "Lsat Atlas", "Last Atlas II"))
MERIDIAN = Subject("Golden Meridian", "movie", "movie", lookalikes=("The Golden Meridian", "Glden Meridian"))
FILMS = Subject("films of 2023", "movie", "group")
DAY = dt.date(2024, 3, 1)


def _question(qtype: str, facts: list[Fact], subjects: list[Subject]) -> Question:
    return Question("q1", 0, "03/01/2024, 10:00:00 PT", "movie", qtype, "static", "which runs longest?",
                    "golden meridian", [], "", "web", ["156"], None, facts=facts,
                    subjects=subjects)  # fmt: skip


def _pieces(q: Question, seeds: int = 60) -> list[str]:
    from mockapi.world.pages.plan import Pools

    pools = Pools({}, {}, {})
    return [p.text for seed in range(seeds) for p in distractors(q, pools, random.Random(seed), DAY)]


def test_a_sets_answer_page_states_no_lookalike_value() -> None:
    """The default world's '2023 film with the most runtime?' page said 'For The Last Atlas, the runtime
    reads 157' beside the set's 128 and 156: a reader counts The Last Atlas among the films (fails on the old
    code)."""
    facts = [Fact(ATLAS, "mv.runtime", "128"), Fact(MERIDIAN, "mv.runtime", "156")]
    texts = _pieces(_question("aggregation", facts, [FILMS, ATLAS, MERIDIAN]))
    named = [t for t in texts for n in ATLAS.lookalikes + MERIDIAN.lookalikes if n in t]
    assert not named


def test_an_answer_page_names_only_lookalikes_a_reader_tells_apart() -> None:
    texts = _pieces(_question("simple", [Fact(ATLAS, "mv.runtime", "128")], [ATLAS]))
    assert any("Last Atlas II" in t for t in texts)  # a sequel is another film
    assert not [t for t in texts if "The Last Atlas" in t or "Lsat Atlas" in t]


def test_the_build_check_fails_on_a_rival_claim() -> None:
    fact = Fact(ATLAS, "mv.runtime", "128")
    simple = _question("simple", [fact], [ATLAS])
    rng = random.Random(0)
    consistency.check_claims(simple, [statements.state(fact, rng, "dev")])
    consistency.check_claims(
        simple, [statements.state(fact, rng, "dev", subject="Last Atlas II", value="99", shape="sentence")]
    )
    # a bare row ("Length (min) | 99") names no film: on the answer page it is read as the subject's
    for how in ("row", "item"):
        with pytest.raises(consistency.ConsistencyError):
            consistency.check_claims(
                simple, [statements.state(fact, rng, "dev", subject="Last Atlas II", value="99", shape=how)]
            )
    for twin in ("The Last Atlas", "Lsat Atlas", "Last Atlas"):
        with pytest.raises(consistency.ConsistencyError):
            consistency.check_claims(simple, [statements.state(fact, rng, "dev", subject=twin, value="157")])
    group = _question("aggregation", [fact, Fact(MERIDIAN, "mv.runtime", "156")], [FILMS, ATLAS, MERIDIAN])
    with pytest.raises(consistency.ConsistencyError):
        consistency.check_claims(
            group, [statements.state(fact, rng, "dev", subject="Last Atlas II", value="157")]
        )
    assert consistency.indistinct("Hull Inc. Warrant", "Hull Inc. Common Shares")
    assert not consistency.indistinct("First Hull Inc. Common Stock", "Hull Inc. Common Shares")


def test_a_name_holding_the_subjects_name_after_a_comma_is_the_subject_to_a_reader() -> None:
    # generator 15's audit: a look-alike "West Larkford City, West Larkford" stated its own area on an answer
    # page of "add west larkford's area to summerville's", in a sentence the scan read as West Larkford's
    assert consistency.indistinct("West Larkford City, West Larkford", "West Larkford")
    assert consistency.indistinct("West Larkford", "Larkford Hills, West Larkford")
    assert not consistency.indistinct("West Larkford City", "West Larkford")
    assert not consistency.indistinct("Larkford, Ohio", "West Larkford")


def test_a_type_tagged_lookalike_is_the_subject_to_a_reader() -> None:
    # g17 reader: "Fire Ghosts (group)" and "Ture Weston (politician)" carried values of their own beside the
    # bare names' pages: ambiguous. A tag is a title's, not another entity's
    pairs: tuple[tuple[str, str], ...] = (
        ("Fire Ghosts (group)", "Fire Ghosts"),
        ("Ture Weston (politician)", "Ture Weston"),
    )
    pairs += (("Paper Mirrors (2011 film)", "Paper Mirrors"), ("Atlas (band)", "The Atlas"))
    for tagged, bare in pairs:
        assert consistency.indistinct(tagged, bare) and not consistency.told_apart(tagged, bare)
    assert not consistency.indistinct("Harvest (Reckless Version)", "Harvest")  # a version is its own song


def test_a_lookalikes_value_off_its_own_page_names_the_lookalike() -> None:
    # the merged generator-9 world put "Length (min) 95" (a look-alike's runtime) in an answer page's infobox
    fact = Fact(ATLAS, "mv.runtime", "128")
    for seed in range(300):
        piece = statements.negative_piece(fact, "Last Atlas II", "99", random.Random(seed), "dev")
        assert piece.how in ("sentence", "caption") and "Last Atlas II" in piece.text, piece
    own = {
        statements.negative_piece(fact, "Last Atlas II", "99", random.Random(s), "dev", own_page=True).how
        for s in range(300)
    }
    assert "row" in own  # the look-alike's own page may have its infobox


def _topical_texts(q: Question, n: int = 40) -> list[str]:
    from mockapi.world.pages import shared, specs
    from mockapi.world.pages.plan import Pools
    from mockapi.world.pages.roles import topical_page

    noise = {"movie": shared.noise_pool("movie", 3, random.Random(0))}
    pools = Pools({}, {}, noise)
    qtime = dt.datetime(2024, 3, 1, 10)
    return [
        specs.text_of(topical_page(q, pools, qtime, random.Random(s), s), even_empty=True) for s in range(n)
    ]


def test_pages_that_do_not_answer_state_the_asked_attribute_as_answer_pages_do() -> None:
    """'States the answer' from the snippet: topical pages carried talk found nowhere else ("readers often ask
    about the runtime of …", "we will update …") and rarely a value of the asked attribute, so frame words,
    amounts and dates marked the answer pages. Now a look-alike's value (or an older one, dated) stands where
    the answer pages state theirs (fails on the old code)."""
    fact = Fact(ATLAS, "mv.runtime", "128")
    texts = _topical_texts(_question("simple", [fact], [ATLAS]))
    lookalike = [t for t in texts if "Last Atlas II" in t]
    assert len(lookalike) >= 0.25 * len(texts)
    assert not [t for t in texts if "ask about" in t or "asking about" in t or " will update" in t.lower()]


def test_long_pages_carry_timelines_more_often_than_short_ones() -> None:
    from mockapi.world.pages.page_blocks import Draft, blocks

    def share(filler: int) -> float:
        found = 0
        for seed in range(draws):
            body, _ = blocks(Draft("Last Atlas", "movie", kind="movie", filler=filler), "article", DAY,
                             random.Random(seed))  # fmt: skip
            found += any(b[0] == "table" and b[-1] == "Timeline" for b in body)
        return found / draws

    # The rates are 0.30 and 0.53 (page_blocks: filler / 150 between 0.3 and 0.75). 200 draws each read the
    # gap with a standard error of ~0.05, and a template's shape moved it across a 0.15 margin (stop 48;
    # generator 25: seeds 0-199 read 0.35 / 0.50, seeds 200-799 by 200s 0.18 / 0.20 / 0.17, all 800 0.334 /
    # 0.509): 600 draws (~0.028) and a 0.10 margin keep it a test of the rates, not of the draws.
    draws = 600
    assert share(8) + 0.10 < share(80)


def test_a_comparison_of_two_look_alike_subjects_states_both_values() -> None:
    # a secret tiny world compared "Parker Technologies" and "Barker Technologies": each one's own price on
    # the answer page is no rival claim on the other's (the build failed, CI at ec79d85)
    parker = Subject("Parker Technologies", "finance", "company")
    barker = Subject("Barker Technologies", "finance", "company")
    facts = [Fact(barker, "fin.price", "$129.68"), Fact(parker, "fin.price", "$128.66")]
    q = _question("comparison", facts, [barker, parker])
    rng = random.Random(0)
    consistency.check_claims(q, [statements.state(f, rng, "dev", shape="sentence") for f in facts])
    with pytest.raises(consistency.ConsistencyError):  # but another price for either is
        consistency.check_claims(
            q, [statements.state(facts[1], rng, "dev", value="$140.00", shape="sentence")]
        )
