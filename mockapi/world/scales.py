"""World sizes. `tiny` is the test fixture, `default` the embedded world, `full` CRAG's size."""

from __future__ import annotations

from dataclasses import dataclass

from mockapi.core.user_error import UserError


@dataclass(frozen=True)
class Scale:
    """How big each part of a world is; every generator reads its own numbers from here."""

    name: str
    # Entities a question may target, per domain; each gets `lookalikes` hard negatives of the same kind.
    targets: dict[str, int]
    lookalikes: int
    # Extra random entities per domain (same kind, not look-alikes): CRAG's "random" distractors.
    filler: dict[str, int]
    questions: int
    chart_weeks: int = 52  # weekly Hot 100 charts published before the clock


SCALES: dict[str, Scale] = {
    "tiny": Scale(
        name="tiny",
        targets={"open": 12, "movie": 12, "finance": 12, "music": 12, "sports": 12},
        lookalikes=30,
        filler={"open": 40, "movie": 40, "finance": 40, "music": 120, "sports": 0},
        questions=80,
        chart_weeks=14,
    ),
    "default": Scale(
        name="default",
        targets={"open": 120, "movie": 120, "finance": 100, "music": 100, "sports": 60},
        lookalikes=31,
        filler={"open": 2000, "movie": 2000, "finance": 1000, "music": 3000, "sports": 0},
        questions=1200,
    ),
    "full": Scale(
        name="full",
        # sports: 88 = every NBA team (30) plus every top-league club (20 + 20 + 18)
        targets={"open": 900, "movie": 1100, "finance": 900, "music": 650, "sports": 88},
        lookalikes=31,
        filler={"open": 1_200_000, "movie": 400_000, "finance": 6_000, "music": 800_000, "sports": 0},
        questions=4409,
    ),
}


def get_scale(name: str) -> Scale:
    """The named scale, or a one-line error listing the valid names."""
    try:
        return SCALES[name]
    except KeyError:
        raise UserError(f"unknown scale {name!r}: choose one of {', '.join(SCALES)}") from None
