"""A page's title marks no role (issue 31): a set question's answer pages are all titled for the set
("Meridian 100 components"), so its topical pages are mostly titled for the set too. Generator 13 titled
them for one member each, and a title word of the set's name that the question does not use became the
audit's best answer-page rule (default world: precision 0.607 against a 0.098 base rate, 5.36 x; tiny world:
'title:standings', 4.92 x)."""

from __future__ import annotations

from pathlib import Path

from mockapi.audit.data import load_world
from mockapi.audit.leaks import page_rules
from mockapi.formats.manifest import read_manifest


def test_no_title_word_marks_the_answer_pages(tiny_world: Path) -> None:
    rules = page_rules(load_world(tiny_world, read_manifest(tiny_world)).questions)
    assert rules["ratio"] is not None
    assert rules["ratio"] < 3, rules  # generator 14 on the tiny world: 2.44 ('title:members', support 10)
