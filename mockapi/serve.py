"""`crag-mock serve`: build the world if there is none, then serve it with uvicorn.

Settings travel to the app through `CRAG_MOCK_*` environment variables and the `app_from_env` factory, so
`--workers N` works: each worker process builds the same Settings and opens the store read-only.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from mockapi.errors import UserError
from mockapi.paths import is_complete, world_dir
from mockapi.sim.flags import add_sim_arguments, sim_env
from mockapi.world.context import add_split_argument


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Every flag of `crag-mock serve`, the simulation flags included."""
    add = parser.add_argument
    add("--data", help="world directory (default: $CRAG_MOCK_HOME/<scale> or ~/.cache/crag-mockapi)")
    add("--scale", default="default", help="world to build when none exists (default: default)")
    parser.add_argument("--seed", type=int, default=0, help="world seed (default: 0)")
    add_split_argument(parser)
    parser.add_argument("--host", default="127.0.0.1", help="bind address (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default: 1)")
    add("--task", type=int, choices=(1, 2, 3), help="serve as CRAG task 1, 2 or 3 (default: all)")
    parser.add_argument("--log-level", default="warning", help="uvicorn log level (default: warning)")
    add_sim_arguments(parser)


def ensure_world(args: argparse.Namespace) -> Path:
    """The world dir; built first (with a progress line) when it does not exist yet."""
    target = world_dir(args.data, args.scale, args.seed, args.split)
    if is_complete(target):
        return target
    from mockapi.world.build import build_world
    from mockapi.world.progress import status

    what = f"the {args.scale} {args.split} world (seed {args.seed})"
    with status(f"no world at {target}: building {what}") as progress:
        build_world(args.scale, args.seed, target, progress, split=args.split)
    return target


def settings_env(args: argparse.Namespace, world: Path) -> dict[str, str]:
    """The `CRAG_MOCK_*` variables every worker reads (see mockapi.settings.Settings)."""
    env = {"CRAG_MOCK_WORLD": str(world)}
    if args.task is not None:
        env["CRAG_MOCK_TASK"] = str(args.task)
    env.update(sim_env(args))  # each worker simulates (and journals) its own share of the requests
    return env


def run(args: argparse.Namespace) -> int:
    """Build if needed, print where to look, and serve until interrupted."""
    import uvicorn

    if args.workers < 1:
        raise UserError(f"--workers must be at least 1, got {args.workers}")
    sim_env(args)  # check the simulation flags before a (possibly long) world build
    world = ensure_world(args)
    os.environ.update(settings_env(args, world))
    base = f"http://{args.host}:{args.port}"
    started = time.perf_counter()
    print(f"serving {world} on {base} (docs: {base}/docs, try-it bodies: {base}/meta)", file=sys.stderr)
    print(f"  CRAG_SERVER={base} (original client), CRAG_MOCK_API_URL={base} (baselines)", file=sys.stderr)
    uvicorn.run(
        "mockapi.app:app_from_env",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level=args.log_level,
        access_log=False,
        # uvicorn's 5 s default closes idle keep-alive connections that load balancers (60 s idle) and busy
        # clients still reuse: their next request meets a closed socket (ReadError/502). Outlive them.
        timeout_keep_alive=75,
    )
    print(f"stopped after {time.perf_counter() - started:.0f}s", file=sys.stderr)
    return 0
