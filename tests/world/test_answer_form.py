"""Form first, role second, at the planner (issue 31): a question whose answer no page holds gets as many
pages in the answer pages' places as an answerable one, and the answer is not the value its pages repeat
most.

Generator 11 gave unanswerable and false-premise questions no pages there (whether a question had an answer
page was told from its top pages' features at AUC 0.74) and let every look-alike state its own value once
or twice (the commonest full date on a question's 50 pages was the answer of 67% of date questions).
"""

from __future__ import annotations

import datetime as dt
import random
import re
import statistics
from collections import Counter, defaultdict

from mockapi.audit.exploits import all_dates
from mockapi.world.pages import decoys, shared, specs
from mockapi.world.pages.plan import Pools, plan
from mockapi.world.questions.model import Fact, Question, Subject

SINGER = Subject(
    "Ida Brand", "music", "artist", lookalikes=("Ida Brandt", "Ida Brand Quartet", "Ada Brennan", "Ida Marsh")
)
BIRTH = Fact(SINGER, "mu.birth", "March 3, 1981", number=float(dt.date(1981, 3, 3).toordinal()))
SEEDS = 24


def _question(seed: int, answerable: bool) -> Question:
    q = Question(
        f"q{seed:04d}", seed, "03/10/2024, 10:00:00 PT", "music", "simple", "static",
        "when was ida brand born?", "march 3, 1981", [], "head", "web", ["march 3, 1981"], None,
        facts=[BIRTH], subjects=[SINGER],
    )  # fmt: skip
    q.answer_in_pages = answerable
    return q


def _pools() -> Pools:
    return Pools({}, {}, {"music": shared.noise_pool("music", 6, random.Random(0))})


def test_unanswerable_questions_get_answer_form_pages_in_the_answer_pages_places() -> None:
    answer, form = [], []
    for seed in range(SEEDS):
        results = plan(_question(seed, True), _pools(), random.Random(seed))
        answer.append(len({id(r.spec) for r in results if r.role == "gold"}))
        results = plan(_question(seed, False), _pools(), random.Random(seed))
        assert not [r for r in results if r.role == "gold"]
        form.append(len({id(r.spec) for r in results if r.role == "form"}))
    assert statistics.mean(form) > 3  # generator 11: none
    assert abs(statistics.mean(answer) - statistics.mean(form)) < 1.0, (answer, form)


def test_the_answer_is_not_the_date_its_pages_repeat_most() -> None:
    gold = dt.date(1981, 3, 3)
    top = 0
    for seed in range(SEEDS):
        results = plan(_question(seed, True), _pools(), random.Random(seed))
        text = " ".join(specs.text_of(r.spec) for r in results)
        counts = Counter(all_dates(text))
        assert counts[gold] > 0
        top += counts.most_common(1)[0][0] == gold
    assert top / SEEDS <= 0.5, top  # generator 11's planner: the answer in most of them


def test_syndicated_copies_are_of_any_role_with_the_same_odds_and_rank_beside_their_source() -> None:
    # a copy of answer pages only: 46 % of an answer page's sentences stood on another of its top 10, 0.4 % of
    # any other page's (audit36's agreement adversary, AUC 0.904 on the g37 default world)
    from mockapi.world.pages.syndicate import _CREDIT

    credits = tuple(c.split("{site}")[0] for c in _CREDIT)
    sources: Counter[str] = Counter()
    own: Counter[str] = Counter()
    gaps = []
    for seed in range(40):
        results = plan(_question(seed, seed % 2 == 0), _pools(), random.Random(seed))
        first: dict[int, int] = {}
        for rank, r in enumerate(results):
            first.setdefault(id(r.spec), rank)
        specs_by_id = {id(r.spec): r for r in results if r.role != "noise"}
        own.update(r.role for r in specs_by_id.values())
        body = {key: sorted(map(str, r.spec["blocks"])) for key, r in specs_by_id.items()}
        for key, r in specs_by_id.items():
            last = r.spec["blocks"][-1]
            if last[0] != "p" or not str(last[1]).startswith(credits):
                continue
            copied = sorted(map(str, r.spec["blocks"][:-1]))
            source = next((k for k, b in body.items() if k != key and b == copied), None)
            if source is not None:
                sources[specs_by_id[source].role] += 1
                gaps.append(abs(first[key] - first[source]))
                # never older than its source, which may state figures of its own day
                assert r.spec["published"] >= specs_by_id[source].spec["published"]
    answers = sources["gold"] + sources["form"]
    assert sum(sources.values()) >= 40, sources
    # about as often as answer pages stand among the question's own pages (a tenth of them)
    share = (own["gold"] + own["form"]) / sum(own.values())
    assert answers / sum(sources.values()) < 2 * share, (sources, own)
    assert statistics.median(gaps) <= 3, gaps


