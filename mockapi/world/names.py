"""Fictional, realistic names and their look-alikes (hard negatives), all drawn from a caller's seeded rng.

Public API (also used by the finance and sports generators):
- `make_name(kind, rng)`: one fresh name of a kind in `KINDS` (person, artist, band, song, album, movie,
  place, organization, concept); `person_name(rng, gender)` for a person of a given gender.
- `NameRegistry(key)`: remembers claimed names under a key function (identity for exact-key tables,
  `mockapi.core.textnorm.normalize` for tables keyed by the normalised name) so no two entities share a key.
- `lookalikes(target, kind, rng, n, registry)`: `n` distinct, newly claimed names that imitate `target` the
  way CRAG's noise does (shared tokens, one-edit spellings, same surname, "The X", "X (disambiguation)",
  "X II", case and punctuation variants, titles containing the target's words).

Person names are first/last names from Faker's provider lists of a few Latin-script locales, sampled with our
rng (combinations are random, so they are fictional); everything else comes from kg_data/names/words.json.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from importlib import import_module, resources

KINDS = ("person", "artist", "band", "song", "album", "movie", "place", "organization", "concept")
_LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "sv_SE")
_ROMAN = ("II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")
_US_STATES = ("Ohio", "Oregon", "Vermont", "Texas", "Maine", "Iowa", "Georgia", "Nevada", "Kansas", "Montana")
_ASCII = "abcdefghijklmnopqrstuvwxyz"


@lru_cache(maxsize=1)
def words() -> dict[str, list[str]]:
    """The word lists of kg_data/names/words.json."""
    text = resources.files("kg_data").joinpath("names/words.json").read_text(encoding="utf-8")
    return {k: v for k, v in json.loads(text).items() if not k.startswith("_")}


@lru_cache(maxsize=1)
def _person_parts() -> dict[str, tuple[str, ...]]:
    """Male and female first names and surnames pooled over locales, de-duplicated in a fixed order."""
    parts: dict[str, list[str]] = {"male": [], "female": [], "last": []}
    for loc in _LOCALES:
        prov = import_module(f"faker.providers.person.{loc}").Provider
        parts["male"] += list(getattr(prov, "first_names_male", ()))
        parts["female"] += list(getattr(prov, "first_names_female", ()))
        parts["last"] += list(getattr(prov, "last_names", ()))
    # keep only plain single-token names: multi-word or hyphenated parts make odd look-alikes
    return {k: tuple(dict.fromkeys(n for n in v if n.isalpha())) for k, v in parts.items()}


def first_name(rng: random.Random, gender: str | None = None) -> str:
    """A first name; gender 'male' or 'female' (random when None)."""
    return rng.choice(_person_parts()[gender or rng.choice(("male", "female"))])


def surname(rng: random.Random) -> str:
    """A surname."""
    return rng.choice(_person_parts()["last"])


def person_name(rng: random.Random, gender: str | None = None) -> str:
    """'First Last'."""
    return f"{first_name(rng, gender)} {surname(rng)}"


def _fill(pattern: str, rng: random.Random) -> str:
    """Fill a pattern's {adj}/{noun}/{verb}/{obj}/{place}/{roman}/{root}/... slots with random words."""
    w = words()
    slots: dict[str, Callable[[], str]] = {
        "adj": lambda: rng.choice(w["adjectives"]),
        "noun": lambda: rng.choice(w["nouns"]),
        "verb": lambda: rng.choice(w["verbs"]),
        "obj": lambda: rng.choice(w["objects"]),
        "place": lambda: place_name(rng),
        "roman": lambda: rng.choice(_ROMAN),
        "root": lambda: rng.choice(w["place_roots"]),
        "suffix": lambda: rng.choice(w["place_suffixes"]),
        "field": lambda: rng.choice(w["org_fields"]),
        "surname": lambda: surname(rng),
    }
    out = pattern
    while "{" in out:
        start = out.index("{")
        end = out.index("}", start)
        out = out[:start] + slots[out[start + 1 : end]]() + out[end + 1 :]
    return out


