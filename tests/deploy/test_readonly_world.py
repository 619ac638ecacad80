"""A world in a read-only directory owned by someone else serves: the image's and the `:ro` mount's case.

The world is a copy of the tiny world, `chmod -R a-w`, owned by root; the server runs as uid/gid 65534
(nobody) with no supplementary groups, from an interpreter that user can reach. KG, `/web/search` (the
tantivy index) and `/web/get_page` must answer, and the world must be left exactly as it was.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_process import wait_healthy

from mockapi.core.paths import INDEX_DIR
from mockapi.web.index import build_page_index

NOBODY = 65534


def _reachable(path: Path) -> bool:
    """Can any user traverse to `path` (o+x on it and every parent)?"""
    return all(p.stat().st_mode & stat.S_IXOTH for p in [path, *path.parents] if p.exists())


def _interpreter_for_nobody(workdir: Path) -> Path | None:
    """A python nobody can run that imports this checkout: ours when reachable (a CI venv on a system
    python), else a `--without-pip` venv on the system python of the same version that adds our venv's
    site-packages (a venv on a pyenv python under a 0700 /root). None when neither works."""
    site = Path(sysconfig.get_paths()["purelib"])
    if not _reachable(site):
        return None
    if _reachable(Path(sys.base_prefix)):
        return Path(sys.executable)
    system = Path(f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}")
    if not system.is_file():
        return None
    venv = workdir / "venv"
    made = subprocess.run([str(system), "-m", "venv", "--without-pip", str(venv)], capture_output=True)
    if made.returncode != 0:
        return None
    python = venv / "bin" / "python"
    target = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                            capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    # an `import` line in a .pth runs at start-up; addsitedir also runs our venv's own .pth (editable install)
    (Path(target) / "zz_crag_dev.pth").write_text(f"import site; site.addsitedir({str(site)!r})\n")
    return python


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _listing(root: Path) -> dict[str, tuple[int, int, int]]:
    """Every path below `root` with its mode, size and mtime: any write into the world changes it."""
    out = {}
    for path in sorted([root, *root.rglob("*")]):
        info = path.lstat()
        out[str(path.relative_to(root))] = (info.st_mode, info.st_size, info.st_mtime_ns)
    return out


@pytest.fixture(scope="module")
def workdir() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="crag-ro-"))
    path.chmod(0o755)  # pytest's own tmp root is 0700: nobody could not reach the world
    yield path
    for sub in [path, *path.rglob("*")]:
        if sub.is_dir() and not sub.is_symlink():
            sub.chmod(0o755)  # give write back so the copy can be removed
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def readonly_world(tiny_world: Path, workdir: Path) -> Path:
    world = workdir / "world"
    shutil.copytree(tiny_world, world)
    for path in [world, *world.rglob("*")]:
        os.chown(path, 0, 0, follow_symlinks=False) if os.geteuid() == 0 else None
        path.chmod(stat.S_IMODE(path.stat().st_mode) & ~0o222)
    return world


def test_the_index_is_written_readable_by_others_and_without_locks(tmp_path: Path, tiny_world: Path) -> None:
    world = tmp_path / "w"
    world.mkdir()
    shutil.copy(tiny_world / "pages.duckdb", world / "pages.duckdb")
    old = os.umask(0o027)
    try:
        build_page_index(world)
    finally:
        os.umask(old)
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in (world / INDEX_DIR).iterdir()}
    assert {"meta.json", ".managed.json"} <= set(modes)
    assert set(modes.values()) == {0o640}, modes  # the umask decides, not tantivy's 0600
    assert not [name for name in modes if name.endswith(".lock")]


def test_serving_leaves_a_writable_world_untouched(tiny_world: Path, tmp_path: Path, serve_world) -> None:  # type: ignore[no-untyped-def]
    world = tmp_path / "tiny"
    shutil.copytree(tiny_world, world)
    before = _listing(world)
    base = serve_world(world)
    found = httpx.post(f"{base}/web/search", json={"query": "price", "k": 3, "include_html": False}).json()
    assert len(found["result"]) == 3
    assert _listing(world) == before


def test_serves_a_read_only_root_owned_world_as_nobody(readonly_world: Path, workdir: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("needs root: to own the world as root and start the server as uid 65534")
    python = _interpreter_for_nobody(workdir)
    if python is None:
        pytest.skip(f"no python uid {NOBODY} can run with this checkout's packages (venv under a 0700 dir)")
    before = _listing(readonly_world)
    port = _free_port()
    server = subprocess.Popen(
        [str(python), "-m", "mockapi.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--data", str(readonly_world)],
        env={"PATH": "/usr/bin:/bin", "HOME": str(workdir), "PYTHONDONTWRITEBYTECODE": "1"},
        cwd="/", user=NOBODY, group=NOBODY, extra_groups=[],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base, server)
        examples = httpx.get(f"{base}/meta", timeout=30).json()["examples"]
        path, body = next((p, b) for p, b in examples.items() if p.startswith("/movie/"))
        assert httpx.post(f"{base}{path}", json=body, timeout=30).json()["result"] not in (None, [])
        # free text goes through the tantivy index, the part that needed a lock file
        search = httpx.post(f"{base}/web/search", json={"query": "price", "k": 3, "include_html": False})
        hits = search.json()["result"]
        assert search.status_code == 200 and len(hits) == 3, search.text[:300]
        page = httpx.post(f"{base}/web/get_page", json={"url": hits[0]["page_url"]}, timeout=30).json()
        assert page["result"]["page_url"] == hits[0]["page_url"] and page["result"]["page_result"]
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    assert _listing(readonly_world) == before


def test_duckdb_never_spills_into_the_world(tiny_world: Path) -> None:
    """DuckDB's default temp directory is `<file>.tmp` beside the database: under memory pressure it would
    write there. The server's connections turn spilling off instead."""
    from mockapi.serving.kgstore import KGStore
    from mockapi.web.evidence import EvidenceLabels
    from mockapi.web.tables_build import open_pages

    # the page store itself holds no connection: a world without web_serving/ has it built through open_pages
    kg, labels, pages = (
        KGStore(tiny_world / "kg.duckdb"),
        EvidenceLabels(tiny_world),
        open_pages(tiny_world / "pages.duckdb"),
    )
    try:
        cons = [kg.con, labels._questions, labels._pages, pages]
        settings = [con.execute("SELECT current_setting('temp_directory')").fetchone() for con in cons]
        assert settings == [("",)] * len(cons)
    finally:
        for store in (kg, labels, pages):
            store.close()
