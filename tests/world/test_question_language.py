"""Question language: many phrasings, CRAG's voice, tickers, questions naming no entity, sentence answers,
false premises that wording does not give away, and dev/test phrasing families.

1,200 questions (the default world's count) are generated over a tiny KG built here (the KG stage only, a
few seconds); the slow test in test_questions.py checks the same figures on the default world itself.
"""

from __future__ import annotations

import itertools
import math
import random
import re
from pathlib import Path

import pytest

from mockapi.world.questions import invent, phrasing
from mockapi.world.questions.generate import generate
from mockapi.world.questions.kg_facts import open_kg_source
from mockapi.world.questions.kinds import KINDS
from mockapi.world.questions.model import Question, Subject, group_of, page_names
from mockapi.world.questions.refer import question_words, with_refs
from mockapi.world.questions.source import WebSource
from mockapi.world.questions.stats import is_sentence, language_stats, names_entity

N = 1200


def questions(world: Path, split: str, seed: int = 0) -> list[Question]:
    return generate(N, random.Random(f"{seed}:questions"), open_kg_source(world), split)


@pytest.fixture(scope="module")
def dev(tiny_kg: Path) -> list[Question]:
    return questions(tiny_kg, "dev")


@pytest.fixture(scope="module")
def test_split(tiny_kg: Path) -> list[Question]:
    return questions(tiny_kg, "test")


def test_acceptance_figures(dev: list[Question], test_split: list[Question]) -> None:
    s = language_stats(dev)
    assert s["skeletons"] >= 600
    assert s["top10_share"] <= 0.05
    assert s["conversational_share"] >= 0.15
    # over both splits' 566 finance questions: one split's 283 read 0.30-0.39 over seeds 0-3 (g44), a spread
    # as wide as the bar's margin (the default world reads 0.47, CRAG 0.42)
    assert language_stats(dev + test_split)["finance_ticker_share"] >= 0.30
    assert s["no_entity_share"] >= 0.10
    assert s["sentence_answer_share"] >= 0.25
    assert min(s["year_rule_precision"], s["year_rule_recall"]) <= 0.3


def test_no_single_word_tells_a_false_premise(dev: list[Question]) -> None:
    # issue 31: every false premise said a premise, ~0.4 of true questions did ('founded' 0.313 on the tiny
    # KG at generator 28); false premises now put the falsity in what is asked where the draft allows
    s = language_stats(dev)
    assert s["premise_word_rule"][1] <= 0.3, s["premise_word_rule"]


def test_same_seed_same_questions(tiny_kg: Path, dev: list[Question]) -> None:
    again = questions(tiny_kg, "dev")
    assert [(q.query, q.answer, q.alt_ans) for q in again] == [(q.query, q.answer, q.alt_ans) for q in dev]


def test_text_is_lower_case_and_tidy(dev: list[Question]) -> None:
    for q in dev:
        assert q.query == q.query.lower() and q.answer == q.answer.lower()
        assert "  " not in q.query and not q.query.endswith(",") and "{" not in q.query, q.query
        assert q.answer not in q.alt_ans


def test_sentence_answers_keep_the_short_value(dev: list[Question]) -> None:
    sentences = [q for q in dev if is_sentence(q.answer) and q.question_type != "set"]
    assert sentences
    for q in sentences:
        assert q.alt_ans and q.alt_ans[0] in q.answer, (q.answer, q.alt_ans)


def test_group_questions_name_no_entity_and_carry_the_whole_group(dev: list[Question]) -> None:
    grouped = [q for q in dev if group_of(q) is not None and q.question_type != "false_premise"]
    assert len(grouped) >= N // 10
    # Sets named by common words ("semiconductor stocks", "horror films released in 2012") are what most
    # questions naming no entity are about (the audit's no-entity line, bar 0.10; the default world at
    # generator 24 reads 0.111). A world draws 8 sets per kind, each named by common words or not, so the
    # share moves by whole sets: 1,200 questions over the tiny KG read 0.491 / 0.597 / 0.634 / 0.452 / 0.713
    # on seeds 0-4 at generator 24 (109 of 222 on seed 0). The bar keeps them a large share, not half.
    common = sum(not group_of(q).proper_name for q in grouped)  # type: ignore[union-attr]
    assert common >= len(grouped) * 2 // 5, (common, len(grouped))
    for q in grouped:
        # a set named by common words names no entity; one named by a proper name ("serie a") does
        assert names_entity(q) == bool(group_of(q).proper_name), q.query  # type: ignore[union-attr]
        assert len({f.kind for f in q.facts if not f.kind.startswith("rel:")}) == 1
        assert len([f for f in q.facts if not f.kind.startswith("rel:")]) >= 4
        assert q.subjects[1:] and all(s.kind != "group" for s in q.subjects[1:])


