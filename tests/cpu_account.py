"""A per-test CPU account, on when `CRAG_CPU_ACCOUNT=FILE` is set: each test's CPU seconds (its process's
user + system time and that of every child it waited for: builds, CLI runs, servers in threads) and wall
seconds, setup and teardown included, appended to FILE as a tab-separated line (with the xdist worker and
the start time). The suite is CPU-bound on
CI's two cores, so its wall time follows the CPU it spends; `scripts/cpu-ranking FILE` ranks the files by it.

A session fixture's cost (a shared world's build) falls to the first test that asks for it. Each xdist worker
appends its own lines (one short write each, so lines do not interleave)."""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Generator

import pytest

ACCOUNT_VARIABLE = "CRAG_CPU_ACCOUNT"


def cpu_seconds() -> float:
    """User + system CPU of this process and of its waited-for children so far."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    path = os.environ.get(ACCOUNT_VARIABLE)
    if not path:
        yield
        return
    cpu, wall, started = cpu_seconds(), time.monotonic(), time.time()
    yield
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")  # which worker, and when: the run's timeline
    spent = f"{cpu_seconds() - cpu:.3f}\t{time.monotonic() - wall:.3f}"
    fields = [item.nodeid, spent, worker, f"{started:.0f}"]
    line = "\t".join(fields) + "\n"
    with open(path, "a", encoding="utf-8") as account:
        account.write(line)
