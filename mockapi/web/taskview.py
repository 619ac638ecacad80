"""Task 1 & 2 see 5 pages picked at random from a question's top 10 (CRAG's own rule); Task 3 sees all 50.

The pick is seeded per question from the world's content hash and the interaction id, so the server and
`crag-mock export` agree, and a different world gives a different (but again fixed) pick.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
VIEW_PAGES = 5
POOL_PAGES = 10


def view_for_task(task: int | None, results: Sequence[T], content_hash: str, interaction_id: str) -> list[T]:
    """The results a question shows under `task` (None or 3: all of them), kept in rank order."""
    if task not in (1, 2) or len(results) <= VIEW_PAGES:
        # Imported Task 1&2 records already hold CRAG's own pick of 5: serve them as given.
        return list(results)
    pool = list(results[:POOL_PAGES])
    seed = hashlib.sha256(f"{content_hash}\x00{interaction_id}".encode()).digest()
    chosen = sorted(random.Random(seed).sample(range(len(pool)), VIEW_PAGES))
    return [pool[i] for i in chosen]
