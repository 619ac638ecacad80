"""The list of listed securities: targets, their look-alikes, and random filler companies."""

from __future__ import annotations

import random

from mockapi.world.domains.finance_lookalikes import lookalikes
from mockapi.world.domains.finance_securities import (
    Security,
    TickerBook,
    common_security,
    issuer_name,
    new_brand,
    vocab,
)

TIERS = ("head", "torso", "tail")


def tier(index: int, count: int) -> str:
    """Equal thirds of the targets, in creation order."""
    return TIERS[min(2, index * 3 // max(1, count))]


# Plain names of well-known companies: '<Brand> Inc. Common Stock' (four search tokens).
PLAIN_LEGAL = ["Inc.", "Inc.", "Corporation", "Corp.", "Ltd.", "plc", "Co."]
PLAIN_SECURITY = {"Ltd.": "Ordinary Shares", "plc": "Ordinary Shares"}


def new_company(
    rng: random.Random, book: TickerBook, brands: set[str], issuers: set[str], plain: bool = False
) -> Security:
    """One operating company listed as ordinary shares, with a brand nobody else uses.

    A `plain` name is as short as the brand's own warrant or unit listing allows, so a search for the brand
    ranks it near the top (BM25 favours short names), as "Apple" finds "Apple Inc. Common Stock".
    """
    sector = rng.choice(sorted(vocab()["descriptors"]))
    brand = new_brand(rng, brands)
    if plain:
        legal = rng.choice(PLAIN_LEGAL)
        issuer, security = (
            f"{brand} {legal}",
            PLAIN_SECURITY.get(legal, rng.choice(["Common Stock", "Common Shares"])),
        )
    else:
        issuer = issuer_name(rng, brand, sector)
        security = common_security(rng, issuer)
    issuers.add(issuer.lower())
    return Security(book.common(brand), f"{issuer} {security}", brand, issuer, "common", sector)


def filler_extras(rng: random.Random, sec: Security, book: TickerBook) -> list[Security]:
    """Some filler issuers also list warrants or units, as many small caps do."""
    out = []
    for kind, sfx, label in (("warrant", "W", "Warrant"), ("unit", "U", "Unit")):
        if rng.random() < 0.5:
            name = f"{sec.issuer} {label}"
            out.append(Security(book.suffixed(sec.ticker, sfx), name, sec.base, sec.issuer, kind, sec.sector))
    return out


def universe(rng: random.Random, targets: int, per_target: int, filler: int) -> list[Security]:
    """Every security, sorted by ticker (the order of CRAG's screener-style company list)."""
    book = TickerBook(rng)
    brands: set[str] = set()
    issuers: set[str] = set()
    out: list[Security] = []
    # head and torso targets get plain names that a brand search finds; tail targets may be harder to find
    target_secs = [
        new_company(rng, book, brands, issuers, tier(i, targets) != "tail") for i in range(targets)
    ]
    for i, sec in enumerate(target_secs):
        sec.role, sec.popularity = "target", tier(i, targets)
    for sec in target_secs:
        out.append(sec)
        out += lookalikes(rng, sec, book, issuers, per_target)
    made = 0
    while made < filler:
        sec = new_company(rng, book, brands, issuers)
        extras = filler_extras(rng, sec, book) if rng.random() < 0.15 else []
        group = [sec, *extras][: filler - made]
        out += group
        made += len(group)
    return sorted(out, key=lambda s: s.ticker)
