"""reader36 on g38's default world: 86 of 91 opera-house pages (and libraries, museums) read as nature
reserves ("found 11 new bird species", "guided morning hikes", "a wildfire closed part of the library"): an
institution's clauses were a park's. Now an institution has its own (`lexicon.places.INSTITUTION`)."""

from __future__ import annotations

import random
import re

from mockapi.world.pages import prose

_NATURE = re.compile(
    r"\b(?:bird species|trees?|seeds?|weeds|reeds|scrub|bracken|beetle|moss(?:es)?|fungus|trails?|hikes?|"
    r"walks|wildfire|bushfire|blaze|cyclists|walkers|hikers|water temperatures?|lake|river|paths?)\b",
    re.I,
)


def _prose(name: str, seed: int) -> str:
    return " ".join(prose.sentences(name, "open", random.Random(seed), 200, kind="topic"))


def test_an_opera_house_a_library_or_a_museum_is_no_nature_reserve() -> None:
    for name in ("Kramerberg Opera House", "Eastwood Library", "Halvorsen Museum"):
        for seed in range(5):
            text = _prose(name, seed)
            assert _NATURE.findall(text) == [], (name, seed)


def test_a_park_keeps_its_nature() -> None:
    assert _NATURE.search(_prose("Lake Crystal Park", 3))
