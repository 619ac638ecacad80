"""Hard negatives for a target company: its other listed classes and issuers that share its name.

CRAG's company list answers "Apple" with several names that share the token; a question about one company
has to pick the right row among its units, warrants, preferred shares, "Holdings"/"Acquisition Corp. II"
variants and near spellings. Every look-alike is a real row with its own ticker and prices.
"""

from __future__ import annotations

import random

from mockapi.world.domains.finance_securities import (
    LEGAL_FORMS,
    Security,
    TickerBook,
    common_security,
    vocab,
    weighted,
)

GENERIC_VARIANTS = [
    "Holdings Inc.", "Group Ltd.", "International Ltd.", "Global Inc.", "Capital Corporation",
    "Partners LP", "Income Fund", "Municipal Income Trust", "Enterprises Inc.", "Acquisition Corp.", "& Co.",
    "Worldwide Inc.",
]  # fmt: skip
TOKEN_PREFIXES = ["New", "First", "American", "United", "North", "Pacific", "Greater", "The"]


def same_issuer_classes(rng: random.Random, target: Security, book: TickerBook) -> list[Security]:
    """Warrant, unit, right, preferred depositary shares and notes of the target's own issuer."""
    issuer, ticker = target.issuer, target.ticker

    def rate() -> str:
        return (
            f"{rng.choice([4, 5, 6, 7, 8])}.{rng.choice(['000', '125', '250', '375', '500', '625', '750'])}%"
        )

    series = vocab()["preferred_series"]
    specs = [
        ("warrant", "W", f"{issuer} Warrant"),
        ("unit", "U", f"{issuer} Unit"),
        ("right", "R", f"{issuer} Right"),
        ("preferred", "P", f"{issuer} Depositary Shares, each representing a 1/1000th interest in a share of "
                           f"{rate()} Series {series[0]} Cumulative Preferred Stock"),
        ("preferred", "O", f"{issuer} {rate()} Series {series[1]} Fixed-Rate Reset Preferred Stock"),
        ("note", "L", f"{issuer} {rate()} Senior Notes due {rng.randint(2026, 2034)}"),
        ("note", "Z", f"{issuer} {rate()} Subordinated Notes due {rng.randint(2050, 2064)}"),
    ]  # fmt: skip
    return [
        Security(book.suffixed(ticker, sfx), name, target.base, issuer, kind, target.sector)
        for kind, sfx, name in specs
    ]


def near_spellings(brand: str) -> list[str]:
    """Typo-distance variants: a dropped letter, a doubled letter, swapped neighbours, a changed vowel."""
    out: list[str] = []
    if len(brand) > 4:
        out.append(brand[:2] + brand[3:])
    if len(brand) > 2:  # short brands (plain target names) have no third letter to double
        out.append(brand[:3] + brand[2] + brand[3:])
    if len(brand) > 3:
        out.append(brand[:1] + brand[2] + brand[1] + brand[3:])
    for i, ch in enumerate(brand):
        if ch.lower() in "aeiou" and i > 0:
            swap = {"a": "e", "e": "a", "i": "y", "o": "a", "u": "o"}[ch.lower()]
            out.append(brand[:i] + swap + brand[i + 1 :])
            break
    return [s for s in dict.fromkeys(out) if s.lower() != brand.lower()]


def spac_trio(rng: random.Random, target: Security, book: TickerBook, roman: str) -> list[Security]:
    """A blank-check company named after the brand: its shares, units and warrants, as SPACs list them."""
    issuer = f"{target.base} Acquisition Corp.{roman}"
    ticker = book.common(target.base + "A")
    return [
        Security(
            ticker, f"{issuer} Class A Ordinary Shares", target.base, issuer, "common", "Financial Services"
        ),
        Security(
            book.suffixed(ticker, "U"), f"{issuer} Unit", target.base, issuer, "unit", "Financial Services"
        ),
        Security(
            book.suffixed(ticker, "W"),
            f"{issuer} Warrant",
            target.base,
            issuer,
            "warrant",
            "Financial Services",
        ),
    ]


def other_issuers(rng: random.Random, target: Security) -> list[tuple[str, str]]:
    """(issuer, sector) of different companies whose names share the brand token or nearly spell it."""
    v = vocab()
    names: list[tuple[str, str]] = []
    for sector, words in v["descriptors"].items():
        for word in rng.sample(words, 2):
            names.append((f"{target.base} {word} {weighted(rng, LEGAL_FORMS)}", sector))
    names += [(f"{target.base} {g}", rng.choice(list(v["descriptors"]))) for g in GENERIC_VARIANTS]
    names += [(f"{p} {target.base} {weighted(rng, LEGAL_FORMS)}", target.sector) for p in TOKEN_PREFIXES]
    names += [(f"{s} {weighted(rng, LEGAL_FORMS)}", target.sector) for s in near_spellings(target.base)]
    return names


def lookalikes(
    rng: random.Random, target: Security, book: TickerBook, used: set[str], count: int
) -> list[Security]:
    """At least `count` hard negatives of `target`: its own classes, a SPAC trio, then other issuers."""
    chosen = same_issuer_classes(rng, target, book)[: rng.randint(3, 7)]
    chosen += spac_trio(rng, target, book, rng.choice(["", " II", " III"]))
    pool = [(i, s) for i, s in other_issuers(rng, target) if i.lower() not in used]
    # near spellings and shared-prefix names always go in; descriptor variants fill the rest
    must = [p for p in pool if not p[0].startswith(target.base + " ")]
    rest = [p for p in pool if p not in must]
    rng.shuffle(rest)
    for issuer, sector in must + rest[: max(0, count - len(chosen) - len(must))]:
        used.add(issuer.lower())
        ticker = book.common(issuer.replace(target.base, target.base[:2]))
        name = f"{issuer} {common_security(rng, issuer)}"
        chosen.append(Security(ticker, name, target.base, issuer, "common", sector))
    for sec in chosen:
        sec.role, sec.lookalike_of = "lookalike", target.ticker
    return chosen
