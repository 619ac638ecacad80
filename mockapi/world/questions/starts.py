"""A start year drawn from a name alone, for subjects neither the question nor the KG dates.

Both the questions (a film's amounts must fit the era its pages date it by: `source.plausible`) and the pages
(`pages.lifespan.default`: every page of one name agrees on its start) read it; it lives here because pages
may import questions and not the reverse (the architecture's folder rule).
"""

from __future__ import annotations

import hashlib

DEFAULT_START = {
    "movie": (1950, 2021), "song": (1965, 2021), "company": (1905, 2015), "team": (1880, 2005),
    "topic": (1700, 1950), "person": (1940, 1998), "film_person": (1940, 1998), "artist": (1945, 1998),
    "player": (1985, 2002), "band": (1965, 2015),
}  # fmt: skip


def drawn_start(name: str, kind: str) -> int:
    """A start year for `name` of `kind`, stable across pages and builds."""
    lo, hi = DEFAULT_START.get(kind, (1950, 2015))
    digest = int.from_bytes(hashlib.blake2b(f"{kind}|{name}".encode(), digest_size=4).digest(), "big")
    return lo + digest % (hi - lo + 1)
