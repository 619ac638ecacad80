"""The Docker image, built for real from the Dockerfile, serving as its own non-root user.

No image registry is reachable and `podman run` cannot start containers on these machines (crun needs
cgroups and an RLIMIT_NOFILE it may not set), so everything a Docker engine would do is done here by hand,
and only here (the Dockerfile stays standard):
- the base image the Dockerfile's FROM names is made with `mmdebstrap` (Debian bookworm: its python3 is
  the same 3.11), with the host's CA bundle in it and `PIP_CERT` and `SSL_CERT_FILE` (uv's) pointing at it,
  its tar streamed into `podman import` under that name (apt's parallel downloads and one dpkg run: 24 CPU-s
  and no root file system written twice, where debootstrap took 180 s wall at load 10, at a4289b0);
- `podman build --isolation chroot --network host --pull=never --layers=false` builds the image with
  `SCALE=tiny` and `QUESTIONS=8` (the suite's small world, tests/small_world.py: every build stage, half a
  tiny build's CPU); without layer caching each stage is committed once, not once per instruction;
- a container is created (not started) and its root file system mounted (`podman mount`); the image's
  ENTRYPOINT runs in it with `chroot --userspec` as the image's USER, with the image's ENV, once over the
  baked world and once over a world bind-mounted read-only at /world (`docker run -v …:/world:ro`).
Podman's storage lives in a temp dir removed afterwards: nothing is cached between runs.
Needs root, podman and mmdebstrap (`.ci/run` installs them where apt-get exists); about two minutes.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_process import wait_healthy
from small_world import SMALL_QUESTIONS

# mmdebstrap, then PyPI inside the build: network waits that pytest's 600 s a test does not cover on a busy
# machine (the module's first test carries the image's setup)
pytestmark = [pytest.mark.slow, pytest.mark.docker, pytest.mark.timeout(1800)]

REPO = Path(__file__).resolve().parents[2]
SUITE = "bookworm"
MIRROR = "http://deb.debian.org/debian"  # debootstrap's default
BASE_PACKAGES = "python3,python3-venv,python-is-python3,ca-certificates"
HOST_CA = Path("/etc/ssl/certs/ca-certificates.crt")
TAG = "localhost/crag-mockapi-test:tiny"


def _missing() -> str | None:
    """Why the image cannot be built here, or None."""
    if os.geteuid() != 0:
        return "needs root (mmdebstrap, podman's storage, chroot, mount)"
    tools = [t for t in ("podman", "mmdebstrap", "chroot", "mount") if shutil.which(t) is None]
    return f"needs {', '.join(tools)} (apt-get install podman buildah mmdebstrap)" if tools else None


def base_image_name() -> str:
    """The Dockerfile's first FROM with its ARG defaults, fully qualified as Docker resolves it."""
    text = (REPO / "Dockerfile").read_text()
    args = dict(re.findall(r"^ARG (\w+)=(\S+)", text, re.M))
    image = re.sub(r"\$\{(\w+)\}", lambda m: args[m.group(1)], re.search(r"^FROM (\S+)", text, re.M)[1])  # type: ignore[index]
    return image if "/" in image else f"docker.io/library/{image}"


class Podman:
    """`podman` with its own storage under `root` (removed by the caller)."""

    def __init__(self, root: Path) -> None:
        self.prefix = ["podman", "--root", str(root / "storage"), "--runroot", str(root / "run"),
                       "--storage-driver", "overlay"]  # fmt: skip

    def __call__(self, *args: str, stdin: Any = None, timeout: float = 900) -> str:
        command = [*self.prefix, *args]
        done = subprocess.run(command, stdin=stdin, capture_output=True, text=True, timeout=timeout)
        assert done.returncode == 0, f"podman {' '.join(args[:3])}…: {done.stderr[-3000:]}"
        return done.stdout.strip()


@dataclass
class Image:
    podman: Podman
    workdir: Path
    seconds: dict[str, float]

    def config(self) -> dict[str, Any]:
        return dict(json.loads(self.podman("image", "inspect", TAG))[0]["Config"])


