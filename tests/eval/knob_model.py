"""A model with two knobs for the sweep tests: it ranks the first `top_k` served pages and waits `delay`
seconds per question (so a test can kill a sweep between two settings)."""

from __future__ import annotations

import time
from typing import Any


class KnobModel:
    def __init__(self, top_k: int = 5, chunk_size: int = 512, delay: float = 0.0) -> None:
        self.top_k, self.chunk_size, self.delay = top_k, chunk_size, delay

    def get_batch_size(self) -> int:
        return 1

    def batch_generate_answer(self, batch: dict[str, list[Any]]) -> list[dict[str, Any]]:
        time.sleep(self.delay * len(batch["query"]))
        return [
            {"answer": "i don't know", "pages": [p["page_url"] for p in pages[: self.top_k]]}
            for pages in batch["search_results"]
        ]
