"""Fictional listed securities: brand names, exchange-style names and unique tickers."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from faker.providers.person.en_US import Provider as _PersonWords

# Exchange listings of ordinary equity; weights follow roughly the mix of a NASDAQ screener export.
COMMON_SECURITIES = [
    ("Common Stock", 60),
    ("Class A Common Stock", 12),
    ("Common Shares", 10),
    ("Ordinary Shares", 8),
    ("American Depositary Shares", 5),
    ("Class A Ordinary Shares", 5),
]
LEGAL_FORMS = [
    ("Inc.", 45),
    ("Corporation", 15),
    ("Corp.", 12),
    ("Holdings Inc.", 8),
    ("Ltd.", 7),
    ("plc", 4),
    ("Group Inc.", 6),
    ("Co.", 3),
]
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
VOWELS = set("AEIOU")


@dataclass
class Security:
    """One row of the company list: a listed security with everything later stages need."""

    ticker: str
    name: str  # exchange name, e.g. 'Norvanta Inc. Common Stock'
    base: str  # brand, e.g. 'Norvanta' (what a user types into get_company_name)
    issuer: str  # e.g. 'Norvanta Inc.'
    kind: str  # common | warrant | unit | right | preferred | note
    sector: str
    role: str = "filler"  # target | lookalike | filler
    lookalike_of: str | None = None  # ticker of the imitated target
    popularity: str = "noise"


@lru_cache(maxsize=1)
def vocab() -> dict[str, Any]:
    """Name parts from kg_data/finance/names.json."""
    text = resources.files("kg_data").joinpath("finance/names.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@lru_cache(maxsize=1)
def surnames() -> list[str]:
    return list(_PersonWords.last_names)


@lru_cache(maxsize=2)
def first_names(female: bool) -> list[str]:
    return list(_PersonWords.first_names_female if female else _PersonWords.first_names_male)


def weighted(rng: random.Random, options: list[tuple[str, int]]) -> str:
    return rng.choices([o for o, _ in options], weights=[w for _, w in options])[0]


def person_name(rng: random.Random, female: bool | None = None) -> str:
    """A realistic, fictional full name (Faker's en_US word lists, sampled with our rng)."""
    if female is None:
        female = rng.random() < 0.5
    middle = f" {rng.choice(LETTERS)}." if rng.random() < 0.35 else ""
    return f"{rng.choice(first_names(female))}{middle} {rng.choice(surnames())}"


def new_brand(rng: random.Random, used: set[str]) -> str:
    """A fresh brand: coined (prefix+suffix), a brand word, or a surname; never one already used."""
    brand: str  # drawn from the untyped vocabulary JSON
    v = vocab()
    tries = 0
    while True:
        tries += 1
        style = rng.random()
        if tries > 20:  # the ~3,500 one-part brands run out at full scale (6,900 companies): coin longer ones
            brand = rng.choice(v["prefixes"]) + rng.choice(v["prefixes"]).lower() + rng.choice(v["suffixes"])
        elif style < 0.5:
            brand = rng.choice(v["prefixes"]) + rng.choice(v["suffixes"])
        elif style < 0.75:
            brand = rng.choice(v["words"])
        else:
            brand = rng.choice(surnames())
        if brand.lower() not in used:
            used.add(brand.lower())
            return brand


def issuer_name(rng: random.Random, brand: str, sector: str) -> str:
    """'<brand> [descriptor] <legal form>', e.g. 'Norvanta Therapeutics Inc.'."""
    words = [brand]
    if rng.random() < 0.35:
        words.append(rng.choice(vocab()["descriptors"][sector]))
    words.append(weighted(rng, LEGAL_FORMS))
    return " ".join(words)


def common_security(rng: random.Random, issuer: str) -> str:
    if issuer.endswith(("Ltd.", "plc")):
        return rng.choice(["Ordinary Shares", "American Depositary Shares", "Class A Ordinary Shares"])
    return weighted(rng, COMMON_SECURITIES)


class TickerBook:
    """Unique tickers; common stock gets 1-4 letters, so a one-letter class suffix still fits in 5."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.used: set[str] = set()

    def common(self, brand: str) -> str:
        letters = [c for c in brand.upper() if c in LETTERS]
        consonants = [c for c in letters[1:] if c not in VOWELS]
        candidates = [
            "".join(letters[:4]),
            letters[0] + "".join(consonants[:3]),
            "".join(letters[:3]),
            letters[0] + "".join(consonants[:2]),
        ]
        for cand in candidates:
            if 2 <= len(cand) <= 4 and self._take(cand):
                return cand
        while True:
            cand = letters[0] + "".join(self.rng.choice(LETTERS) for _ in range(self.rng.choice((2, 3))))
            if self._take(cand):
                return cand

    def suffixed(self, base: str, suffix: str) -> str:
        """A class ticker such as 'NORVW' (warrant); if taken, a random one ending in the suffix."""
        cand = (base + suffix)[:5] if len(base) < 5 else base[:4] + suffix
        if self._take(cand):
            return cand
        while True:
            cand = "".join(self.rng.choice(LETTERS) for _ in range(4)) + suffix
            if self._take(cand):
                return cand

    def _take(self, ticker: str) -> bool:
        if ticker in self.used:
            return False
        self.used.add(ticker)
        return True
