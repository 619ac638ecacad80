"""A recent dated line on every role's page of a question about now (issue 31, standing tell: `pages/recent`).

An answer page of a real-time or fast-changing question dates its value by the answer's session: on CUT2's
default world 60 % of such answer pages carried a full date within 7 days before the query day against 31 %
of the other top-10 results, and the standing adversary read the answer page from that alone. Topical and
look-alike pages of such a question now state a recent session's value too (the subject's previous one, else
a peer's), each value with one date wherever it is stated; its topical pages are fresh as often, and its stale
page is published between an older session and the current one, so it states that older value.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from collections import defaultdict

from mockapi.audit.exploits import all_dates
from mockapi.world.pages import decoys, shared, specs
from mockapi.world.pages.plan import Pools, plan
from mockapi.world.questions.model import Fact, Question, Subject

FIRM = Subject(
    "Halvard Systems Inc.", "finance", "company", ticker="HLVS",
    lookalikes=("Halvard Mills Corp.", "Hallward Systems Group", "Halverd Systems"),
)  # fmt: skip
ASKED = dt.date(2024, 3, 14)  # a Thursday
PRICE = Fact(
    FIRM, "fin.close", "$41.20", number=41.2, as_of="2024-03-13",
    stale=("$40.85", "$39.90"), stale_days=("2024-03-12", "2024-03-11"),
)  # fmt: skip
SEEDS = 24


def _question(seed: int) -> Question:
    q = Question(
        f"q{seed:04d}", seed, "03/14/2024, 09:12:00 PT", "finance", "simple", "fast-changing",
        "what was halvard systems' closing price yesterday?", "$41.20", [], "head", "web",
        ["halvard systems"], None, facts=[PRICE], subjects=[FIRM],
    )  # fmt: skip
    q.answer_in_pages = True
    return q


def _pools() -> Pools:
    return Pools({}, {}, {"finance": shared.noise_pool("finance", 6, random.Random(0))})


def _recent(text: str) -> bool:
    return any(0 <= (ASKED - d).days <= 7 for d in all_dates(text))


def test_every_role_of_a_question_about_now_dates_a_line_in_its_last_week() -> None:
    dated: dict[str, list[bool]] = defaultdict(list)
    for seed in range(SEEDS):
        seen = set()
        for r in plan(_question(seed), _pools(), random.Random(seed)):
            if r.role in ("gold", "topical", "negative", "stale") and id(r.spec) not in seen:
                seen.add(id(r.spec))
                dated["gold" if r.role == "gold" else "other"].append(_recent(specs.text_of(r.spec)))
    gold = sum(dated["gold"]) / len(dated["gold"])
    other = sum(dated["other"]) / len(dated["other"])
    assert gold > 0.4, gold
    # main: 0.94 vs 0.66 (topical pages 0.62: a third published long before; stale pages 0: published 30-200
    # days back, before any of a close's last sessions); CUT2's default world: 60 % vs 31 %
    assert other > 0.8 * gold, (gold, other)


def test_a_stale_page_of_a_close_states_an_older_session_s_value() -> None:
    stated = []
    for seed in range(SEEDS):
        for r in plan(_question(seed), _pools(), random.Random(seed)):
            if r.role == "stale":
                stated.append(any(v in specs.text_of(r.spec) for v in ("40.85", "39.9")))  # (any style)
    assert stated and sum(stated) / len(stated) > 0.9, stated  # main: none (a page of months before)


def test_a_recent_line_never_dates_a_value_after_its_page_nor_gives_an_older_value_two_dates() -> None:
    days_of: dict[str, set[dt.date]] = defaultdict(set)
    for seed in range(SEEDS):
        for r in plan(_question(seed), _pools(), random.Random(seed)):
            text = specs.text_of(r.spec)
            published = dt.date.fromisoformat(r.spec["published"][:10])
            assert all(d <= published for d in all_dates(text) if d.year == 2024 and d.month == 3)
            for value in PRICE.stale:
                for sentence in re.split(r"(?<=[.!?])\s+", text):
                    if value in sentence:
                        days_of[value].update(all_dates(sentence))
    for value, found in days_of.items():
        assert len(found) <= 1, (value, found)  # its one session, on every page


def test_a_stale_page_names_the_rivals_as_an_answer_page_does() -> None:
    """A stale page named fewer distinct names than an answer page (9.4 against 12.5, 400 dev questions' top
    10s at 7c8027a), and generator 42's read at AUC 0.959 against the answer pages (standing adversary,
    default world, seed 0; mostly a set question's stale page about one member: test_page_roles). Composed as
    every role's page (`roles.compose`), it states the rivals' values as an answer page does; without
    `decoys.beside` on it this fails (0 rivals)."""
    named: dict[str, list[int]] = defaultdict(list)
    for seed in range(SEEDS):
        seen = set()
        for r in plan(_question(seed), _pools(), random.Random(seed)):
            if r.role in ("gold", "stale") and id(r.spec) not in seen:
                seen.add(id(r.spec))
                text = specs.text_of(r.spec)
                named[r.role].append(sum(n in text for n in decoys.rivals(_question(seed), PRICE)))
    gold = sum(named["gold"]) / len(named["gold"])
    stale = sum(named["stale"]) / len(named["stale"])
    assert named["stale"] and stale >= 0.8 * gold, (gold, stale)
