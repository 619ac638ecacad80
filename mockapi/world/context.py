"""What every generator stage receives: the scale, the seed, the world clock and seeded randomness."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

from mockapi.world.scales import Scale

# CRAG's questions are dated late Feb to mid Mar 2024; its price history ends 2024-02-28.
DEFAULT_CLOCK = dt.datetime(2024, 3, 15, 23, 59, 59)


@dataclass(frozen=True)
class WorldContext:
    """Immutable inputs of a build. Randomness is derived per stage so stages stay independent."""

    scale: Scale
    seed: int
    clock: dt.datetime = DEFAULT_CLOCK

    def rng(self, *stage: str) -> random.Random:
        """A fresh `random.Random` for one named stage; a string seed is stable across processes."""
        return random.Random(":".join([str(self.seed), *stage]))
