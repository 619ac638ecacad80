"""A Hugging Face dataset card (README.md with YAML metadata) for an exported world or run: licence, sizes,
configs (one per Parquet file, so `datasets.load_dataset(DIR, "questions")` finds each), world hash, and
how it was made. Only the Hub's known metadata keys go in the YAML, plus `crag_mockapi` with the identity."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

SIZES = ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M"))


def size_category(rows: int) -> str:
    return next((label for limit, label in SIZES if rows < limit), "1M<n<10M" if rows < 10**7 else "n>10M")


@dataclass
class CardInfo:
    title: str
    licence: str
    """A Hub licence id: `mit` (a synthetic world, runs on it), `cc-by-nc-4.0` (real CRAG data)."""
    files: dict[str, tuple[str, int]]
    """Config name → (Parquet file relative to the card, rows)."""
    identity: dict[str, str]
    """World hash, kind, scale, seed… or the run's model, task, commit: YAML `crag_mockapi` and a table."""
    made_with: str
    """The command that wrote the export."""
    body: list[str] = field(default_factory=list)
    """Paragraphs describing the files."""


def render_card(info: CardInfo) -> str:
    rows = max((n for _, n in info.files.values()), default=0)
    yaml = [
        "---",
        f"license: {info.licence}",
        f"pretty_name: {json.dumps(info.title)}",
        "language:",
        "- en",
        "task_categories:",
        "- question-answering",
        "tags:",
        "- rag",
        "- crag",
        "- synthetic" if info.identity.get("kind", "synthetic") == "synthetic" else "- crag-import",
        "size_categories:",
        f"- {size_category(rows)}",
        "configs:",
    ]
    # a world's dev or test questions must not load as a Hub "train" split: someone would train on them
    split = info.identity.get("split", "train")
    split = split if split in ("train", "dev", "test") else "train"
    for name, (path, _n) in info.files.items():
        yaml += [f"- config_name: {name}", "  data_files:", f"  - split: {split}", f"    path: {path}"]
    yaml += ["crag_mockapi:", *(f"  {k}: {json.dumps(v)}" for k, v in info.identity.items()), "---", ""]
    table = ["| config | file | rows |", "|---|---|---|"]
    table += [f"| {name} | `{path}` | {n:,} |" for name, (path, n) in info.files.items()]
    ident = ["| | |", "|---|---|", *(f"| {k} | `{v}` |" for k, v in info.identity.items())]
    made = f"Made with `{info.made_with}` (crag-mockapi {info.identity.get('crag_mockapi', '')})."
    return "\n".join(
        [
            *yaml,
            f"# {info.title}",
            "",
            *info.body,
            "",
            *table,
            "",
            "## Identity",
            "",
            *ident,
            "",
            "## How it was made",
            "",
            made,
            "",
            "```python",
            "from datasets import load_dataset",
            f'ds = load_dataset("parquet", data_files="{next(iter(info.files.values()))[0]}")',
            "```",
            "",
        ]
    )


def write_card(out: Path, info: CardInfo) -> Path:
    path = out / "README.md"
    tmp = out / ".README.md.tmp"
    tmp.write_text(render_card(info), encoding="utf-8")
    tmp.replace(path)
    return path
