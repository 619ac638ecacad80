"""CRAG's question mix (crag-benchmark-facts.md) and its allocation to a world's question count."""

from __future__ import annotations

import random
from dataclasses import dataclass

DOMAINS = ("finance", "sports", "music", "movie", "open")
DYNAMISM = ("real-time", "fast-changing", "slow-changing", "static")
TYPES = (
    "simple",
    "simple_w_condition",
    "set",
    "comparison",
    "aggregation",
    "multi-hop",
    "post-processing",
    "false_premise",
)

# Counts per domain, in DOMAINS order (the paper's tables).
DYNAMISM_COUNTS: dict[str, tuple[int, ...]] = {
    "real-time": (434, 0, 2, 0, 1),
    "fast-changing": (204, 275, 40, 17, 28),
    "slow-changing": (183, 215, 152, 253, 204),
    "static": (218, 343, 430, 855, 555),
}
TYPE_COUNTS: dict[str, tuple[int, ...]] = {
    "simple": (466, 23, 112, 519, 85),
    "simple_w_condition": (113, 250, 92, 112, 122),
    "set": (48, 93, 72, 104, 86),
    "comparison": (146, 85, 102, 105, 98),
    "aggregation": (69, 137, 96, 71, 116),
    "multi-hop": (86, 64, 55, 90, 87),
    "post-processing": (26, 24, 26, 28, 76),
    "false_premise": (85, 157, 69, 96, 118),
}
# KG questions were 1,984 of 4,409.
KG_SHARE = 1984 / 4409


@dataclass(frozen=True)
class Cell:
    """One question slot: what kind of question to write."""

    domain: str
    question_type: str
    dynamism: str


def largest_remainder(total: int, weights: list[float]) -> list[int]:
    """Split `total` into integers proportional to `weights` that sum exactly to `total`."""
    whole = sum(weights)
    exact = [total * w / whole for w in weights]
    counts = [int(x) for x in exact]
    order = sorted(range(len(weights)), key=lambda i: (-(exact[i] - counts[i]), i))
    for i in order[: total - sum(counts)]:
        counts[i] += 1
    return counts


def domain_counts(total: int) -> dict[str, int]:
    """Questions per domain, proportional to CRAG's domain sizes."""
    sizes = [sum(TYPE_COUNTS[t][d] for t in TYPES) for d in range(len(DOMAINS))]
    return dict(zip(DOMAINS, largest_remainder(total, [float(s) for s in sizes]), strict=True))


def allocate(total: int, rng: random.Random) -> list[Cell]:
    """`total` cells whose type and dynamism marginals per domain follow CRAG, in a shuffled stable order.

    Types and dynamism classes are allocated separately per domain (exact marginals), then paired at random:
    the paper gives only the marginals, not the joint table.
    """
    cells: list[Cell] = []
    for d_index, (domain, n) in enumerate(domain_counts(total).items()):
        types = _expand(TYPES, [float(TYPE_COUNTS[t][d_index]) for t in TYPES], n)
        dyn = _expand(DYNAMISM, [float(DYNAMISM_COUNTS[k][d_index]) for k in DYNAMISM], n)
        rng.shuffle(dyn)
        cells.extend(Cell(domain, t, k) for t, k in zip(types, dyn, strict=True))
    rng.shuffle(cells)
    return cells


def _expand(names: tuple[str, ...], weights: list[float], n: int) -> list[str]:
    out: list[str] = []
    for name, count in zip(names, largest_remainder(n, weights), strict=True):
        out.extend([name] * count)
    return out


def crag_shares() -> dict[str, dict[str, float]]:
    """CRAG's overall shares per type and per dynamism class (for tests and the manifest)."""
    total = sum(sum(v) for v in TYPE_COUNTS.values())
    return {
        "question_type": {t: sum(TYPE_COUNTS[t]) / total for t in TYPES},
        "static_or_dynamic": {k: sum(DYNAMISM_COUNTS[k]) / total for k in DYNAMISM},
    }
