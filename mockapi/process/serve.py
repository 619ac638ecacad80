"""`crag-mock serve`: find (or, for the default location, build) the world, bind the port, then serve it.

Without `--data` the default world under $CRAG_MOCK_HOME is built on first use. `--data DIR` never builds by
surprise (a typo would otherwise get a whole world built at the typo): only an absent or empty DIR, and only
with `--build` or a "yes" on a terminal. `--data FILE` serves a CRAG dataset file (converted once, see
process/dataset_world.py). The port is bound before the banner, so a taken port is one line, not a late log.

Settings (mockapi/config/settings.py: the flags are generated from it) travel to the app through `CRAG_MOCK_*`
environment variables and the `app_from_env` factory, so `--workers N` works: each worker process builds
the same Settings and opens the store read-only.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import socket
import sys
import time
from collections.abc import Iterator
from contextlib import nullcontext
from pathlib import Path

from mockapi.config.flags import add_setting_flags, given, setting_flags, worker_env
from mockapi.config.settings import Settings, load_settings
from mockapi.core.paths import PAGES_DB, is_complete, world_dir
from mockapi.core.user_error import UserError
from mockapi.process.listen import bind, port_number
from mockapi.serving.stale import refuse_stale
from mockapi.sim.config import load_sim_config
from mockapi.world.context import add_split_argument

SERVE_FLAGS = setting_flags()
DATASET_NAME = re.compile(r"\.(jsonl|json|bz2|tar|part\d+)$")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Every flag of `crag-mock serve`, the simulation flags included."""
    add = parser.add_argument
    add(
        "--data",
        help="a world directory, or a CRAG dataset file (.jsonl[.bz2], .tar.bz2[.partN]) to serve "
        "(default: $CRAG_MOCK_HOME/<scale> or ~/.cache/crag-mockapi/<scale>, built on first use)",
    )
    add("--build", action="store_true", help="build a world at --data DIR when DIR is absent or empty")
    add("--no-cache", action="store_true", help="--data FILE: convert into a temporary dir removed at exit")
    add(
        "--admin-token-file",
        type=Path,
        metavar="F",
        help="read the admin token from F (as CRAG_MOCK_ADMIN_TOKEN does from the environment): "
        "--admin-token shows in `ps`",
    )
    add("--scale", default="default", help="world to build when none exists (default: default)")
    add(
        "--questions",
        type=int,
        metavar="N",
        help="with --build: N questions instead of the scale's, over the scale's KG (as `crag-mock build`); "
        "needs --data unless --split train",
    )
    parser.add_argument("--seed", type=int, default=0, help="world seed (default: 0)")
    add_split_argument(parser)
    parser.add_argument("--host", default="127.0.0.1", help="bind address (default: 127.0.0.1)")
    parser.add_argument("--port", type=port_number, default=8000, help="port 1..65535 (default: 8000)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default: 1)")
    parser.add_argument("--log-level", default="warning", help="uvicorn log level (default: warning)")
    add_setting_flags(parser, SERVE_FLAGS)  # --task, --search and the simulation flags (config/settings.py)


def ensure_world(args: argparse.Namespace) -> Path:
    """The world dir to serve; built first (with a progress line) only where building was asked for."""
    target = world_dir(args.data, args.scale, args.seed, args.split)
    if is_complete(target):
        return target
    if args.data is not None:
        _check_may_build(target, args)
    from mockapi.world.build import build_world
    from mockapi.world.progress import status

    what = f"the {args.scale} {args.split} world (seed {args.seed})"
    with status(f"no world at {target}: building {what}") as progress:
        build_world(args.scale, args.seed, target, progress, split=args.split, questions=args.questions)
    return target


def _check_may_build(target: Path, args: argparse.Namespace) -> None:
    """A UserError unless building at the user's `--data DIR` is safe (absent or empty) and was asked for."""
    questions = "" if args.questions is None else f" --questions {args.questions}"
    build = f"crag-mock build --scale {args.scale}{questions} --data {target}"
    if not target.exists() and DATASET_NAME.search(target.name):
        raise UserError(f"--data {target}: no such file (a CRAG dataset file or a world directory)")
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise UserError(
            f"no world at {target} (no manifest.json, and it is not empty); build one with `{build}`"
        )
    if args.build or _confirmed(f"no world at {target}: build the {args.scale} world there? [y/N] "):
        return
    raise UserError(f"no world at {target}; build one with `{build}` or add --build")


def _confirmed(question: str) -> bool:
    """Ask on a terminal; anywhere else (scripts, CI, nohup) the answer is no."""
    if not (sys.stdin.isatty() and sys.stderr.isatty()):
        return False
    print(question, end="", file=sys.stderr, flush=True)
    return sys.stdin.readline().strip().lower() in ("y", "yes")


@contextlib.contextmanager
def served_world(args: argparse.Namespace) -> Iterator[Path]:
    """The world for the duration of the server: a dataset file's converted world, or a world dir."""
    data = Path(args.data).expanduser() if args.data is not None else None
    if data is not None and data.is_file():
        from mockapi.process.dataset_world import dataset_world

        with dataset_world(data, cache=not args.no_cache, say=_say) as world:
            yield world
        return
    yield ensure_world(args)


def _say(message: str) -> None:
    print(message, file=sys.stderr)


