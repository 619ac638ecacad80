"""The drain on SIGTERM: turn not-ready first, keep serving for `--drain-delay`, then stop as uvicorn does.

A load balancer (a Kubernetes Service, nginx's upstream health) stops sending to a server only after it has
seen the server not ready; a server that closed its socket at once would refuse the requests still routed to
it in that window. So the first SIGTERM marks the process draining (`/readyz` answers 503) and hands the
signal to uvicorn's own handler `--drain-delay` seconds later; uvicorn then stops accepting, lets in-flight
requests finish for at most `--drain-timeout` seconds (`timeout_graceful_shutdown`) and cancels the rest.
A second SIGTERM during the delay stops at once.

The handler is taken over in the app's lifespan, in each worker process: uvicorn has installed its signal
handlers by then (and restores its own on the way out), and with `--workers N` the supervisor forwards its
SIGTERM to every worker, so each drains by itself.
"""

from __future__ import annotations

import asyncio
import signal
import threading
from types import FrameType
from typing import Any


class Drain:
    """Whether this process is draining, and the SIGTERM handler that starts it."""

    def __init__(self, delay_s: float) -> None:
        self.delay_s = delay_s
        self.draining = False

    def watch(self) -> None:
        """Wrap the current SIGTERM handler (uvicorn's); a no-op off the main thread (an in-thread test
        server), where signals cannot be handled."""
        if threading.current_thread() is not threading.main_thread():
            return
        previous = signal.getsignal(signal.SIGTERM)
        if not callable(previous):
            return
        loop = asyncio.get_running_loop()

        def on_sigterm(signum: int, frame: FrameType | None) -> None:
            if self.draining:
                previous(signum, frame)
                return
            self.draining = True
            # a signal handler may not touch the loop's timers directly; this is the thread-safe way in
            loop.call_soon_threadsafe(_later, loop, self.delay_s, previous, signum, frame)

        signal.signal(signal.SIGTERM, on_sigterm)


def _later(loop: asyncio.AbstractEventLoop, delay: float, handler: Any, *args: Any) -> None:
    loop.call_later(delay, handler, *args)
