"""Films' money records by era: the largest budget and gross a film of a year may take."""

from __future__ import annotations

# The largest budget and worldwide gross a film of a release year before the first figure may take, nominal
# US$, each below its era's real record (Ben-Hur's $15m, Superman's $55m, Terminator 2's ~$100m, Titanic's
# $200m and ~$2.26bn, Avatar's ~$2.9bn; Gone with the Wind's ~$400m, Star Wars' ~$775m): the scaled draw
# alone gave 1977-79 films $60-66m budgets (the audit's numbers line, 13 of 3,920 KG films). The 1980s' caps
# sit below the decade's few record budgets (Annie's $50m in 1982, Rambo III's ~$63m and Roger Rabbit's ~$70m
# in 1988): a 1987 film "made on a budget of $68.9 million" under a $90m cap read absurd (reader62).
_RECORDS = (
    (1960, 14e6, 3.5e8), (1970, 40e6, 4.5e8), (1980, 48e6, 7e8), (1985, 42e6, 7.5e8), (1990, 55e6, 7.5e8),
    (1995, 120e6, 1e9), (2000, 140e6, 1e9), (2009, 250e6, 2e9), (10_000, 380e6, 2.6e9),
)  # fmt: skip


def records(year: int) -> tuple[float, float]:
    """The largest budget and gross a film released in `year` may take (`_RECORDS`)."""
    return next((budget, gross) for before, budget, gross in _RECORDS if year < before)