def serve_settings(args: argparse.Namespace, world: Path | None = None) -> Settings:
    """The settings the flags give over the `CRAG_MOCK_*` environment, checked (one-line UserError), the
    simulation specs included."""
    values = {**given(args, SERVE_FLAGS), **token_from_file(args)}
    settings = load_settings({**values, **({} if world is None else {"world": world})})
    load_sim_config(settings)
    return settings


def token_from_file(args: argparse.Namespace) -> dict[str, str]:
    """`--admin-token-file F`: the token in F (its first line), which no process listing shows (also read by
    `crag-mock mcp`)."""
    path = getattr(args, "admin_token_file", None)
    if path is None:
        return {}
    if getattr(args, "admin_token", None) is not None:
        raise UserError("give --admin-token or --admin-token-file, not both")
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"--admin-token-file {path}: {getattr(exc, 'strerror', None) or exc}") from None
    token = lines[0].strip() if lines else ""
    if not token:
        raise UserError(f"--admin-token-file {path} is empty")
    return {"admin_token": token}


def settings_env(args: argparse.Namespace, world: Path) -> dict[str, str]:
    """The `CRAG_MOCK_*` variables every worker reads (each simulates and journals its own share)."""
    return worker_env(serve_settings(args, world))


def run(args: argparse.Namespace) -> int:
    """Find or build the world, bind the port, print where to look, and serve until interrupted."""
    if args.workers < 1:
        raise UserError(f"--workers must be at least 1, got {args.workers}")
    # as `crag-mock build`: the default folder of dev or test is the scale's own world; a train world has no
    # size of its own (its folder is <scale>-train)
    if args.questions is not None and args.data is None and args.split != "train":
        raise UserError(
            "--questions needs --data DIR (or --split train): a world of another size than its scale's"
        )
    settings = serve_settings(args)  # check the flags before a (possibly long) world build
    sock = bind(args.host, args.port)  # a taken port fails here, before any build or banner
    # uvicorn re-raises a SIGTERM it caught once it has shut down; as an exception it lets the `finally`
    # blocks run (a --no-cache temp world is removed, the socket closed) instead of killing the process,
    # which then exits 0: it was asked to stop and did (what Docker and the deploy test expect).
    signal.signal(signal.SIGTERM, _terminated)
    try:
        with served_world(args) as world:
            refuse_stale(world)  # one line, before uvicorn: a route would fail on every request
            _passages(world)
            os.environ.update(settings_env(args, world))
            _serve(args, settings, world, sock)
    finally:
        sock.close()
    return 0


def _passages(world: Path) -> None:
    """POST /retrieve's passages, made once here when the world was built without them (a build leaves
    them out: mockapi/retrieve/ensure.py), so the workers share them and no request waits for them."""
    from mockapi.retrieve.build import read_info
    from mockapi.retrieve.ensure import ensure_passages

    if read_info(world) is None and (world / PAGES_DB).is_file():
        _say(f"indexing the passages of POST /retrieve into {world / 'passages'} (once)")
        if ensure_passages(world) is None:  # a read-only world: every other route serves
            _say(f"  not writable: /retrieve answers 503 until `python -m mockapi.retrieve --data {world}`")


def _terminated(_signum: int, _frame: object) -> None:
    raise SystemExit(0)


def _serve(args: argparse.Namespace, settings: Settings, world: Path, sock: socket.socket) -> None:
    from mockapi.observe.metrics import multiproc_dir

    base = f"http://{args.host}:{args.port}"
    started = time.perf_counter()
    print(f"serving {world} on {base} (docs: {base}/docs, try-it bodies: {base}/meta)", file=sys.stderr)
    print(f"  CRAG_SERVER={base} (original client), CRAG_MOCK_API_URL={base} (baselines)", file=sys.stderr)
    # workers share their metrics through files in a fresh directory (mockapi/observe/metrics.py)
    shared_metrics = multiproc_dir() if settings.metrics == "on" and args.workers > 1 else nullcontext()
    try:
        with shared_metrics:
            _run_uvicorn(args, settings, sock)
    finally:
        print(f"stopped after {time.perf_counter() - started:.0f}s", file=sys.stderr)


def _run_uvicorn(args: argparse.Namespace, settings: Settings, sock: socket.socket) -> None:
    import uvicorn

    from mockapi.process.guard import GuardedHTTP
    from mockapi.process.memory import return_large_buffers

    return_large_buffers()  # freed response buffers go back to the system (memory.py)

    uvicorn.run(
        "mockapi.http.app:app_from_env",
        factory=True,
        fd=sock.fileno(),  # the socket bound above; uvicorn (and each of --workers N) accepts on it
        workers=args.workers,
        # one socket write per response (batched_writes.py), head/body timeouts, a 32 KiB head cap and a
        # connection cap below the descriptor limit (guard.py)
        http=GuardedHTTP,
        log_level=args.log_level,
        access_log=False,
        # the app applies X-Forwarded-For from the proxies `--forwarded-allow-ips` names (none by default:
        # uvicorn would trust loopback, and inside a container or behind a port forwarder every client
        # can arrive from loopback); mockapi/observe/middleware.py
        proxy_headers=False,
        # after SIGTERM and --drain-delay (mockapi/observe/drain.py): in-flight requests get this long
        timeout_graceful_shutdown=settings.drain_timeout,
        # uvicorn's 5 s default closes idle keep-alive connections that load balancers (60 s idle) and
        # busy clients still reuse: the next request meets a closed socket (ReadError/502). Outlive them.
        timeout_keep_alive=75,
    )
