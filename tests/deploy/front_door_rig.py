"""nginx with the reference front door (deploy/nginx) and `crag-mock serve` replicas, on loopback: shared by
tests/deploy/test_front_door.py and bench/bench_scaleout.py."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import httpx
from server_process import free_port

ROOT = Path(__file__).resolve().parents[2]
NGINX_DIR = ROOT / "deploy" / "nginx"
START_DEADLINE_S = 120.0  # a guard against a hung start, not a speed check


def nginx_binary() -> str | None:
    """Debian's nginx (in /usr/sbin, which is not on every PATH), or None."""
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")


def render_module() -> ModuleType:
    """deploy/nginx/render.py (a script, not a package)."""
    spec = importlib.util.spec_from_file_location("crag_nginx_render", NGINX_DIR / "render.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass
class Replica:
    port: int
    proc: subprocess.Popen[bytes]

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@contextmanager
def replicas(world: Path, count: int, *flags: str) -> Iterator[list[Replica]]:
    """`count` `crag-mock serve` processes over `world`, started together, trusting loopback as their proxy
    (nginx's X-Team and X-Forwarded-For)."""
    started = []
    try:
        for _ in range(count):
            port = free_port()
            cmd = [sys.executable, "-m", "mockapi.cli", "serve", "--data", str(world), "--port", str(port),
                   "--forwarded-allow-ips", "127.0.0.1", *flags]  # fmt: skip
            proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            started.append(Replica(port, proc))
        for replica in started:
            _wait(f"{replica.base}/readyz", replica.proc)
        yield started
    finally:
        for replica in started:
            if replica.proc.poll() is None:
                replica.proc.terminate()
        for replica in started:
            replica.proc.wait(timeout=60)


@dataclass
class FrontDoor:
    base: str
    access_log: Path
    error_log: Path
    proc: subprocess.Popen[bytes]
    tls_base: str | None = None

    def log_lines(self) -> list[str]:
        return self.access_log.read_text().splitlines() if self.access_log.exists() else []


def nginx_conf(workdir: Path, includes: list[Path]) -> Path:
    """A top-level nginx.conf for a throwaway nginx in the foreground, everything under `workdir`, sized as
    docs/deploy.md says (render.py's WORKER_CONNECTIONS and RLIMIT_NOFILE)."""
    render = render_module()
    lines = [
        "daemon off;",
        "worker_processes 1;",
        f"worker_rlimit_nofile {render.RLIMIT_NOFILE};",
        f"pid {workdir}/nginx.pid;",
        f"error_log {workdir}/error.log warn;",
        f"events {{ worker_connections {render.WORKER_CONNECTIONS}; }}",
        "http {",
        *(f"    {kind}_temp_path {workdir}/{kind}_temp;" for kind in ("client_body", "proxy", "fastcgi",
                                                                    "uwsgi", "scgi")),
        *(f"    include {path};" for path in includes),
        "}",
    ]  # fmt: skip
    conf = workdir / "nginx.conf"
    conf.write_text("\n".join(lines) + "\n")
    return conf


@contextmanager
def front_door(
    workdir: Path, upstream_ports: list[int], teams: dict[str, str], tls: tuple[Path, Path] | None = None,
    **settings: str,
) -> Iterator[FrontDoor]:  # fmt: skip
    """nginx on a free loopback port with the reference config rendered into `workdir`; `teams`: key ->
    team; `tls`: (cert, key) to include the TLS server too (its port in settings["CRAG_TLS_LISTEN"])."""
    nginx = nginx_binary()
    assert nginx is not None
    conf_dir = workdir / "crag"
    conf_dir.mkdir(parents=True, exist_ok=True)
    (conf_dir / "teams.map").write_text("".join(f'"{key}" {team};\n' for key, team in teams.items()))
    (conf_dir / "upstream.conf").write_text(
        "".join(f"server 127.0.0.1:{port} max_fails=1 fail_timeout=10s;\n" for port in upstream_ports)
    )
    port = free_port()
    access_log = workdir / "access.log"
    values = {"CRAG_LISTEN": f"127.0.0.1:{port}", "CRAG_ACCESS_LOG": str(access_log), **settings}
    if tls is not None:
        values |= {"CRAG_TLS_CERT": str(tls[0]), "CRAG_TLS_KEY": str(tls[1])}
    render_module().render(conf_dir, **values)
    includes = [conf_dir / "front-door.conf", *([conf_dir / "tls-server.conf"] if tls else [])]
    conf = nginx_conf(workdir, includes)
    checked = subprocess.run([nginx, "-t", "-c", str(conf)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    with ExitStack() as stack:
        proc = subprocess.Popen([nginx, "-c", str(conf)], stderr=subprocess.DEVNULL)
        stack.callback(_stop, proc)
        tls_base = f"https://{values['CRAG_TLS_LISTEN']}" if tls is not None else None
        door = FrontDoor(f"http://127.0.0.1:{port}", access_log, workdir / "error.log", proc, tls_base)
        _wait(f"{door.base}/", proc, ok=(401,))
        yield door


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
    proc.wait(timeout=30)


def _wait(url: str, proc: subprocess.Popen[bytes], ok: tuple[int, ...] = (200,)) -> None:
    started = time.monotonic()
    while time.monotonic() - started < START_DEADLINE_S:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args!r} exited with {proc.returncode}")
        try:
            if httpx.get(url, timeout=2).status_code in ok:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"{url} did not answer within {START_DEADLINE_S:.0f} s")
