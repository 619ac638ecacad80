"""Where questions and pages come from for a run: a world (built if missing), a dataset file, or --server."""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crag_eval.questions import load_dataset_questions, load_world_questions
from crag_eval.server import check_remote, serve_app, world_app
from crag_eval.types import Question
from mockapi.errors import UserError


@dataclass
class Source:
    """The questions of a run and the server that serves their pages (and the KG)."""

    questions: list[Question]
    url: str
    world: dict[str, Any] = field(default_factory=dict)


@contextlib.contextmanager
def open_source(
    task: int, data: str | None, server: str | None, say: Any = print, sim: dict[str, Any] | None = None
) -> Iterator[Source]:
    """Questions plus a base URL, the in-process server running for the duration of the block.

    A dataset file is imported once into a cached world (keyed by its content) that serves its pages; with
    --server the file only supplies the questions.
    """
    path = Path(data).expanduser() if data else None
    world: Path | None
    if path is not None and path.is_file():
        questions = load_dataset_questions(path)
        info: dict[str, Any] = {"dataset_file": str(path.resolve()), "sha256": _sha256(path)}
        world = None if server else _imported_world(path, info["sha256"], say)
    else:
        world = _world(path, say)
        questions = load_world_questions(world)
        info = {}
    if world is not None:
        info.update(path=str(world), **_manifest_summary(world))
    if server:
        yield Source(questions, check_remote(server), info)
        return
    assert world is not None
    with serve_app(world_app(world, task, sim)) as url:
        yield Source(questions, url, info)


def _world(path: Path | None, say: Any) -> Path:
    from mockapi.paths import is_complete, world_dir

    if path is not None:
        if not path.exists():
            raise UserError(
                f"--data {path} does not exist; pass a world directory or a CRAG .jsonl[.bz2] file"
            )
        if not is_complete(path):
            raise UserError(
                f"{path} is not a built world (no manifest.json); run `crag-mock build --data {path}`"
            )
        return path.resolve()
    world = world_dir(None, "default")
    if not is_complete(world):
        from mockapi.world.build import build_world

        say(f"building the default world at {world} (first use; later runs reuse it)…")
        build_world("default", 0, world, progress=lambda msg: say(f"  {msg}"))
    return world


def _manifest_summary(world: Path) -> dict[str, Any]:
    from mockapi.world.manifest import read_manifest_or_empty

    manifest = read_manifest_or_empty(world)
    keys = ("kind", "scale", "seed", "split", "content_hash", "versions")
    return {k: manifest[k] for k in keys if k in manifest}


def _imported_world(path: Path, digest: str, say: Any) -> Path:
    """The file imported once into a cached world keyed by its content."""
    from mockapi.importers.dataset import import_dataset
    from mockapi.paths import data_root, is_complete

    world = data_root() / "datasets" / digest[:16]
    if not is_complete(world):
        say(f"importing {path.name} into {world} (once per file)…")
        import_dataset([path], world)
    return world


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def set_server_env(url: str) -> None:
    """What a CRAG model reads: CRAG_SERVER (the original client) and CRAG_MOCK_API_URL (the baselines)."""
    os.environ["CRAG_SERVER"] = url
    os.environ["CRAG_MOCK_API_URL"] = url
