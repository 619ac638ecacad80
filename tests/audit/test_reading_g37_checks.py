"""Misreadings met on generator 37's default world (the coordinator's 14:40 update), each fixed and tested
here; each test fails on the audit before its fix (`75b11a5`)."""

from __future__ import annotations

import random

from mockapi.audit import figures, stock, tells
from mockapi.audit.data import AuditQuestion, Corpus, Result
from mockapi.audit.results import Read
from mockapi.audit.text import sentences
from mockapi.formats.manifest import Manifest


def _hubs(titles_and_texts: list[tuple[str, str]]) -> tuple[int, int, list[str]]:
    q = AuditQuestion("q", "who is oscar hammond?", "open", "simple", "static", "x", [], [], [], set())
    scan = tells.TellScan([q], None)
    for i, (title, text) in enumerate(titles_and_texts):
        r = Result(i + 1, f"p{i}", f"https://x.test/p{i}", title, "", len(text))
        scan.add(Read(q, r, text, [line for line in text.split("\n") if line.strip()]))
    rule = scan.result()[tells.HUBS]
    return rule["checked"], rule["violations"], rule["examples"]


def test_an_awards_word_as_a_first_name_names_no_institution() -> None:
    checked, violations, examples = _hubs(
        [
            ("Everything explained | Oscar Hammond | Culture Weekly", ""),  # an empty page about a person
            ("Oscar Winners of 1998 | FanHub Wiki", "The Lonely Harbor is directed by Scott Ray."),
            ("Emmy Rossum: facts | Wander Guide", "She was born in New York."),
        ]
    )
    assert (checked, violations) == (3, 1), examples
    assert examples == ["'Oscar' in 'Oscar Winners of 1998 | FanHub Wiki', not in its text"]


def test_a_sentence_starting_with_an_accented_capital_is_its_own() -> None:
    # g37's default world: "Édouard Tyler pledged $202,0..." ran on into a sentence naming Fredo Tyler (born
    # 1989), and the lives line read Édouard's dated act as Fredo's
    text = "Fredo Tyler is a native of New Theresa, Hawaii. Édouard Tyler visited Pune. Łukasz Tyler went."
    assert sentences(text) == [
        "Fredo Tyler is a native of New Theresa, Hawaii.",
        "Édouard Tyler visited Pune.",
        "Łukasz Tyler went.",
    ]
    assert sentences("Hull Inc. Édouard Tyler reported.") == ["Hull Inc. Édouard Tyler reported."]


def test_the_stock_share_is_the_mean_of_several_draws_the_first_as_before() -> None:
    # one draw of 120 questions read 0.046-0.077 on g36's default world and 0.048-0.085 on g37's over seeds
    rng = random.Random(0)
    stock_words = "a correction to a story on this page ran earlier today"
    html: dict[str, str] = {}
    qs = []
    for n in range(30):
        results = []
        for rank in range(1, 8):
            pid = f"q{n}p{rank}"
            words = " ".join(f"w{rng.randrange(500)}" for _ in range(12))
            told = f" {stock_words.capitalize()}." if rng.random() < 0.3 else ""
            html[pid] = f"<html><body><p>The {words} went on.{told} Then {words} came back.</p></body></html>"
            results.append(Result(rank, pid, f"https://x.test/{pid}", pid, "", len(html[pid])))
        qs.append(AuditQuestion(f"q{n}", "q?", "movie", "simple", "static", "a", [], [], results, set()))
    corpus = Corpus("real", qs, Manifest(), None, html)
    drawn = random.Random("audit:0")
    found = figures._stock(corpus, qs, drawn, 0)
    shares = found.get("draw_shares", [])
    assert len(shares) == figures.STOCK_DRAWS == 4 and len({str(s) for s in shares}) > 1, shares
    known = [s for s in shares if s is not None]
    assert found["stock_share"] == round(sum(known) / len(known), 3)
    again = random.Random(
        "audit:0"
    )  # the first draw is the audit's draw of before, and so is the rng after it
    first = stock.stock_figures(corpus, again.sample(qs, min(figures.STOCK_QUESTIONS, len(qs))), again)
    assert shares[0] == first["stock_share"] and found["top"] == first["top"]
    assert drawn.random() == again.random()
