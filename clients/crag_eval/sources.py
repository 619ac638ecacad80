"""Where questions and pages come from for a run: a world (built if missing), a dataset file, or --server."""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crag_eval.questions import load_dataset_file, load_world_questions
from crag_eval.server import check_remote, serve_app, world_app
from crag_eval.types import Question
from mockapi.errors import UserError


@dataclass
class Source:
    """The questions of a run and the server that serves their pages (and the KG)."""

    questions: list[Question]
    url: str
    world: dict[str, Any] = field(default_factory=dict)


def _server_available() -> bool:
    try:
        import mockapi.app
        import mockapi.settings  # noqa: F401
    except ImportError:
        return False
    return True


@contextlib.contextmanager
def open_source(
    task: int, data: str | None, server: str | None, say: Any = print, sim: dict[str, Any] | None = None
) -> Iterator[Source]:
    """Questions plus a base URL, the in-process server running for the duration of the block."""
    path = Path(data).expanduser() if data else None
    if path is not None and path.is_file():
        with _dataset_file(path, task, server, say, sim) as source:
            yield source
        return
    world = _world(path, say)
    questions = load_world_questions(world)
    info = {"path": str(world), **_manifest_summary(world)}
    if server:
        yield Source(questions, check_remote(server), info)
        return
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
    import json

    try:
        manifest = json.loads((world / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    keys = ("kind", "scale", "seed", "content_hash", "versions")
    return {k: manifest[k] for k in keys if k in manifest}


@contextlib.contextmanager
def _dataset_file(
    path: Path, task: int, server: str | None, say: Any, sim: dict[str, Any] | None = None
) -> Iterator[Source]:
    questions, pages = load_dataset_file(path)
    info: dict[str, Any] = {"dataset_file": str(path.resolve()), "sha256": _sha256(path)}
    if server:
        yield Source(questions, check_remote(server), info)
        return
    world = _imported_world(path, info["sha256"], say) if _server_available() else None
    if world is not None:
        with contextlib.ExitStack() as stack:
            url = stack.enter_context(serve_app(world_app(world, task, sim)))
            if _serves_pages(url, questions[0]):
                info.update(path=str(world), **_manifest_summary(world))
                yield Source(questions, url, info)
                return
        info["note"] = f"the server over {world} served no pages; fell back to the file's own pages"
    from crag_eval.fileserver import file_app

    info["served_by"] = "crag-eval file server (the file's own pages, no KG)"
    with serve_app(file_app(questions, pages, task)) as url:
        yield Source(questions, url, info)


def _serves_pages(url: str, question: Question) -> bool:
    """Does the server answer /web/search for a question of the file (its web routes may be absent)?"""
    import httpx

    body = {"interaction_id": question.interaction_id, "query": question.query, "k": 1}
    try:
        return httpx.post(f"{url}/web/search", json=body, timeout=30.0).status_code == 200
    except httpx.TransportError:
        return False


def _imported_world(path: Path, digest: str, say: Any) -> Path | None:
    """The file imported once into a cached world keyed by its content; None if the importer is missing."""
    try:
        from mockapi.importers.dataset import import_dataset
    except ImportError:
        return None
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