@pytest.fixture(scope="module")
def image() -> Iterator[Image]:
    reason = _missing()
    if reason:
        pytest.skip(reason)
    workdir = Path(tempfile.mkdtemp(prefix="crag-image-"))
    workdir.chmod(0o755)
    podman = Podman(workdir)
    seconds: dict[str, float] = {}
    try:
        started = time.perf_counter()
        # the host's CA bundle in the base: a TLS-inspecting network, where pip and uv in the build must trust
        # what the host trusts
        trust = [f"--customize-hook=copy-in {HOST_CA} /etc/ssl/certs"] if HOST_CA.is_file() else []
        log = workdir / "mmdebstrap.log"
        with open(log, "w") as errors:
            boot = subprocess.Popen(
                ["mmdebstrap", "--quiet", "--variant=minbase", f"--include={BASE_PACKAGES}", *trust,
                 "--format=tar", SUITE, "-", MIRROR],
                stdout=subprocess.PIPE, stderr=errors,
            )  # fmt: skip
            cert = "/etc/ssl/certs/ca-certificates.crt"
            changes = [f"--change=ENV {name}={cert}" for name in ("PIP_CERT", "SSL_CERT_FILE")]
            imported = subprocess.run(
                [*podman.prefix, "import", *changes, "-", base_image_name()],
                stdin=boot.stdout, capture_output=True, text=True, timeout=900,
            )  # fmt: skip
            assert boot.stdout is not None
            boot.stdout.close()
            if boot.wait(timeout=60) != 0:
                why = log.read_text()[-500:]
                pytest.skip(f"mmdebstrap {SUITE} failed (no Debian mirror reachable?): {why}")
        assert imported.returncode == 0, f"podman import: {imported.stderr[-3000:]}"
        seconds["base (mmdebstrap | podman import)"] = time.perf_counter() - started
        started = time.perf_counter()
        podman("build", "--isolation", "chroot", "--network", "host", "--pull=never", "--layers=false",
               "--format", "docker",
               "--build-arg", "SCALE=tiny", "--build-arg", f"QUESTIONS={SMALL_QUESTIONS}", "-t", TAG,
               str(REPO))  # fmt: skip
        seconds["build"] = time.perf_counter() - started
        yield Image(podman, workdir, seconds)
    finally:
        for args in (("umount", "--all"), ("rm", "--all", "--force"), ("rmi", "--all", "--force")):
            subprocess.run([*podman.prefix, *args], capture_output=True, timeout=300)
        shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture
def container(image: Image) -> Iterator[Path]:
    """The root file system of a fresh container of the image (writable, as a started container's is)."""
    name = image.podman("create", TAG)
    try:
        yield Path(image.podman("mount", name))
    finally:
        subprocess.run([*image.podman.prefix, "umount", name], capture_output=True)
        subprocess.run([*image.podman.prefix, "rm", "--force", name], capture_output=True)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _image_user(rootfs: Path, user: str) -> tuple[int, int, str]:
    """uid, gid and home of the image's USER, from the image's own /etc/passwd."""
    for line in (rootfs / "etc/passwd").read_text().splitlines():
        fields = line.split(":")
        if user in (fields[0], fields[2]):
            return int(fields[2]), int(fields[3]), fields[5]
    raise AssertionError(f"USER {user} is not in the image's /etc/passwd")


