"""The two reference models: `dummy` always declines, `oracle` always answers with the gold answer."""

from __future__ import annotations

from typing import Any

from crag_eval.files.records import ExtendedAnswer


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


class OracleRetrievalModel:
    """`oracle-retrieval`: the gold answer with the pages that bear it (from the run's qrels, handed over by
    the runner like the oracle's answers); `--model-args '{"pages": "noise"}'` ranks only served pages that
    do not bear it. The bounds of the retrieval figures: 1 and 0."""

    def __init__(self, gold: dict[str, str], relevant: dict[str, list[str]], pages: str = "answer") -> None:
        if pages not in ("answer", "noise"):
            raise TypeError(f"pages must be 'answer' or 'noise', got {pages!r}")
        self.gold, self.relevant, self.pages = gold, relevant, pages

    def get_batch_size(self) -> int:
        return 8

    def batch_generate_answer(self, batch: dict[str, list[Any]]) -> list[ExtendedAnswer]:
        from mockapi.web.qrels import doc_id

        out: list[ExtendedAnswer] = []
        for iid, served in zip(batch["interaction_id"], batch["search_results"], strict=True):
            relevant = self.relevant.get(iid, [])
            if self.pages == "answer":
                ranked = list(relevant)
            else:
                urls = (doc_id(str(p.get("page_url", ""))) for p in served)
                ranked = [u for u in dict.fromkeys(urls) if u not in set(relevant)]
            out.append({"answer": self.gold.get(iid, "i don't know"), "pages": ranked})
        return out