def test_an_invented_company_is_never_named_by_a_word_of_the_questions() -> None:
    """A set question naming no member is read so: "what bank stock has the highest stock price" named the
    invented member "Price Corp." by its alias "price" (a word of the kind's label, generator 27). No name or
    alias of an invented company is a word of the frames, kind labels or set names, nor is its ticker (on
    generator 27, 3,000 draws gave such companies: "Price Systems", "Banks Inc." with ticker BANK)."""
    words = question_words()
    assert {"price", "bank", "banks", "horror"} <= words
    group = Subject("Bank stocks", "finance", "group", aliases=("the bank stocks",), descriptor="bank")
    hit = []
    for i in range(3000):
        rng = random.Random(f"brand:{i}")
        member = with_refs(Subject(invent.subject_name("company", rng), "finance", "company"), rng)
        refs = (member.name, member.ticker, *member.aliases)
        if any(r.lower() in words for r in refs):
            hit.append(member.name)
        q = Question("x", 0, "03/04/2024, 18:28:57 PT", "finance", "set", "real-time",
                     "what bank stock has the highest stock price", member.name.lower(), [], "",
                     "web", [], None, subjects=[group, member])  # fmt: skip
        assert not names_entity(q), member
    assert not hit, hit


def test_an_invented_company_takes_no_kg_ticker(tiny_kg: Path, dev: list[Question]) -> None:
    """An invented "Martinez Inc." drawn as MART, the KG's Martek Metals (213 staff): its pages' drawn
    headcounts read as Martek's (the audit's sizes line: 16 of 16 on w_g27b). An invented company redraws
    off every KG ticker."""
    drawn = [invent.invent_subject("finance", "company", random.Random(i)).ticker for i in range(300)]
    kg_like = frozenset(drawn[:150])
    web = WebSource(frozenset(), kg_like)
    for i in range(300):
        assert web.subject("finance", "company", random.Random(i)).ticker not in kg_like, i
    kg = open_kg_source(tiny_kg)
    assert kg is not None and kg.tickers
    invented = {s.ticker for q in dev for s in q.subjects if s.kind == "company" and not s.entity_id}
    assert invented and not invented & kg.tickers


def test_same_group_intent_same_answer(dev: list[Question]) -> None:
    """Two questions about the same group and attribute on the same day agree (one group per intent): a top
    set asked for fewer names (2-5, generator 18) names the first of the larger one's."""
    seen: dict[tuple[str, str, str], set[frozenset[str]]] = {}
    for q in dev:
        group = group_of(q)
        if group and q.question_type == "set":
            kind = q.facts[0].kind
            day = q.query_time[:10] if KINDS[kind].dynamism != "static" else ""  # groups of dynamic values
            key = (group.name, kind, day)  # are per query day
            named = frozenset(s.name.lower() for s in q.subjects[1:] if s.name.lower() in q.answer)
            seen.setdefault(key, set()).add(named)
    assert seen
    for answers in seen.values():
        ordered = sorted(answers, key=len)
        assert len({len(a) for a in ordered}) == len(ordered), answers  # one answer per size
        assert all(a <= b for a, b in itertools.pairwise(ordered)), answers


def test_finance_names_companies_by_ticker(dev: list[Question]) -> None:
    companies = [s for q in dev for s in q.subjects if s.kind == "company"]
    assert companies and all(s.ticker for s in companies)
    assert all(page_names(s)[1] == s.ticker.upper() for s in companies)
    assert any(re.search(rf"\b{re.escape(s.ticker.lower())}\b", q.query) for q in dev for s in q.subjects)


def test_false_premises_bend_a_true_fact(dev: list[Question]) -> None:
    fp = [q for q in dev if q.question_type == "false_premise"]
    assert fp
    for q in fp:
        assert q.answer == "invalid question" and not q.facts
        assert q.context and q.wrong_value, q.query
        if group_of(q) is not None:  # a set's size said wrong
            assert q.wrong_value != str(len(q.subjects) - 1), q.query
        else:
            assert q.wrong_value not in {f.value.lower() for f in q.context}
        assert q.subjects