def artist_name(rng: random.Random) -> str:
    """A solo artist: mostly a person name, sometimes a mononym or a stage name."""
    roll = rng.random()
    if roll < 0.7:
        return person_name(rng)
    if roll < 0.85:
        return f"{rng.choice(words()['name_particles'])} {surname(rng)}"
    return first_name(rng) + rng.choice(("", "a", "o", "y", "x"))


def band_name(rng: random.Random) -> str:
    """A band: 'The Silver Wolves', 'Harbor Kings', 'Neon Engine'."""
    w = words()
    roll = rng.random()
    if roll < 0.4:
        return f"The {rng.choice(w['adjectives'])} {rng.choice(w['band_nouns'])}"
    if roll < 0.7:
        return f"{rng.choice(w['nouns'])} {rng.choice(w['band_nouns'])}"
    if roll < 0.85:
        return f"{surname(rng)} {rng.choice(w['tail_words'])}"
    return f"{rng.choice(w['adjectives'])} {rng.choice(w['nouns'])}"


def place_name(rng: random.Random) -> str:
    """A fictional settlement: 'Ashford', 'Port Millhaven', 'Lake Carrwick'."""
    w = words()
    base = rng.choice(w["place_roots"]) + rng.choice(w["place_suffixes"])
    return f"{rng.choice(w['place_prefixes'])} {base}" if rng.random() < 0.3 else base


def make_name(kind: str, rng: random.Random) -> str:
    """One random name of `kind` (see KINDS); not necessarily unused: claim it through a NameRegistry."""
    w = words()
    makers: dict[str, Callable[[], str]] = {
        "person": lambda: person_name(rng),
        "artist": lambda: artist_name(rng),
        "band": lambda: band_name(rng),
        "song": lambda: _fill(rng.choice(w["song_patterns"]), rng),
        "album": lambda: _fill(rng.choice(w["album_patterns"]), rng),
        "movie": lambda: _fill(rng.choice(w["movie_patterns"]), rng),
        "place": lambda: place_name(rng),
        "organization": lambda: _fill(rng.choice(w["org_forms"]), rng),
        "concept": lambda: _fill(rng.choice(w["concept_forms"]), rng),
    }
    return makers[kind]()


class NameRegistry:
    """Claimed names under a key function, so every entity of a table gets its own key."""

    def __init__(self, key: Callable[[str], str] = str) -> None:
        self.key = key
        self._claimed: set[str] = set()

    def __contains__(self, name: str) -> bool:
        return self.key(name) in self._claimed

    def claim(self, name: str) -> bool:
        """Claim `name`; False (and nothing claimed) when its key is taken or empty."""
        k = self.key(name)
        if not k or k in self._claimed:
            return False
        self._claimed.add(k)
        return True

    def fresh(self, kind: str, rng: random.Random) -> str:
        """A new claimed name of `kind`; after a few collisions it adds a qualifier, so it always ends."""
        for _ in range(12):
            name = make_name(kind, rng)
            if self.claim(name):
                return name
        base, n = make_name(kind, rng), 2
        while not self.claim(f"{base} {n}"):
            n += 1
        return f"{base} {n}"


# ───────────────────────── look-alikes ─────────────────────────
Strategy = Callable[[list[str], random.Random, str], str]
_STOP = {"the", "a", "an", "of", "in", "on", "and", "to", "i", "it", "me", "my", "you", "can", "don't", "at"}
_QUALIFIERS = {
    "person": ("disambiguation", "singer", "musician", "actor", "footballer", "politician"),
    "band": ("band", "disambiguation", "group", "album"),
    "title": ("song", "album", "film", "disambiguation", "soundtrack", "TV series"),
    "entity": ("disambiguation", "city", "novel", "band", "film", "ship"),
}


def _content(toks: list[str]) -> list[str]:
    """The tokens worth sharing (no articles or pronouns), or all tokens when none are left."""
    return [t for t in toks if len(t) > 2 and t.lower() not in _STOP] or toks