# Form first, role second across a question's pages (audit36's agreement adversary): generator 39 named every
# rival on the answer pages (each at 0.8) and a rival on a topical page only when it stated the asked
# attribute of the fact's subject (at most one, half the time), and drew each topical page a peer of its own:
# 0.60 of an answer page's names stood on another top-10 result, 0.44 of a topical page's (400 dev questions
# at 84e0c0a; the adversary's (a) 0.81 there).
RIVALS = SINGER.lookalikes


def _rivals_named(text: str) -> int:
    return sum(bool(re.search(rf"\b{re.escape(n)}\b(?! Quartet)", text)) for n in RIVALS)


def test_topical_pages_name_the_rivals_as_often_as_answer_pages() -> None:
    named: dict[str, list[int]] = defaultdict(list)
    for seed in range(SEEDS):
        seen = set()
        for r in plan(_question(seed, True), _pools(), random.Random(seed)):
            if r.role in ("gold", "topical") and id(r.spec) not in seen:
                seen.add(id(r.spec))
                named[r.role].append(_rivals_named(specs.text_of(r.spec)))
    gold = sum(named["gold"]) / len(named["gold"])
    topical = sum(named["topical"]) / len(named["topical"])
    assert gold > 0.5, gold
    assert topical > 0.7 * gold, (gold, topical)  # generator 39: 0.9 x 0.5 = 0.45 rival at most


def test_a_questions_peers_recur_on_its_pages_each_with_one_value() -> None:
    """A peer drawn afresh per page was named on that page alone; the question's own peers recur, and each
    states one value of an attribute (a changing one, one value a day) wherever it is named."""
    recurring = 0
    for seed in range(SEEDS):
        q = _question(seed, True)
        pool = decoys.peers(q, SINGER.kind, _pools())
        assert pool == decoys.peers(q, SINGER.kind, _pools())  # the question's own, not a draw of a page's
        pages = {id(r.spec): specs.text_of(r.spec) for r in plan(q, _pools(), random.Random(seed))}
        for peer in pool:
            holding = [t for t in pages.values() if peer in t]
            recurring += len(holding) >= 2
            stated: dict[str, set[str]] = defaultdict(set)
            for text in holding:
                # a line is a sentence's end too: a timeline's rows ("18 Aug 2023 Interview about ...") ran
                # on from "1993 is the debut year of John Walsh." as one sentence (generator 41's draw)
                for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
                    # a debut year stated of the peer: one per name (a page's own draw: 1992 and 2023)
                    year = re.search(r"\b(?:19|20)\d\d\b", sentence)
                    if peer in sentence and year and "debut" in sentence:
                        stated["debut"].add(year[0])
            assert all(len(v) == 1 for v in stated.values()), (peer, stated)
    assert recurring >= SEEDS // 2, recurring


def test_a_lookalike_page_states_no_value_of_the_questions_subject() -> None:
    """The cut's audit (g40): "The desk at Sokolov Bank upgraded the lean company. The lean firm moved 194
    sales workers over 2 months. Korent Inc. stock lost 2.8% ..." on a stand-in look-alike's page ("Distant
    Stock") of a Korent question: the page named the question's subject with a value before it named itself,
    and the audit read the page's headcounts as Korent's (KG staff 276: the sizes line, 5). A look-alike page
    states its own value of the asked attribute, and the other rivals' as every role's page does (generator
    43, `roles.compose`), never the question's subject's."""

    def states(name: str, sentences: list[str]) -> bool:  # a birth date stated of `name`
        said = re.compile(rf"\b{re.escape(name)}\b(?! Quartet)")
        return any(
            said.search(x) and re.search(r"\b(?:born|birth|came into the world)", x) for x in sentences
        )

    rivals = 0
    for seed in range(SEEDS):
        for r in plan(_question(seed, True), _pools(), random.Random(seed)):
            if r.role != "negative":
                continue
            sentences = re.split(r"(?<=[.!?])\s+|\n", specs.text_of(r.spec))
            own = r.spec["subject"]
            assert not states(SINGER.name, sentences), own
            rivals += any(states(n, sentences) for n in RIVALS if n != own)
    assert rivals, "no look-alike page stated another rival's value"
