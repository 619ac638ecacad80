"""`crag-mock`: one sub-command per module; each module owns its flags (`add_arguments`) and `run(args)`.

Modules are imported only for the chosen command, so `crag-mock --help` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import signal
import sys
import threading
from typing import Any

from mockapi.core.user_error import UserError

COMMANDS: dict[str, tuple[str, str]] = {
    "build": ("mockapi.world.build", "build a world (idempotent; prints a summary)"),
    "serve": (
        "mockapi.process.serve",
        "serve a world over HTTP (builds the default world first if none exists; --data DIR needs --build)",
    ),
    "info": ("mockapi.world.info", "print a world's manifest"),
    "import-dataset": (
        "mockapi.importers.dataset",
        "import CRAG dataset files (.jsonl[.bz2], .tar.bz2[.partN])",
    ),
    "import-kg": ("mockapi.importers.kg", "import the real CRAG KG directory (mock_api/cragkg)"),
    "export": ("mockapi.process.exporter", "export a world's questions in CRAG's dataset format"),
    "audit": ("mockapi.audit.command", "how CRAG-like a world reads: figures vs a real sample and CRAG's"),
    "mcp": ("mockapi.mcp.server", "the KG routes and web search as MCP tools (stdio or streamable HTTP)"),
    "env": ("mockapi.env.command", "the world as an OpenEnv environment (reset / step / state / ws) for RL"),
}


def make_parser(argv: list[str]) -> argparse.ArgumentParser:
    """The parser; only the module of the command being run is imported to add its flags."""
    parser = argparse.ArgumentParser(
        prog="crag-mock", description="A local mock of CRAG's search and KG APIs."
    )
    parser.add_argument("--version", action="version", version=f"crag-mock {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    wanted = next((a for a in argv if not a.startswith("-")), None)
    for name, (module_name, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if name == wanted:
            importlib.import_module(module_name).add_arguments(p)
    return parser


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("crag-mockapi")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `crag-mock` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return _main(argv)
    except ModuleNotFoundError as exc:
        # A command whose extra is not installed (a `[server]`-only install, as in the Docker image, asked to
        # build a world): one line naming the package, not a traceback. Our own modules missing is a bug.
        if not exc.name or exc.name.split(".")[0] == "mockapi":
            raise
        command = next((a for a in argv if not a.startswith("-")), "")
        print(
            f"crag-mock {command}: error: needs the package {exc.name!r}, which is not installed; an extra "
            "brings it (`pip install 'crag-mockapi[world]'` to build worlds, '[server]' to serve them)",
            file=sys.stderr,
        )
        return 2


def _main(argv: list[str]) -> int:
    parser = make_parser(argv)
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 2
    module = importlib.import_module(COMMANDS[args.command][0])
    installed, previous = _catch_sigterm()
    try:
        return int(module.run(args) or 0)
    except UserError as exc:
        print(f"crag-mock {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"crag-mock {args.command}: interrupted", file=sys.stderr)
        return 130
    except Terminated:
        print(f"crag-mock {args.command}: terminated", file=sys.stderr)
        return 143
    finally:
        if installed:  # None: the previous handler was not set from Python
            signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


class Terminated(BaseException):
    """SIGTERM (`kill`, `docker stop`, a CI timeout) as an exception: the staging dirs of a build or import
    are removed on the way out (mockapi.core.staging.stage) instead of being left until the next build."""


def _raise_terminated(_signum: int, _frame: object) -> None:
    raise Terminated


def _catch_sigterm() -> tuple[bool, Any]:
    """Install the SIGTERM handler: (installed, the previous handler to restore). Not installed outside the
    main thread (`main` called from a test's thread), where Python cannot set one. `serve` replaces it with
    its own, which ends the server with exit 0."""
    if threading.current_thread() is not threading.main_thread():
        return False, None
    return True, signal.signal(signal.SIGTERM, _raise_terminated)


if __name__ == "__main__":
    sys.exit(main())
