"""`crag_client.chunking.split_sentences` (the `baseline`'s hot loop, made faster) gives the spans of the
character-by-character version it replaced, kept here as the reference, on seeded random text built from
the characters and words its rules turn on."""

from __future__ import annotations

import random

from crag_client.chunking import _BOUNDARY, _ends_sentence, split_sentences


def reference(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _BOUNDARY.finditer(text):
        end = match.end() if match.group()[0] != "\n" else match.start()
        if match.group()[0] == "." and not _ends_sentence(text, match.start(), match.end()):
            continue
        _span(text, start, end, spans)
        start = match.end()
    _span(text, start, len(text), spans)
    return spans


def _span(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end > start:
        spans.append((start, end))


PIECES = [
    *"ab. !?…\n\t \u00a0\u2003\u2028\x1c\"'”’)]xyZ",
    "Mr.",
    "e.g.",
    "U.S.",
    "Dr. Smith",
    "\n\n",
    "  ",
    "...",
    ". A",
    ". a",
    "(St.",
    " 3.5 ",
]


def test_spans_equal_the_reference_on_random_text() -> None:
    rng = random.Random(34)
    for _ in range(20_000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 40)))
        assert split_sentences(text) == reference(text), repr(text)


def test_spans_of_prose() -> None:
    text = '  Dr. Lee met Mr. Ng in the U.S. on Jan. 5.\nIt rained!  "Why?" she asked.  Then… nothing. '
    assert split_sentences(text) == reference(text)
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "Dr. Lee met Mr. Ng in the U.S. on Jan. 5.",
        "It rained!",
        '"Why?"',
        "she asked.",
        "Then…",
        "nothing.",
    ]
