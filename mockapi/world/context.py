"""What every generator stage receives: the scale, the seed, the world clock and seeded randomness."""

from __future__ import annotations

import argparse
import datetime as dt
import random
from dataclasses import dataclass

from mockapi.world.scales import Scale

# CRAG's questions are dated late Feb to mid Mar 2024; its price history ends 2024-02-28.
DEFAULT_CLOCK = dt.datetime(2024, 3, 15, 23, 59, 59)

# A world is built for one split: dev (what participants see), test (held out) or train (to train on, of any
# size). All share the KG's shape and CRAG's mixes; dev and test share a core of question phrasings and page
# frames/layouts and have a part of their own each, and train uses only its own part, so a test world shows
# surface forms a system tuned on dev never saw, and nothing a system trained on train saw (docs/worlds.md).
SPLITS: tuple[str, ...] = ("dev", "test", "train")


@dataclass(frozen=True)
class WorldContext:
    """Immutable inputs of a build. Randomness is derived per stage so stages stay independent."""

    scale: Scale
    seed: int
    clock: dt.datetime = DEFAULT_CLOCK
    split: str = "dev"
    secret: bytes = b""
    """`build --secret`: mixed into every stage's seed, so the public seed alone cannot rebuild the world."""

    def rng(self, *stage: str) -> random.Random:
        """A fresh `random.Random` for one named stage; a string seed is stable across processes (Random
        hashes the whole string with SHA-512, so all 256 bits of a secret count)."""
        head = [self.secret.hex(), str(self.seed)] if self.secret else [str(self.seed)]
        return random.Random(":".join([*head, *stage]))


def add_split_argument(parser: argparse.ArgumentParser) -> None:
    """`--split dev|test|train`, shared by the commands that name a world by scale/seed."""
    parser.add_argument(
        "--split",
        default="dev",
        choices=SPLITS,
        help="dev, test or train: train's question phrasings and page forms are its own, and part of dev's "
        "and test's differ (default: dev)",
    )
