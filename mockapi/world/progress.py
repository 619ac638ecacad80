"""What a build says while it runs: each step with the time so far and the last step's duration, and for
counted steps ("pages: question 300/1,200") the rate and about how long the step has left; as lines
(a first run under crag-eval, a build whose stderr is not a terminal) or one live status line (rich)."""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

COUNTED = re.compile(r"^(?P<step>.*?)\s*(?P<done>\d[\d,]*)/(?P<total>\d[\d,]*)$")
"""A counted step's message: its name, then done/total."""


def clock(seconds: float) -> str:
    """m:ss (h:mm:ss from an hour)."""
    s = round(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


class StepClock:
    """Turns a build's progress messages into lines with times. A first build of the default world is ~8
    minutes of ~20 steps: without times a user cannot tell a slow step from a stuck one, nor what is left."""

    def __init__(self, now: Callable[[], float] = time.perf_counter) -> None:
        self.now = now
        self.started = now()
        self.step: str | None = None
        self.step_started = self.started
        self.first_count: tuple[int, float] | None = None

    def line(self, message: str) -> str:
        t = self.now()
        counted = COUNTED.match(message)
        name = counted.group("step") if counted else message
        notes = []
        if name != self.step:
            if self.step is not None:
                notes.append(f"{self.step} took {clock(t - self.step_started)}")
            self.step, self.step_started = name, t
            self.first_count = None
        if counted:
            done = int(counted.group("done").replace(",", ""))
            total = int(counted.group("total").replace(",", ""))
            if self.first_count is None:
                self.first_count = (done, t)
            elif t > self.first_count[1] and done > self.first_count[0]:
                rate = (done - self.first_count[0]) / (t - self.first_count[1])
                notes.append(f"{rate:,.1f}/s, about {clock((total - done) / rate)} left in this step")
        return " · ".join([f"{clock(t - self.started)} {message}", *notes])

    def finish(self, what: str = "done") -> str:
        """The last line: the last step's duration and the whole time."""
        t = self.now()
        last = f" · {self.step} took {clock(t - self.step_started)}" if self.step else ""
        return f"{clock(t - self.started)} {what}{last}"


@contextmanager
def status(title: str) -> Iterator[Callable[[str], None]]:
    """Yield a `progress(message)` callback: on a terminal a spinner line, elsewhere a line per message,
    both with the step clock's times."""
    from rich.console import Console

    console = Console(stderr=True)
    steps = StepClock()
    if not sys.stderr.isatty():
        console.print(f"{title} …", highlight=False, markup=False)
        yield lambda msg: console.print(f"  {steps.line(msg)}", highlight=False, markup=False)
        console.print(f"  {steps.finish()}", highlight=False, markup=False)
        return
    with console.status(title) as live:
        yield lambda msg: live.update(f"{title}: {steps.line(msg)}")
    console.print(f"{title}: {steps.finish()}", highlight=False, markup=False)
