"""Round-robin fixtures (the circle method) and small integer distributions shared by NBA and soccer."""

from __future__ import annotations

import math
import random


def round_robin(n_teams: int) -> list[list[tuple[int, int]]]:
    """Single round robin (the circle method), (home, away) indices; odd counts give one team a bye per round.

    Home and away alternate by pair distance and round parity, so no team spends long runs on the road.
    """
    n = n_teams + n_teams % 2
    m = n - 1
    rounds = []
    for r in range(m):
        pairs = [(m, r) if r % 2 else (r, m)]
        for k in range(1, n // 2):
            a, b = (r + k) % m, (r - k) % m
            pairs.append((a, b) if k % 2 else (b, a))
        rounds.append([(h, a) for h, a in pairs if h < n_teams and a < n_teams])
    return rounds


def double_round_robin(n_teams: int) -> list[list[tuple[int, int]]]:
    """Every pair meets twice, once at each ground; the second half mirrors the first."""
    first = round_robin(n_teams)
    return first + [[(b, a) for a, b in rnd] for rnd in first]


def poisson(rng: random.Random, lam: float) -> int:
    """Knuth's method; fine for the small means of football scores."""
    limit, k, p = math.exp(-lam), 0, 1.0
    while True:
        p *= rng.random()
        if p <= limit:
            return k
        k += 1


def binomial(rng: random.Random, n: int, p: float) -> int:
    return sum(rng.random() < p for _ in range(n))


def normal_int(rng: random.Random, mean: float, sd: float, low: int) -> int:
    return max(low, round(rng.gauss(mean, sd)))
