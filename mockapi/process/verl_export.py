"""`crag-mock export --format verl --out F.parquet [--split S] [--prompt-template FILE]`: RL training rows.

One row per question of the world, in verl's RL dataset format (what `data.train_files` / `data.val_files`
read, and Search-R1's and SkyRL's search recipes too):

- `data_source`: `crag-mock/<split>`;
- `prompt`: `[{"role": "user", "content": …}]`, the template with `{question}` and `{query_time}` filled in;
- `ability`: `"fact-reasoning"`;
- `reward_model`: `{"style": "rule", "ground_truth": {"target": [answer, *alternative answers]}}`;
- `extra_info`: `{"split", "index", "interaction_id", "query", "query_time", "question_type", "domain"}`,
  which `crag_eval.reward.compute_score` reads to judge by the question's type;
- `env_class` (`"search"`) and `reward_spec` (the same as `reward_model`): what SkyRL's search environment
  reads.

The default template (`DEFAULT_TEMPLATE`) asks for Search-R1's tags: reasoning in `<think>`, searches in
`<search>` (the trainer answers them from `POST /retrieve` inside `<information>`), the answer in
`<answer>`. `--prompt-template FILE` replaces it (UTF-8 text; `{question}` required, `{query_time}`
optional; other braces are left alone). pyarrow writes the file (the `verl` extra).
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from mockapi.core.paths import QUESTIONS_DB
from mockapi.core.user_error import UserError

DEFAULT_TEMPLATE = """\
Answer the question below. The current time is {query_time}.
Think step by step inside <think> and </think> before every action. When you need facts you do not have, \
write a search query inside <search> and </search>; the best matching passages will come back inside \
<information> and </information>. Search as often as you need. When you are sure, give only the final \
answer, a few words, inside <answer> and </answer>, for example <answer> Paris </answer>. If the question \
rests on a false premise, answer <answer> invalid question </answer>; if you cannot find the answer, \
answer <answer> I don't know </answer>.
Question: {question}
"""
ABILITY = "fact-reasoning"
ROWS = """
SELECT interaction_id, query, query_time, answer, alt_ans, question_type, domain FROM questions ORDER BY ord
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`--prompt-template` (`--format` and the rest of `crag-mock export`'s flags are shared)."""
    parser.add_argument(
        "--prompt-template", type=Path, help="--format verl: the prompt, with {question} and {query_time}"
    )


def run(world: Path, out: Path, split: str, template_file: Path | None) -> int:
    """Write the verl rows of `world` to `out`; prints one summary line."""
    template = read_template(template_file)
    rows = verl_rows(world, split, template)
    write_parquet(rows, out)
    print(f"exported {len(rows):,} verl rows ({split}) from {world} to {out}")
    return 0


def read_template(path: Path | None) -> str:
    """The prompt template: the file's text, or DEFAULT_TEMPLATE; one-line errors."""
    if path is None:
        return DEFAULT_TEMPLATE
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read --prompt-template {path}: {exc}") from None
    if "{question}" not in text:
        raise UserError(f"--prompt-template {path} has no {{question}} placeholder")
    return text


def verl_rows(world: Path, split: str, template: str) -> list[dict[str, Any]]:
    """One verl row per question of `world`, in dataset order."""
    import duckdb

    if not (world / QUESTIONS_DB).is_file():
        raise UserError(f"{world} has no {QUESTIONS_DB}: build a world first (crag-mock build)")
    con = duckdb.connect(str(world / QUESTIONS_DB), read_only=True)
    try:
        records = con.execute(ROWS).fetchall()
    finally:
        con.close()
    return [_row(i, record, split, template) for i, record in enumerate(records)]


def _row(index: int, record: tuple[Any, ...], split: str, template: str) -> dict[str, Any]:
    interaction_id, query, query_time, answer, alt_ans, question_type, domain = record
    answers = list(dict.fromkeys([answer, *json.loads(alt_ans or "[]")]))
    content = template.replace("{question}", query).replace("{query_time}", query_time)
    reward = {"style": "rule", "ground_truth": {"target": answers}}
    return {
        "data_source": f"crag-mock/{split}",
        "prompt": [{"role": "user", "content": content}],
        "ability": ABILITY,
        "reward_model": reward,
        "extra_info": {
            "split": split,
            "index": index,
            "interaction_id": interaction_id,
            "query": query,
            "query_time": query_time,
            "question_type": question_type,
            "domain": domain,
        },
        "env_class": "search",
        "reward_spec": reward,
    }


def write_parquet(rows: list[dict[str, Any]], out: Path) -> None:
    """`rows` as one Parquet file, written beside `out` and renamed into place."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise UserError("--format verl needs pyarrow: pip install 'crag-mockapi[verl]'") from None
    if out.is_dir() or not out.parent.is_dir():
        raise UserError(f"--out {out}: not a file in an existing directory")
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    try:
        pq.write_table(pa.Table.from_pylist(rows), tmp)
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)