def _case_variant(toks: list[str], rng: random.Random, kind: str) -> str:
    text = " ".join(toks)
    forms = (
        text.upper(),
        text.lower(),
        f".{text.lower()}.",
        f"{text}!",
        f"{text}?",
        text.title(),
        f"{text}.",
    )
    return rng.choice(forms)


def _one_edit(toks: list[str], rng: random.Random, kind: str) -> str:
    """Substitute, delete, insert or swap one letter inside one token of 3+ letters."""
    idx = [i for i, t in enumerate(toks) if len(t) >= 3] or [0]
    i = rng.choice(idx)
    tok, p = toks[i], rng.randrange(1, max(2, len(toks[i])))
    op = rng.randrange(4)
    if op == 0:
        tok = tok[:p] + rng.choice(_ASCII) + tok[p + 1 :]
    elif op == 1 and len(tok) > 3:
        tok = tok[:p] + tok[p + 1 :]
    elif op == 2:
        tok = tok[:p] + rng.choice(_ASCII) + tok[p:]
    elif p < len(tok) - 1:
        tok = tok[:p] + tok[p + 1] + tok[p] + tok[p + 2 :]
    return " ".join([*toks[:i], tok, *toks[i + 1 :]])


def _drop_token(toks: list[str], rng: random.Random, kind: str) -> str:
    if len(toks) < 2:
        return toks[0][: max(3, len(toks[0]) - 2)]
    if rng.random() < 0.5:
        return rng.choice(_content(toks))
    i = rng.randrange(len(toks))
    return " ".join(toks[:i] + toks[i + 1 :])


