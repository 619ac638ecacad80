"""The world builder as a user drives it: determinism, idempotence, atomicity and one-line errors."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from small_world import SMALL_BUILD, SMALL_QUESTIONS

from mockapi.core.paths import INDEX_DIR, MANIFEST, WEB_SERVING_DIR, is_complete
from mockapi.formats.manifest import Manifest
from mockapi.world.build import build_world

CLI = [sys.executable, "-m", "mockapi.cli"]


def crag_mock(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, env=env, timeout=300)


@pytest.fixture(scope="module")
def rebuilt(small_world: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Manifest]:
    """The session's small world as a version before web_serving/ left it, built again: one build shared by
    the determinism test and the derived-folder test. Built with 2 helpers (the session's worlds in one
    process, TINY_JOBS = 1): so it also shows that --jobs 2 builds the same world
    (tests/world/test_build_jobs.py builds with 3). Small worlds (tests/small_world.py): the same stages as
    the tiny world's, half the CPU."""
    world = tmp_path_factory.mktemp("rebuilt") / "old"
    shutil.copytree(small_world, world, ignore=shutil.ignore_patterns(WEB_SERVING_DIR))
    return world, build_world("tiny", 0, world, jobs=2, questions=SMALL_QUESTIONS)


@pytest.mark.slow  # its fixture builds the small world again
def test_same_seed_gives_same_content_hash(small_world: Path, rebuilt: tuple[Path, Manifest]) -> None:
    again = rebuilt[1]
    first = json.loads((small_world / MANIFEST).read_text())
    assert again.content_hash == first["content_hash"]
    assert again.kg is not None and again.kg.tables == first["kg"]["tables"]
    assert not (rebuilt[0] / "passages").exists()  # left to their first use (mockapi/retrieve/ensure.py)


@pytest.mark.slow  # builds a small world of seed 1
def test_other_seed_gives_other_hash(small_world: Path, tmp_path: Path) -> None:
    # in one process, as the session's worlds (tests/conftest.py, TINY_JOBS: helpers add CPU in the suite)
    other = build_world("tiny", 1, tmp_path / "seed1", jobs=1, questions=SMALL_QUESTIONS)
    first = json.loads((small_world / MANIFEST).read_text())
    assert other.content_hash != first["content_hash"]


def test_rebuild_with_same_inputs_is_a_no_op(tiny_world: Path) -> None:
    before = (tiny_world / MANIFEST).stat().st_mtime_ns
    build_world("tiny", 0, tiny_world)
    assert (tiny_world / MANIFEST).stat().st_mtime_ns == before


def test_info_json_shows_every_domain_and_the_hash(tiny_world: Path) -> None:
    result = crag_mock("info", "--data", str(tiny_world), "--json")
    assert result.returncode == 0, result.stderr
    manifest = json.loads(result.stdout)
    assert set(manifest["kg"]["entities_per_domain"]) == {"finance", "sports", "music", "movie", "open"}
    assert all(n > 0 for n in manifest["kg"]["entities_per_domain"].values())
    assert manifest["kg"]["min_lookalikes_per_target"] >= 30
    assert manifest["kg"]["hard_negative_ratio"] < 1 / 30
    assert manifest["content_hash"].startswith("sha256:")


def test_unknown_scale_is_a_one_line_error(tmp_path: Path) -> None:
    result = crag_mock("build", "--scale", "huge", "--data", str(tmp_path / "w"))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1] == (
        "crag-mock build: error: unknown scale 'huge': choose one of tiny, default, full"
    )
    assert not (tmp_path / "w").exists()


def test_unwritable_data_dir_is_a_one_line_error(tmp_path: Path) -> None:
    # /proc refuses new directories even to root, so this holds wherever the tests run
    result = crag_mock("build", "--scale", "tiny", "--data", "/proc/self/crag-world/w")
    assert result.returncode == 2
    assert "pass a writable --data DIR" in result.stderr
    assert "Traceback" not in result.stderr


def test_unwritable_parent_is_a_one_line_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    result = crag_mock("build", "--scale", "tiny", "--data", str(blocker / "w"))
    assert result.returncode == 2
    errors = [line for line in result.stderr.splitlines() if "error" in line]
    assert len(errors) == 1  # one error line (the status line before it may wrap)
    assert "pass a writable --data DIR" in result.stderr


def test_info_without_a_world_says_how_to_make_one(tmp_path: Path) -> None:
    half = tmp_path / "half"
    (half).mkdir()
    (half / "kg.duckdb").write_bytes(b"")  # a directory that looks like a world but has no manifest
    result = crag_mock("info", "--data", str(half))
    assert result.returncode == 2
    assert "crag-mock build --data" in result.stderr


def test_killed_build_leaves_no_world_and_is_cleaned_up(tmp_path: Path) -> None:
    target = tmp_path / "w"
    proc = subprocess.Popen([*CLI, "build", *SMALL_BUILD, "--data", str(target)], stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob(".w.building-*")) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert not is_complete(target)
    assert not target.exists()
    assert crag_mock("info", "--data", str(target)).returncode == 2
    # the next build removes the dead build's temp dir and completes (in one process, as TINY_JOBS)
    assert crag_mock("build", *SMALL_BUILD, "--jobs", "1", "--data", str(target)).returncode == 0
    assert is_complete(target)
    assert not list(tmp_path.glob(".w.building-*"))


def test_terminated_build_removes_its_staging_dir_at_once(tmp_path: Path) -> None:
    """SIGTERM (kill, docker stop, a CI timeout) ends a build with one line, exit 143, its temp dir gone."""
    target = tmp_path / "w"
    proc = subprocess.Popen(
        [*CLI, "build", *SMALL_BUILD, "--data", str(target)], stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob(".w.building-*")) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    proc.send_signal(signal.SIGTERM)
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 143, stderr
    assert stderr.strip().splitlines()[-1] == "crag-mock build: terminated"
    assert not list(tmp_path.glob(".w.building-*"))
    assert not target.exists()


def test_a_world_without_web_tables_is_rebuilt_with_them(
    small_world: Path, rebuilt: tuple[Path, Manifest]
) -> None:
    """A world from before web_serving/ existed gets it on the next build (and the same content hash)."""
    world, manifest = rebuilt
    assert (world / WEB_SERVING_DIR / "meta.json").is_file()
    assert manifest.content_hash == json.loads((small_world / MANIFEST).read_text())["content_hash"]


@pytest.mark.slow  # its fixture builds the small world again
def test_the_full_text_index_is_the_same_written_beside_the_web_tables(
    small_world: Path, rebuilt: tuple[Path, Manifest]
) -> None:
    """With helpers (the rebuild) the index is written in a thread beside the web tables, with one process
    (the session's world) before them: the same segments. tantivy names a segment by a random id, so the
    files are compared by kind (the part after the dot)."""

    def segments(world: Path) -> dict[str, list[bytes]]:
        files: dict[str, list[bytes]] = {}
        for path in sorted((world / INDEX_DIR).iterdir()):
            if path.suffix and not path.name.startswith("."):  # not meta.json's ids, nor tantivy's locks
                files.setdefault(path.suffix, []).append(path.read_bytes())
        return {kind: sorted(blobs) for kind, blobs in files.items() if kind != ".json"}

    served = segments(small_world)
    assert served.keys() >= {".idx", ".store", ".term"}
    assert served == segments(rebuilt[0])
