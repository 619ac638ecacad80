"""The two reference models: `dummy` always declines, `oracle` always answers with the gold answer."""

from __future__ import annotations

from typing import Any


class DummyModel:
    """The original's DummyModel: "i don't know" for every question, batch size 4."""

    def get_batch_size(self) -> int:
        return 4

    def batch_generate_answer(self, batch: dict[str, list[Any]]) -> list[str]:
        return ["i don't know" for _ in batch["query"]]


class OracleModel:
    """The gold answer of each question, handed over by the runner (never via the batch)."""

    def __init__(self, gold: dict[str, str]) -> None:
        self.gold = gold

    def get_batch_size(self) -> int:
        return 8

    def batch_generate_answer(self, batch: dict[str, list[Any]]) -> list[str]:
        return [self.gold.get(iid, "i don't know") for iid in batch["interaction_id"]]
