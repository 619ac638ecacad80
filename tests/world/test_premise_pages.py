"""What a question says in passing is on its pages (generator 44): "the one that went public in 1972",
"tamara lewis' mirandaburgh raptors" were on none of their 50 pages (reader62: 5 of 40 questions borderline
for a qualifier no page confirmed), while a false premise's pages state the true fact it bends, so only a
false premise could be checked by reading."""

from __future__ import annotations

import random
import re

from mockapi.world.pages import shared, specs
from mockapi.world.pages.plan import Pools, plan
from mockapi.world.questions.model import Fact, Question, Subject

CLUB = Subject("Mirandaburgh Raptors", "sports", "team", lookalikes=("Mirandaburgh Mirrors", "East Circuit"))
FOUNDED = Fact(CLUB, "sp.founded", "1997", number=1997.0)
COACH = Fact(CLUB, "sp.coach", "Tamara Lewis", as_of="2024-02-01")
SEEDS = 16


def _question(seed: int, premise: bool, answerable: bool = True) -> Question:
    q = Question(
        f"q{seed:04d}", seed, "03/10/2024, 10:00:00 PT", "sports", "simple_w_condition", "static",
        "what year were tamara lewis' mirandaburgh raptors founded?", "1997", [], "head", "web", ["1997"],
        None, facts=[FOUNDED], subjects=[CLUB], context=[COACH] if premise else [],
    )  # fmt: skip
    q.answer_in_pages = answerable
    return q


def _pools() -> Pools:
    return Pools({}, {}, {"sports": shared.noise_pool("sports", 6, random.Random(0))})


def _pages_naming(q: Question, seed: int, roles: tuple[str, ...]) -> tuple[int, int]:
    """How many of the question's pages of `roles` there are, and how many of them name the coach."""
    pages = [r for r in plan(q, _pools(), random.Random(seed)) if r.role in roles]
    return len(pages), sum(bool(re.search(r"\bTamara Lewis\b", specs.text_of(r.spec))) for r in pages)


def test_a_true_questions_premise_is_stated_on_its_answer_and_topical_pages() -> None:
    said = total = 0
    for seed in range(SEEDS):
        n, naming = _pages_naming(_question(seed, True), seed, ("gold", "topical"))
        total, said = total + n, said + naming
        assert _pages_naming(_question(seed, False), seed, ("gold", "topical"))[1] == 0  # only when said
    # every such page published after the coach took over (2024-02-01) states it; pages of older dates
    # cannot know it (`known_from`)
    assert total and said / total > 0.5, (said, total)


def test_a_premise_is_stated_whether_or_not_the_answer_is_on_the_pages() -> None:
    said = 0
    for seed in range(SEEDS):
        _, naming = _pages_naming(_question(seed, True, answerable=False), seed, ("form", "topical"))
        said += naming > 0
    assert said >= SEEDS // 2, said


def test_no_lookalike_page_states_the_questions_premise() -> None:
    for seed in range(SEEDS):
        assert _pages_naming(_question(seed, True), seed, ("negative",))[1] == 0