def test_frames_that_always_say_a_premise_are_no_more_false_premises(
    dev: list[Question], tiny_kg: Path
) -> None:
    """A false premise is drafted on the frames a true question of its type draws (on_true_frames)
    and keeps its type while drafts fail: frames that always say a premise (a game's margin, "how much higher
    is a's x than b's?") are as common among false premises as among true questions. Generator 27 drew
    drafts until one said a premise, so those frames took the false premises: 9 of 143 here against 4 of 1,057
    true questions (the default KG: 13 of 143 against 0; the audit's false premise from the text 0.66 ->
    0.77). Fails on 0b9a5bc.

    Read on three draws (q37): one draw's 143 false premises put 0-6 there on the same code (q36's head, tiny
    seeds 0 / 1 / 2: 3 / 0 / 6). The bound is a binomial tail: the count on the marked frames must not be one
    that three times the true questions' share would give less than once in a thousand pooled draws (generator
    27's 27 of 429 would: 2e-12; generator 40's 11 of 429 against a true share of 0.38 % reads 0.011, the old
    fixed slack of two a draw failed it by 0.13 of a question)."""
    from mockapi.world.questions import question_frames

    def pattern(frame: str) -> re.Pattern[str]:
        parts = re.split(r"\{[a-z]+\}", frame.rstrip("?"))
        return re.compile(".+".join(re.escape(p) for p in parts))

    marked = [pattern(f) for f in (*question_frames.ORDERED, *question_frames.MARGIN)]
    drawn = [dev, questions(tiny_kg, "dev", 1), questions(tiny_kg, "dev", 2)]
    fp = [q for qs in drawn for q in qs if q.question_type == "false_premise"]
    true = [q for qs in drawn for q in qs if q.question_type != "false_premise"]
    on_marked = sum(any(m.search(q.query) for m in marked) for q in fp)
    true_share = sum(any(m.search(q.query) for m in marked) for q in true) / len(true)
    rate = max(3 * true_share, 1 / len(fp))  # a floor: no true question on them must still allow a stray one
    n = len(fp)
    tail = sum(math.comb(n, i) * rate**i * (1 - rate) ** (n - i) for i in range(on_marked, n + 1))
    assert tail >= 0.001, (on_marked, n, true_share, tail)


def test_dev_and_test_share_a_core_and_differ(dev: list[Question], test_split: list[Question]) -> None:
    items = list(range(16))
    d, t = set(phrasing.family(items, "dev")), set(phrasing.family(items, "test"))
    assert d & t and d - t and t - d
    # openers that end in a comma or colon occur in no frame: where they appear, the opener put them there
    openers = {o.split("{")[0] for o in phrasing.OPENERS if o.split("{")[0].endswith((", ", ": "))}
    in_test = {x.split("{")[0] for x in phrasing.family(phrasing.OPENERS, "test")}
    only_dev = sorted(openers - in_test)
    assert only_dev
    test_queries = " ".join(q.query for q in test_split)
    assert not any(q.query.startswith(o) for q in test_split for o in only_dev), only_dev
    assert any(q.query.startswith(o) for q in dev for o in only_dev)
    assert test_queries != " ".join(q.query for q in dev)


def test_typos_and_contractions_spare_entity_names() -> None:
    rng = random.Random(3)
    text = "what is the market capitalization of northwind holdings?"
    for _ in range(200):
        out = phrasing.voice(text, ["northwind holdings"], rng, "dev")
        assert "northwind holdings" in out
    assert phrasing.typo("which songwriter wrote everything", ["everything"], random.Random(1)).endswith(
        "everything"
    )


def test_the_audit_counts_set_names_as_people_do() -> None:
    """The audit's masker reads "serie a" and a director's name as entities, and kinds of things ("bank
    stocks", "rock bands", "basketball teams") as everyday words: both worlds are masked by the same list."""
    from mockapi.audit.text import FUNCTION_WORDS, masked
    from mockapi.audit.words import COMMON_WORDS

    vocab = FUNCTION_WORDS | COMMON_WORDS
    for named in ("which of the clubs in serie a has the most wins?", "which kevin lee film rates best?"):
        assert "<e>" in masked(named, vocab), named
    for unnamed in (
        "which bank stock has the highest dividend?",
        "how many rock bands have more than 3 grammy wins?",
        "can u tell me which basketball team has the most wins?",
        "of the horror films released in 2012, which has the highest budget?",
    ):
        assert "<e>" not in masked(unnamed, vocab), masked(unnamed, vocab)
