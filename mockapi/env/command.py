"""`crag-mock env [--data DIR] [--port N] [--task 1|2|3] …`: serve a world as an OpenEnv environment."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from mockapi.core.user_error import UserError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from mockapi.process.listen import port_number
    from mockapi.world.context import add_split_argument

    parser.add_argument("--data", help="a world directory (default: $CRAG_MOCK_HOME/<scale>)")
    parser.add_argument("--scale", default="default", help="which named world when --data is not given")
    parser.add_argument(
        "--seed", type=int, default=0, help="the world's seed, and the server's question draws"
    )
    add_split_argument(parser)
    parser.add_argument("--task", type=int, choices=(1, 2, 3), help="the CRAG task's tools (1: web only)")
    parser.add_argument("--host", default="127.0.0.1", help="bind address (127.0.0.1)")
    parser.add_argument("--port", type=port_number, default=8010, help="port (8010)")
    parser.add_argument("--max-tool-calls", type=_positive, default=10, metavar="N", help="per episode (10)")
    parser.add_argument("--seconds", type=float, metavar="S", help="per episode, reset to answer (no limit)")
    parser.add_argument(
        "--max-concurrent-envs", type=_positive, default=8, metavar="N", help="WebSocket sessions at once (8)"
    )


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, got {value}")
    return value


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from mockapi.config.settings import load_settings
    from mockapi.core.paths import is_complete, world_dir
    from mockapi.env.app import create_env_app
    from mockapi.env.episode import Budget

    world: Path = world_dir(args.data, args.scale, args.seed, args.split)
    if not is_complete(world):
        raise UserError(f"no complete world at {world}; build one with `crag-mock build --data {world}`")
    values: dict[str, Any] = {"world": world, "task": args.task, "trust_client_id": True}
    budget = Budget(max_tool_calls=args.max_tool_calls, seconds=args.seconds)
    app = create_env_app(load_settings(values), budget, args.max_concurrent_envs, args.seed)
    print(f"OpenEnv environment at http://{args.host}:{args.port} (WS /ws)", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
