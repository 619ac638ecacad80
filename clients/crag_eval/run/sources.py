"""Where questions and pages come from for a run: a world (built if missing), a dataset file, or --server."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import JsonValue

from crag_eval.files.questions import load_dataset_questions, load_world_questions
from crag_eval.files.records import SimSettings
from crag_eval.files.runfiles import WorldInfo
from crag_eval.files.types import Question
from crag_eval.run.runlock import build_lock, build_lock_held
from crag_eval.run.server import ServerMeta, serve_app, server_meta, world_app
from mockapi.core.user_error import UserError


@dataclass
class Source:
    """The questions of a run and the server that serves their pages (and the KG)."""

    questions: list[Question]
    url: str
    world: WorldInfo = field(default_factory=WorldInfo)
    """Which world: written into run.json."""


@contextlib.contextmanager
def open_source(
    task: int,
    data: str | None,
    server: str | None,
    say: Any = print,
    sim: SimSettings | None = None,
    cache: bool = True,
) -> Iterator[Source]:
    """Questions plus a base URL, the in-process server running for the duration of the block.

    A dataset file is imported once into a cached world (keyed by its content; `cache=False`: a temporary
    one removed at the end, see mockapi.process.dataset_world) that serves its pages. With
    --server the questions must come from the world the server serves: its /meta content hash must equal the
    questions' world's hash (without --data, the server's own world directory is used when it is on this
    machine), else a one-line error names both hashes.
    """
    path = Path(data).expanduser() if data else None
    meta = server_meta(server) if server else None
    info: dict[str, JsonValue] = {}  # WorldInfo's fields, validated once complete
    stack = contextlib.ExitStack()
    if path is not None and path.is_file():
        from mockapi.process.dataset_world import dataset_world, file_sha256

        questions = load_dataset_questions(path)
        digest = file_sha256(path)
        info = {"dataset_file": str(path.resolve()), "sha256": digest}
        world = stack.enter_context(dataset_world(path, cache=cache, say=say, digest=digest))
        if task == 3:
            _say_if_task_1_2_file(world, path, say)
    elif path is None and meta is not None:
        world = _server_world(meta, server or "")
        questions = load_world_questions(world)
    else:
        world = _world(path, say)
        questions = load_world_questions(world)
    with stack:
        info.update(path=str(world), **_manifest_summary(world))
        if server:
            assert meta is not None
            info["server_content_hash"] = meta.get("content_hash")
            found = WorldInfo.model_validate(info)
            check_same_world(found.content_hash, meta.get("content_hash"), server)
            yield Source(questions, server.rstrip("/"), found)
            return
        with serve_app(world_app(world, task, sim)) as url:
            yield Source(questions, url, WorldInfo.model_validate(info))


def check_same_world(questions_hash: str | None, server_hash: str | None, server: str) -> None:
    """Refuse a server that serves another world than the questions' (a run would mix two worlds)."""
    if questions_hash != server_hash:
        raise UserError(
            f"the server at {server} serves world {server_hash} but the questions come from world "
            f"{questions_hash}; pass --data with the server's world (or serve this one)"
        )


def _server_world(meta: ServerMeta, server: str) -> Path:
    """Without --data: a world of this machine's data root (the default one first) whose content hash is the
    server's. /meta names no server path, so the worlds are matched by hash, not by where they are."""
    from mockapi.core.paths import data_root, is_complete, world_dir

    wanted = meta.get("content_hash")
    root = data_root()
    others = sorted(root.iterdir()) if root.is_dir() else []
    for candidate in (world_dir(None, "default"), *others):
        if is_complete(candidate) and _manifest_summary(candidate).get("content_hash") == wanted:
            return candidate.resolve()
    raise UserError(
        f"the server at {server} serves world {wanted} ({meta.get('world')}), which is not on this machine; "
        "pass --data with that world's directory or its CRAG dataset file"
    )


def _world(path: Path | None, say: Any) -> Path:
    from mockapi.core.paths import is_complete, world_dir

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
    if is_complete(world):
        return world
    if build_lock_held(world):
        say(f"waiting for another process building the default world at {world}…")
    with build_lock(world):  # a second first-use run waits, then finds the world built
        if not is_complete(world):
            from mockapi.world.build import build_world
            from mockapi.world.progress import StepClock

            say(f"building the default world at {world} ({FIRST_BUILD}; later runs reuse it)…")
            steps = StepClock()  # each step's time, and how long the pages step has left
            build_world("default", 0, world, progress=lambda msg: say(f"  {steps.line(msg)}"))
            say(f"  {steps.finish('built')}")
    return world


FIRST_BUILD = "first use: about 2 minutes on 2 cores, 2.2 GB on disk"
"""What the first run's wait costs (default world, seed 0, at 6ca58d2: 1:52 on 2 quiet cores, 2.2 GB); the
README says the same (tests/docs/test_surprises_docs.py)."""


def _say_if_task_1_2_file(world: Path, path: Path, say: Any) -> None:
    """Task 3 over a Task 1&2 file serves the 5 pages per question the file holds, not 50: say so."""
    from mockapi.formats.manifest import read_manifest_or_empty

    manifest = read_manifest_or_empty(world)
    questions = manifest.questions.count if manifest.questions else 0
    results = manifest.pages.results if manifest.pages else 0
    if questions and results <= 5 * questions:
        say(
            f"note: --task 3 over {path.name}: it holds {results / questions:.1f} pages per question (a "
            "Task 1&2 file), so each question is served those, not 50; CRAG's Task 3 pages are in its "
            "crag_task_3_dev_v4.tar.bz2.part* files"
        )


def _manifest_summary(world: Path) -> dict[str, JsonValue]:
    """The manifest's fields a run records of its world (`WorldInfo`), those the manifest has."""
    from mockapi.formats.manifest import read_manifest_or_empty

    manifest = read_manifest_or_empty(world).model_dump(mode="json", exclude_unset=True)
    keys = ("kind", "scale", "seed", "split", "content_hash", "versions")
    return {k: manifest[k] for k in keys if k in manifest}


def set_server_env(url: str) -> None:
    """What a CRAG model reads: CRAG_SERVER (the original client) and CRAG_MOCK_API_URL (the baselines)."""
    os.environ["CRAG_SERVER"] = url
    os.environ["CRAG_MOCK_API_URL"] = url
