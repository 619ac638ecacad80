"""Misreadings met on generator 37's default world (the coordinator's 14:40 update), each fixed and tested
here; each test fails on the audit before its fix (`75b11a5`)."""

from __future__ import annotations

from mockapi.audit import tells
from mockapi.audit.data import AuditQuestion, Result
from mockapi.audit.results import Read
from mockapi.audit.text import sentences


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
