"""Generator 15: what the reader of generator 14's default world (seed 31) found, each at its cause: stock
runs of five words across many subjects' prose, a team "in-form" and "struggling" on one page, hyphens lost
in swaps ("re signed"), plural subjects with "was", a 1946 film with a $233M budget, a team's nickname that a
look-alike shares, a ticker read as a word ("hero" for Heron plc)."""

from __future__ import annotations

import random
import re
from collections import Counter

from mockapi.audit.stock import five_grams
from mockapi.world.domains.movie import _of_its_era
from mockapi.world.pages import prose, synonyms
from mockapi.world.questions import refer
from mockapi.world.questions.model import Subject

_SUBJECTS = {
    "team": [f"{city} {nick}"
             for city in ("Port Atlas", "Lake Hill", "Norpool", "Chelgate", "Redham", "Avonby")
             for nick in ("Comets", "Vipers", "Rangers", "Hornets", "Royals")],
    "movie": [f"The {a} {b}" for a in ("Silent", "Hidden", "Iron", "Frozen", "Golden", "Savage")
              for b in ("Voyage", "Orchard", "Kingdom", "Harbor", "Letters")],
    "artist": [f"{a} {b}" for a in ("Kathy", "Amy", "Larry", "Tara", "Magrit", "Donna")
               for b in ("Baker", "Gibson", "Castillo", "Reyes", "Turci")],
}  # fmt: skip
_DOMAIN = {"team": "sports", "movie": "movie", "artist": "music"}


def _spread(kind: str, n: int = 30) -> tuple[float, str]:
    """The largest share of subjects whose `n` sentences hold one 5-gram (names left out), and that 5-gram."""
    spread: Counter[tuple[str, ...]] = Counter()
    names = _SUBJECTS[kind]
    for name in names:
        rng = random.Random(f"stock|{name}")
        words = set(re.findall(r"[a-z]+", name.lower()))
        grams = set().union(*(five_grams(s) for s in prose.sentences(name, _DOMAIN[kind], rng, n, kind=kind)))
        spread.update(g for g in grams if not words & set(g) and not any(w.isdigit() for w in g))
    gram, count = spread.most_common(1)[0]
    return count / len(names), " ".join(gram)


def test_no_run_of_five_words_recurs_across_most_subjects_prose() -> None:
    # generator 14: "of their last twelve road" on 0.53 of teams, "the business side of music" on 0.33
    # of artists
    for kind in _SUBJECTS:
        share, gram = _spread(kind)
        assert share <= 0.25, (kind, share, gram)


def test_no_lead_in_counts_times_since_a_year() -> None:
    rng = random.Random(3)
    text = " ".join(prose.sentences("Port Atlas Comets", "sports", rng, 400, kind="team"))
    assert " time since " not in text


def test_a_page_gives_its_subject_one_epithet() -> None:
    epithets = r"young|injury-hit|in-form|struggling|rebuilding|veteran|streaky|depleted"
    for seed in range(20):
        rng = random.Random(seed)
        text = " ".join(prose.sentences("Port Atlas Comets", "sports", rng, 60, kind="team"))
        used = set(re.findall(rf"\b[Tt]he ({epithets}) (?:team|club|side|squad)\b", text))
        assert len(used) <= 1, (seed, used)


def test_a_swap_keeps_a_real_hyphen() -> None:
    for seed in range(200):
        text = synonyms.vary("the club retained a forward and reissued the album", random.Random(seed))
        assert "re signed" not in text and "re released" not in text, text


def test_plural_scenes_take_were() -> None:
    pattern = re.compile(r"\b(?:scenes|minutes|shots) (?:of|in) (?:the \w+|(?:[A-Z][\w']*\s?)+) ?was\b")
    for seed in range(10):
        text = " ".join(prose.sentences("The Silent Voyage", "movie", random.Random(seed), 200, kind="movie"))
        assert pattern.search(text) is None, pattern.search(text)


def test_a_film_budget_fits_its_year() -> None:
    assert _of_its_era(233_000_000, "1946-10-18") < 10_000_000
    assert _of_its_era(233_000_000, "2021-06-01") == 233_000_000
    assert _of_its_era(0, "1946-10-18") == 0


def test_a_nickname_a_look_alike_shares_is_not_used() -> None:
    subject = Subject(
        "Port Atlas Comets", "sports", "team", lookalikes=("Lake Hill Comets",), aliases=("the comets",)
    )
    refs = {refer.name_ref(subject, random.Random(seed)) for seed in range(300)}
    assert "the comets" not in refs and "Port Atlas Comets" in refs
    alone = Subject(
        "Port Atlas Comets", "sports", "team", lookalikes=("Port Atlas FC",), aliases=("the comets",)
    )
    assert "the comets" in {refer.name_ref(alone, random.Random(seed)) for seed in range(300)}


def test_a_ticker_cut_from_a_word_keeps_its_capitals() -> None:
    heron = Subject("Heron plc", "finance", "company", ticker="HERO")
    refs = {refer.name_ref(heron, random.Random(seed)) for seed in range(300)}
    assert "hero" not in refs and "HERO" in refs
    other = Subject("Heron plc", "finance", "company", ticker="HRNP")
    assert "hrnp" in {refer.name_ref(other, random.Random(seed)) for seed in range(300)}