@contextmanager
def serve_entrypoint(image: Image, rootfs: Path) -> Iterator[tuple[str, float, int]]:
    """Run ENTRYPOINT + CMD as the image's USER in `rootfs`; yields (base URL, start-up seconds, uid)."""
    config = image.config()
    assert config.get("User") not in (None, "", "root", "0"), config.get("User")
    uid, gid, home = _image_user(rootfs, config["User"])
    port = _free_port()
    env = dict(item.split("=", 1) for item in config.get("Env", []))
    env["HOME"] = home
    # flags after the image name, as with `docker run IMAGE --port …`: loopback only, a free port
    command = [*config["Entrypoint"], *(config.get("Cmd") or []), "--host", "127.0.0.1", "--port", str(port)]
    started = time.perf_counter()
    server = subprocess.Popen(
        ["chroot", f"--userspec={uid}:{gid}", f"--groups={gid}", str(rootfs), *command],
        env=env, cwd="/", stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base, server)
        yield base, time.perf_counter() - started, _uid_of(server.pid)
    finally:
        server.send_signal(signal.SIGTERM)
        code = server.wait(timeout=30)
        assert code in (0, -signal.SIGTERM), code


def _uid_of(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"^Uid:\s+(\d+)", status, re.M)[1])  # type: ignore[index]


def check_serves(base: str) -> None:
    """A KG route (/meta's example body), free-text /web/search (the index) and /web/get_page answer."""
    examples = httpx.get(f"{base}/meta", timeout=30).json()["examples"]
    path, body = next((p, b) for p, b in examples.items() if p.startswith("/movie/"))
    assert httpx.post(f"{base}{path}", json=body, timeout=30).json()["result"] not in (None, [])
    query = {"query": "price", "k": 3, "include_html": False}
    search = httpx.post(f"{base}/web/search", json=query, timeout=60)
    hits = search.json()["result"]
    assert search.status_code == 200 and len(hits) == 3, search.text[:300]
    page = httpx.post(f"{base}/web/get_page", json={"url": hits[0]["page_url"]}, timeout=30).json()["result"]
    assert page["page_url"] == hits[0]["page_url"] and page["page_result"]


def test_the_image_serves_its_baked_world_as_its_user(image: Image, container: Path) -> None:
    world = container / "world"
    assert not (world / "questions.duckdb").exists()  # gold answers stay out unless WITH_QUESTIONS=1
    assert {p.stat().st_uid for p in [world, *world.rglob("*")]} == {0}  # root-owned: the user cannot write
    # the image's venv holds the server's extra only; the world builder's (pandas, Faker) stayed in its stage
    site = next((container / "opt/venv/lib").glob("python3*/site-packages"))
    assert (site / "duckdb").is_dir() and not (site / "pandas").exists() and not (site / "faker").exists()
    with serve_entrypoint(image, container) as (base, startup, uid):
        check_serves(base)
    assert uid == _image_user(container, image.config()["User"])[0] != 0
    size = int(json.loads(image.podman("image", "inspect", TAG))[0]["Size"])
    base_size = int(json.loads(image.podman("image", "inspect", base_image_name()))[0]["Size"])
    timings = ", ".join(f"{k} {v:.0f} s" for k, v in image.seconds.items())
    added = f"{(size - base_size) / 1e6:.0f} MB over the {base_size / 1e6:.0f} MB Debian base"
    print(f"\nimage {size / 1e6:.0f} MB ({added}); {timings}; /health after {startup:.2f} s (baked world)")


def test_the_image_serves_a_read_only_mounted_world(image: Image, container: Path, tiny_world: Path) -> None:
    """`docker run -v /srv/world:/world:ro IMAGE`: a root-owned, read-only world bind-mounted over /world."""
    source = image.workdir / "mounted-world"
    shutil.copytree(tiny_world, source)
    for path in [source, *source.rglob("*")]:
        os.chown(path, 0, 0)
        path.chmod(path.stat().st_mode & ~0o222)
    target = str(container / "world")
    bind = subprocess.run(["mount", "--bind", str(source), target], capture_output=True, text=True)
    if bind.returncode != 0:
        pytest.skip(f"cannot bind-mount here: {bind.stderr.strip()}")
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", target], check=True)
        assert (container / "world" / "questions.duckdb").exists()  # the mounted world, not the baked one
        with serve_entrypoint(image, container) as (base, startup, _uid):
            check_serves(base)
        print(f"\n/health {startup:.2f} s after start (tiny world bind-mounted read-only)")
    finally:
        subprocess.run(["umount", target], check=True)
