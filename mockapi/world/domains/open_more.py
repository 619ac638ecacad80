"""Further article sections per kind, so articles carry the bulk of real ones (a few KB of wikitext)."""

from __future__ import annotations

import random

from mockapi.world.domains.open_facts import Entry
from mockapi.world.names import make_name, person_name, words


def _bullets(items: list[str]) -> str:
    return "\n".join(f"* {item}" for item in items)


def extra_sections(rng: random.Random, e: Entry) -> list[tuple[str, str]]:
    """Kind-specific sections after the core ones; facts here are decoration no question relies on."""
    f, w = e.facts, words()
    if e.kind == "place":
        district = f"{rng.choice(w['place_roots'])} {rng.choice(('Unified', 'Consolidated', 'Community'))}"
        return [
            (
                "Education",
                f"Public schools in {e.name} are run by the {district} School District, which "
                f"operates {rng.randint(1, 9)} elementary schools and one high school. The {e.name} Public "
                f"Library opened in {int(f['founded']) + rng.randint(20, 90)}.",
            ),
            (
                "Transportation",
                f"State Route {rng.randint(2, 399)} passes through the {f['settlement'].lower()}, "
                f"and the nearest commercial airport is about {rng.randint(12, 140)} miles away.",
            ),
            (
                "Notable people",
                _bullets(
                    [f"{person_name(rng)}, {rng.choice(w['occupations'])}" for _ in range(rng.randint(2, 5))]
                ),
            ),
        ]
    if e.kind == "person":
        start = int(f["active_from"])
        retro = rng.randint(min(start + 10, 2023), 2023)
        works = [
            f"''{make_name('album', rng)}'' ({rng.randint(start, min(2023, start + 30))})"
            for _ in range(rng.randint(3, 7))
        ]
        return [
            ("Selected works", _bullets(sorted(works, key=lambda s: s[-5:]))),
            (
                "Legacy",
                f"Several institutions in {f['state']} hold collections of {e.name.split()[-1]}'s papers. "
                f"A retrospective in {retro} revived interest in the early work.",
            ),
        ]
    if e.kind == "organization":
        products = [
            f"{rng.choice(w['adjectives'])} {rng.choice(w['nouns'])} line" for _ in range(rng.randint(3, 6))
        ]
        return [
            (
                "Leadership",
                f"Since {rng.randint(2005, 2023)} the chief executive has been {person_name(rng)}; "
                f"the board is chaired by {person_name(rng)}.",
            ),
            ("Products and services", _bullets(products)),
        ]
    a, b = rng.choice("xyzkn"), rng.choice("abcst")
    return [
        (
            "Formulation",
            f"In its usual form the result states that <math>{a}({b}) = \\lambda {b}^2 + O({b}^3)</math> "
            f"for small <math>{b}</math>, where <math>\\lambda</math> depends on the {f['related']}.",
        ),
        (
            "Criticism",
            f"Some authors in {f['field']} argue that the assumptions are too strong for real systems, "
            "and several weaker variants have been proposed.",
        ),
    ]