def _hyphenate(toks: list[str], rng: random.Random, kind: str) -> str:
    """'Gaga' -> 'Ga-Ga' style: a token split by a hyphen."""
    tok = max(toks, key=len)
    cut = max(1, len(tok) // 2)
    return f"{tok[:cut]}-{tok[cut:].capitalize()}" if rng.random() < 0.5 else f"{tok[:cut]}-{tok[:cut]}"


def _tail(toks: list[str], rng: random.Random, kind: str) -> str:
    return f"{rng.choice(_content(toks))} {rng.choice(words()['tail_words'])}"


def _article(toks: list[str], rng: random.Random, kind: str) -> str:
    if toks[0].lower() == "the" and len(toks) > 1:
        return " ".join(toks[1:])
    return "The " + " ".join(toks)


def _qualifier(toks: list[str], rng: random.Random, kind: str) -> str:
    q = rng.choice(_QUALIFIERS[_GROUP[kind]])
    if q == "film":
        q = rng.choice(("film", f"{rng.randint(1970, 2023)} film"))  # the catalogues' years (`sequels`)
    return f"{' '.join(toks)} ({q})"


def _sequel(toks: list[str], rng: random.Random, kind: str) -> str:
    suffix = rng.choice(
        (" II", " 2", " III", " 3", ": Part Two", " Returns", " Reloaded", " (Remix)", " Redux")
    )
    return " ".join(toks) + suffix


def _contains(toks: list[str], rng: random.Random, kind: str) -> str:
    """A new title that contains one of the target's words."""
    w, tok = words(), rng.choice(_content(toks))
    forms = (
        f"{tok} {rng.choice(w['nouns'])}",
        f"{rng.choice(w['adjectives'])} {tok}",
        f"{tok} of the {rng.choice(w['nouns'])}",
        f"The {tok} {rng.choice(w['nouns'])}",
    )
    return rng.choice(forms)


def _word_swap(toks: list[str], rng: random.Random, kind: str) -> str:
    """'Can You Feel It' -> 'Can U Feel It' / 'Can You Hold It': one word replaced by a near word."""
    # "the" -> "a", not "Da": "Children of Da Dream" read as a blend of the target, not another title (g19)
    swaps = {"you": "U", "your": "Ur", "to": "2", "for": "4", "and": "&", "love": "Luv", "the": "a"}
    i = rng.randrange(len(toks))
    if toks[i].lower() in swaps:
        new = swaps[toks[i].lower()]
    else:
        w = words()
        pool = next(
            (w[k] for k in ("verbs", "objects", "nouns", "adjectives") if toks[i] in w[k]), w["nouns"]
        )
        new = rng.choice(pool)
    return " ".join([*toks[:i], new, *toks[i + 1 :]])


def _same_surname(toks: list[str], rng: random.Random, kind: str) -> str:
    return f"{first_name(rng)} {toks[-1]}"


def _same_first(toks: list[str], rng: random.Random, kind: str) -> str:
    return f"{toks[0]} {surname(rng)}"


def _initials(toks: list[str], rng: random.Random, kind: str) -> str:
    if len(toks) < 2:
        return f"{toks[0]} {surname(rng)[0]}."
    if rng.random() < 0.6:
        return f"{toks[0][0]}. {' '.join(toks[1:])}"
    return f"{toks[0]} {rng.choice(_ASCII).upper()}. {toks[-1]}"


def _place_forms(toks: list[str], rng: random.Random, kind: str) -> str:
    """'Florida City, Florida', 'Florida, Massachusetts', 'Florida College', 'Florida Territory'."""
    x, state = " ".join(toks), rng.choice(_US_STATES)
    if kind != "place":
        # a place's forms on an organisation named nothing ("Irondale Historical Society River", whose
        # founding year a g19 reader took for the society's): an organisation's kin is another organisation
        kin = (f"{x} of {state}", f"{x} Trust", f"Friends of the {x}", f"New {x}", f"{x} Network")
        return rng.choice(kin)
    forms = (
        f"{x} City, {x}",
        f"{x}, {state}",
        f"{x} College",
        f"{x} Territory",
        f"{x} County",
        f"{place_name(rng)}, {x}",
        f"East {x}",
        f"University of {x}",
        f"{x} River",
        f"{x} Township, {state}",
    )
    return rng.choice(forms)


_BY_GROUP: dict[str, tuple[Strategy, ...]] = {
    "person": (
        _case_variant,
        _one_edit,
        _same_surname,
        _same_surname,
        _same_first,
        _initials,
        _hyphenate,
        _same_first,
        _qualifier,
        _drop_token,
    ),
    "band": (
        _case_variant,
        _one_edit,
        _article,
        _drop_token,
        _tail,
        _tail,
        _qualifier,
        _sequel,
        _contains,
    ),
    "title": (
        _case_variant,
        _one_edit,
        _word_swap,
        _word_swap,
        _drop_token,
        _contains,
        _sequel,
        _qualifier,
        _article,
    ),
    "entity": (
        _place_forms,
        _place_forms,
        _qualifier,
        _one_edit,
        _contains,
        _article,
        _case_variant,
        _drop_token,
    ),
}
_GROUP = {
    "person": "person",
    "artist": "person",
    "band": "band",
    "song": "title",
    "album": "title",
    "movie": "title",
    "place": "entity",
    "organization": "entity",
    "concept": "entity",
}


def lookalikes(target: str, kind: str, rng: random.Random, n: int, registry: NameRegistry) -> list[str]:
    """`n` distinct look-alikes of `target`, each newly claimed in `registry` (the target itself never is).

    Strategies are drawn at random; when they run dry (short names, strict registries) numbered variants
    ('X (3)') guarantee the count.
    """
    toks = target.split() or [target]
    strategies: Sequence[Strategy] = _BY_GROUP[_GROUP[kind]]
    out: list[str] = []
    for _ in range(n * 30):
        if len(out) == n:
            return out
        cand = " ".join(rng.choice(strategies)(toks, rng, kind).split())
        if cand and cand != target and registry.claim(cand):
            out.append(cand)
    k = 2
    while len(out) < n:
        cand = f"{target} ({k})"
        if registry.claim(cand):
            out.append(cand)
        k += 1
    return out
