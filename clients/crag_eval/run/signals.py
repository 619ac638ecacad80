"""SIGTERM (SLURM's time limit, `timeout`, `kill`) as an exception that a run handles as it handles Ctrl-C:
the answers so far are kept, run.json gets a final status, and one line says which directory to resume."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable


class Terminated(KeyboardInterrupt):
    """Raised by the SIGTERM handler; a KeyboardInterrupt, so every Ctrl-C path covers it too."""


def _terminate(_signum: int, _frame: object) -> None:
    raise Terminated


def catch_sigterm() -> Callable[[], None]:
    """Install the handler; returns what restores the previous one. Not installed outside the main thread
    (`main` called from a test's thread), where Python cannot set one."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    previous = signal.signal(signal.SIGTERM, _terminate)

    def restore() -> None:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)

    return restore
