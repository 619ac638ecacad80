"""Issue 34: helper processes (a build's pipe_worker helpers, crag-eval's fetch helper) run in the caller's
session, in a process group of their own. A session of their own made each helper its own autogroup on Linux,
which shares the CPU between sessions: a `nice -n 19` build's two helpers took as much CPU as a whole test
suite beside them. A group of their own keeps Ctrl-C at the caller."""

from __future__ import annotations

import os
from pathlib import Path

from crag_eval.run.fetcher import _Helper

from mockapi.core.pipe_pool import ordered_map

AUTOGROUP = Path("/proc/self/autogroup")


def where(_n: int) -> tuple[int, int, int, str]:
    """The helper's session, process group, process id and autogroup (module level: a helper imports it)."""
    try:  # absent without CONFIG_SCHED_AUTOGROUP; empty in some containers (CI's): then nothing to compare
        group = " ".join(AUTOGROUP.read_text(encoding="utf-8").split()[:1])
    except OSError:
        group = ""
    return os.getsid(0), os.getpgid(0), os.getpid(), group


def test_build_helpers_share_the_callers_session_in_groups_of_their_own() -> None:
    session, group, _pid, autogroup = where(0)
    seen = set(ordered_map(where, [(n,) for n in range(6)], 2, chunk=1))
    assert len({pid for _s, _g, pid, _a in seen}) == 2
    for helper_session, helper_group, pid, helper_autogroup in seen:
        assert helper_session == session  # so the scheduler counts them with their caller
        assert helper_group == pid != group  # the terminal's Ctrl-C does not reach them
        assert helper_autogroup == autogroup


def test_the_fetch_helper_shares_the_callers_session() -> None:
    helper = _Helper()
    try:
        assert os.getsid(helper.proc.pid) == os.getsid(0)
        assert os.getpgid(helper.proc.pid) == helper.proc.pid != os.getpgid(0)
    finally:
        helper.close()
