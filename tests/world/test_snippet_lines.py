"""Snippets pick among the best-matching lines of a page found with one scan per query term and the page's
lines cut once (a page is in many results): the same picks, so the same snippets, as testing every line for
every term."""

from __future__ import annotations

import random
import re

from mockapi.world.pages.snippets import _lines, _top_lines, query_terms, snippet


def _top_by_testing_every_line(text: str, terms: list[str]) -> list[int]:
    lowered = [line.lower() for line in re.split(r"(?<=[.!?])\s+|\n", text) if line.strip()]
    ranked = sorted(range(len(lowered)), key=lambda i: (-sum(map(lowered[i].__contains__, terms)), i))
    return ranked[:3]


WORDS = ["budget", "film", "İstanbul", "release", "the", "of", "parade", "golden", "1998", "won't", "x"]


def test_the_top_lines_are_those_of_testing_every_line() -> None:
    rng = random.Random(7)
    for _ in range(400):
        text = " ".join(
            rng.choice([*WORDS, ".", "!\n", "?", "\n\n", "  "]) for _ in range(rng.randint(1, 120))
        )
        if not text.strip():
            continue
        terms = query_terms(" ".join(rng.sample(WORDS, rng.randint(0, 5))))
        lines, lowered, starts = _lines(text)
        assert _top_lines(lowered, starts, terms, len(lines)) == _top_by_testing_every_line(text, terms)


def test_a_snippet_is_the_same_from_the_cut_lines() -> None:
    text = "Golden Parade is a film. Its budget was $97 million!\nIt was released in 1998. The end."
    picks = {snippet(text, "what was the budget of golden parade?", random.Random(n)) for n in range(50)}
    assert any("budget" in p for p in picks)
    again = {snippet(text, "what was the budget of golden parade?", random.Random(n)) for n in range(50)}
    assert picks == again
