"""Names and look-alikes: seeded, distinct, claimed once, and imitating the target as CRAG's noise does."""

from __future__ import annotations

import random

import pytest

from mockapi.core.textnorm import normalize, tokens
from mockapi.world.names import KINDS, NameRegistry, lookalikes, make_name


def _edit_distance_one(a: str, b: str) -> bool:
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    i = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    swapped = len(a) == len(b) and a[i + 2 :] == b[i + 2 :] and a[i : i + 2] == b[i : i + 2][::-1]
    return a[i + 1 :] == b[i + 1 :] or a[i + 1 :] == b[i:] or a[i:] == b[i + 1 :] or swapped


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_same_names_other_seed_other_names(kind: str) -> None:
    first = [make_name(kind, random.Random(f"s:{i}")) for i in range(20)]
    again = [make_name(kind, random.Random(f"s:{i}")) for i in range(20)]
    other = [make_name(kind, random.Random(f"t:{i}")) for i in range(20)]
    assert first == again
    assert first != other
    assert all(name.strip() == name and name for name in first)


def test_registry_fresh_never_repeats_a_key() -> None:
    reg, rng = NameRegistry(normalize), random.Random(3)
    names = [reg.fresh("movie", rng) for _ in range(800)]
    assert len({normalize(n) for n in names}) == 800


CASES = [
    ("Lady Gaga", "artist"),
    ("I Can Feel It", "song"),
    ("The Harbor Kings", "band"),
    ("Ashford", "place"),
]


@pytest.mark.parametrize(("target", "kind"), CASES)
def test_lookalikes_are_distinct_new_and_deterministic(target: str, kind: str) -> None:
    reg = NameRegistry()
    reg.claim(target)
    likes = lookalikes(target, kind, random.Random(7), 31, reg)
    again = lookalikes(target, kind, random.Random(7), 31, NameRegistry())
    assert likes == again
    assert len(likes) == len(set(likes)) == 31
    assert target not in likes
    assert not any(reg.claim(name) for name in likes)  # every one was claimed by the generator
    # most share a word with the target or are one edit away: hard negatives, not random names
    near = [
        n
        for n in likes
        if set(tokens(n)) & set(tokens(target)) or _edit_distance_one(n.lower(), target.lower())
    ]
    assert len(near) >= 25


def test_lookalike_styles_of_crag_noise_appear() -> None:
    likes = lookalikes("Lady Gaga", "artist", random.Random(1), 200, NameRegistry())
    lowered = [n.lower() for n in likes]
    assert "gaga" in lowered or "lady" in lowered  # a single shared token
    assert any(n.endswith("(disambiguation)") for n in likes)
    assert "lady gaga" in likes or "LADY GAGA" in likes  # case variants
    assert any(n.endswith(" Gaga") and not n.startswith("Lady") for n in likes)  # same surname
    titles = lookalikes("The Silver Ghost", "movie", random.Random(1), 200, NameRegistry())
    assert "Silver Ghost" in titles  # "The X" vs "X"
    assert any(t.endswith((" II", " 2", ": Part Two")) for t in titles)


def test_normalized_registry_gives_distinct_keys_even_for_short_names() -> None:
    reg = NameRegistry(normalize)
    reg.claim("Io")
    likes = lookalikes("Io", "movie", random.Random(0), 40, reg)
    keys = [normalize(n) for n in likes]
    assert len(set(keys)) == 40 and "io" not in keys
