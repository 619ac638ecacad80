"""Award counts as the real record books have them: how many a winner holds, and the most anyone has.

Real winners mostly hold one: of the films that won an Oscar, about three in five won one and fewer than one
in a hundred won nine or more; only three films won eleven (Ben-Hur, Titanic, The Return of the King) and
one ten (West Side Story). A uniform or lightly skewed draw gave one director's five films 11, 10, 9, 7 and
6 Oscars (g32 reader #15, absurd). Counts here are of winners (at least one), as the world asks them.
"""

from __future__ import annotations

import random

# The most any real winner holds, per fact kind, at the world's clock (March 2024): a film's Oscars (11), a
# performer's career Grammys (Beyoncé's 32 then), a club's championships (the Celtics' 17 NBA titles before
# June 2024).
RECORDS = {"mv.oscars": 11, "mu.grammys": 32, "sp.titles": 17}

# Relative weights of 1, 2, 3, ... wins among winners, shaped on the record books (Oscars: ~62% of winning
# films won one, 16% two, 8% three; Grammys: most winners hold one or two, a few dozen acts ten or more).
_WEIGHTS = {
    "mv.oscars": (620, 160, 80, 50, 30, 20, 16, 10, 3, 1, 2),
    # a dozen at most: a career few reach, and more read absurd for an artist the KG gives fewer (the
    # audit's magnitudes line: "Kelly Howard has won 15 Grammy awards" on the first pages32 world)
    "mu.grammys": (400, 200, 120, 80, 50, 35, 25, 18, 14, 11, 8, 7),
    "sp.titles": (350, 200, 120, 80, 60, 45, 35, 25, 20, 15, 12, 10, 8, 6, 5, 4, 3),
}


def counted(kind: str) -> bool:
    """Whether `kind` is an award or title count with a real record."""
    return kind in RECORDS


def draw(kind: str, rng: random.Random) -> int:
    """A winner's count of `kind` (at least one), as often as real winners hold it."""
    weights = _WEIGHTS[kind]
    return rng.choices(range(1, len(weights) + 1), weights=weights)[0]


def capped(kind: str, n: int) -> int:
    """`n` held within the record of `kind` (unchanged for a kind without one)."""
    return min(n, RECORDS[kind]) if kind in RECORDS else n
