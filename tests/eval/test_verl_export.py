"""`crag-mock export --format verl`: verl's RL rows as Parquet, read back with pyarrow."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest
from crag_eval.files.questions import load_world_questions
from crag_eval.reward import compute_score

from mockapi.cli import main


def export(world: Path, out: Path, *extra: str) -> int:
    return main(["export", "--format", "verl", "--data", str(world), "--out", str(out), *extra])


def test_rows_read_back_in_verls_schema(tiny_world: Path, tmp_path: Path) -> None:
    out = tmp_path / "train.parquet"
    assert export(tiny_world, out) == 0
    table = pq.read_table(out)
    assert {"data_source", "prompt", "ability", "reward_model", "extra_info"} <= set(table.column_names)
    rows = table.to_pylist()
    questions = load_world_questions(tiny_world)
    assert len(rows) == len(questions)
    for i, (row, q) in enumerate(zip(rows, questions, strict=True)):
        assert row["data_source"] == "crag-mock/dev" and row["ability"] == "fact-reasoning"
        [message] = row["prompt"]
        assert (
            message["role"] == "user" and q.query in message["content"] and q.query_time in message["content"]
        )
        assert row["reward_model"] == {"style": "rule", "ground_truth": {"target": list(q.gold)}}
        info = row["extra_info"]
        assert (info["split"], info["index"], info["interaction_id"]) == ("dev", i, q.interaction_id)
        # the row's own fields are all verl hands the reward function
        solution = f"<answer>{q.answer}</answer>"
        assert compute_score(row["data_source"], solution, row["reward_model"]["ground_truth"], info) == 1.0


def test_a_prompt_template_replaces_the_default(tiny_world: Path, tmp_path: Path) -> None:
    template = tmp_path / "prompt.txt"
    template.write_text("Q: {question} (asked {query_time}) {not a placeholder}\n", encoding="utf-8")
    out = tmp_path / "rows.parquet"
    assert export(tiny_world, out, "--prompt-template", str(template)) == 0
    first = pq.read_table(out).to_pylist()[0]
    content = first["prompt"][0]["content"]
    assert content.startswith("Q: ") and content.endswith("{not a placeholder}\n")
    assert first["extra_info"]["query"] in content


@pytest.mark.parametrize("text", ["no placeholder here", None])
def test_a_bad_template_is_one_line(
    tiny_world: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | None
) -> None:
    template = tmp_path / "prompt.txt"
    if text is not None:
        template.write_text(text, encoding="utf-8")
    assert export(tiny_world, tmp_path / "x.parquet", "--prompt-template", str(template)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--prompt-template" in err
    assert not (tmp_path / "x.parquet").exists()
