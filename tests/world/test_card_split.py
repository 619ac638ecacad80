"""Issue 35, walked as a user: `crag-mock export --format parquet` of the tiny world (seed 0, dev) wrote a
card whose every config was the Hub's "train" split, so `load_dataset(DIR, "questions")` handed out the dev
set's questions and gold answers as training data. The card names the world's own split."""

from __future__ import annotations

from pathlib import Path

import datasets
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from huggingface_hub import DatasetCard

from mockapi.process.dataset_card import CardInfo, write_card


@pytest.mark.parametrize("split", ["dev", "test"])
def test_a_dev_or_test_world_loads_as_its_own_split_not_train(split: str, tmp_path: Path) -> None:
    pq.write_table(pa.table({"query": ["q1", "q2"], "answer": ["a1", "a2"]}), tmp_path / "questions.parquet")
    identity = {"content_hash": "sha256:0", "kind": "synthetic", "scale": "tiny", "seed": "0", "split": split}
    files = {"questions": ("questions.parquet", 2)}
    write_card(tmp_path, CardInfo("a world", "mit", files, identity, "crag-mock export"))
    card = DatasetCard.load(tmp_path / "README.md")
    assert card.data.to_dict()["configs"][0]["data_files"][0]["split"] == split
    loaded = datasets.load_dataset(str(tmp_path), "questions", cache_dir=str(tmp_path / "cache"))
    assert list(loaded) == [split] and loaded[split]["query"] == ["q1", "q2"]
